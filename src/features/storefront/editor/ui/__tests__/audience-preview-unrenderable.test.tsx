import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import { layout, section } from '../../../__tests__/fixtures';
import { StorefrontSections } from '../../../sections/storefront-sections';
import { AudiencePreview } from '../audience-preview';

/** The project's section types and one whose declared renderer has no component. */
vi.mock('@schemas/storefront/section-types', async (original) => {
  const { sectionTypes } = await original<{ sectionTypes: SectionTypeDeclaration[] }>();
  const part = (id: string) => ({ $id: id, type: 'object', properties: {} }) as const;
  const slideshow: SectionTypeDeclaration = {
    type: 'slideshow',
    label: 'Slideshow',
    renderer: 'slideshow',
    content: part('atrium:test:slideshow:content'),
    settings: part('atrium:test:slideshow:settings'),
    appearance: part('atrium:test:slideshow:appearance'),
    defaults: { content: {}, settings: {}, appearance: {} },
    restrictions: [],
  };
  return { sectionTypes: [...sectionTypes, slideshow] };
});

setupMockServer();

const admin = {
  uid: 1,
  name: 'admin',
  full_name: 'Ada Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  avatar: null,
  language: 'en',
};

const sections = [
  section(1, 'call_to_action', { heading: 'Welcome', button: { label: 'Go', url: '/' } }),
  section(2, 'slideshow', {}),
  section(3, 'video_wall', {}),
];

describe('A section the client cannot show', () => {
  it('is marked in the audience preview, in its place, with what is missing', async () => {
    server.use(
      http.get('*/api/v2/storefront/manage', () => HttpResponse.json({ data: layout(sections) })),
    );
    renderShell(
      <AudiencePreview
        type="unregistered"
        language="en"
        filters={{ language: 'en' }}
        restrictions={[]}
        onExit={vi.fn()}
      />,
      { user: admin, path: '/settings/storefront/unregistered' },
    );

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    const notes = screen.getAllByRole('note');
    expect(notes.map((note) => note.textContent)).toEqual([
      'This section type cannot be shown: no renderer named slideshow.',
      'This section cannot be shown: its type video_wall is not declared.',
    ]);
  });

  it('is marked even when no other section can be shown', async () => {
    server.use(
      http.get('*/api/v2/storefront/manage', () =>
        HttpResponse.json({ data: layout(sections.slice(1, 2)) }),
      ),
    );
    renderShell(
      <AudiencePreview
        type="unregistered"
        language="en"
        filters={{ language: 'en' }}
        restrictions={[]}
        onExit={vi.fn()}
      />,
      { user: admin, path: '/settings/storefront/unregistered' },
    );
    expect(await screen.findByRole('note')).toHaveTextContent('no renderer named slideshow');
    expect(screen.queryByText('No section is shown to this audience.')).not.toBeInTheDocument();
  });

  it('is left out of the page visitors see', () => {
    renderShell(<StorefrontSections sections={sections} />);
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
