import { createTranslator } from '@engine/core';
import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '@/shell/__tests__/test-utils';
import { section } from '../../__tests__/fixtures';
import { GenericSection } from '../generic-section';
import { StorefrontSections } from '../storefront-sections';

const part = (id: string) => ({ $id: id, type: 'object', properties: {} }) as const;

/** A type no renderer knows, with a field of each kind the schema alone tells apart. */
const banner: SectionTypeDeclaration = {
  type: 'banner',
  label: 'Banner',
  content: {
    $id: 'atrium:test:banner:content',
    type: 'object',
    properties: {
      heading: { type: 'string', title: 'Heading' },
      picture: {
        type: 'object',
        properties: { url: { type: 'string' }, alt: { type: 'string' } },
      },
      intro: { type: 'string', title: 'Introduction' },
      body: { type: 'string', contentMediaType: 'text/html' },
      layout: { type: 'string', enum: ['wide', 'narrow'] },
      action: {
        type: 'object',
        properties: { label: { type: 'string' }, url: { type: 'string' } },
      },
    },
  },
  settings: part('atrium:test:banner:settings'),
  appearance: part('atrium:test:banner:appearance'),
  defaults: { content: {}, settings: {}, appearance: {} },
  restrictions: [],
};

const content = {
  heading: 'Spring courses',
  picture: { url: '/images/spring.jpg', alt: 'A blossoming tree' },
  intro: 'New trainings every week.',
  body: '<p onclick="steal()">Read <strong>more</strong><script>alert(1)</script></p>',
  layout: 'wide',
  action: { label: 'See the courses', url: '/trainings' },
};

/** Whether `a` comes before `b` in the document. */
const before = (a: Element, b: Element) =>
  (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('Generic section renderer', () => {
  it("shows a type's heading, image, text, HTML and link from its schema, in order", () => {
    renderShell(
      <GenericSection section={section(7, 'banner', content)} index={0} declaration={banner} />,
    );

    const region = document.querySelector('[data-section-type="banner"]')!;
    const heading = within(region as HTMLElement).getByRole('heading', { name: 'Spring courses' });
    const image = screen.getByRole('img', { name: 'A blossoming tree' });
    const intro = screen.getByText('New trainings every week.');
    const html = screen.getByText('more');
    const link = screen.getByRole('link', { name: 'See the courses' });

    expect(heading.tagName).toBe('H2');
    expect(image).toHaveAttribute('src', '/images/spring.jpg');
    expect(html.tagName).toBe('STRONG');
    expect(html.closest('p')).not.toHaveAttribute('onclick');
    expect(region.querySelector('script')).toBeNull();
    expect(link).toHaveAttribute('href', '/trainings');
    for (const [a, b] of [
      [heading, image],
      [image, intro],
      [intro, html],
      [html, link],
    ] as const)
      expect(before(a, b)).toBe(true);
    // A choice that configures the section is not content to read.
    expect(screen.queryByText('wide')).not.toBeInTheDocument();
  });

  it('leaves out empty fields and puts the heading under a shown section title', () => {
    const shown = section(8, 'banner', {
      heading: 'Spring courses',
      intro: '',
      picture: { url: '', alt: '' },
    });
    shown.data.settings = { title: 'This season', show_title: true };
    renderShell(<GenericSection section={shown} index={1} declaration={banner} />);

    expect(screen.getByRole('heading', { level: 2, name: 'This season' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Spring courses' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('paragraph')).not.toBeInTheDocument();
  });

  it('shows the declared testimonial as a quote attributed to its author, in Arabic too', () => {
    expect(sectionTypes.find((type) => type.type === 'testimonial')?.renderer).toBeUndefined();
    const testimonial = section(9, 'testimonial', {
      portrait: { url: '/images/noor.jpg', alt: 'نور تبتسم' },
      quote: 'غيّر هذا التدريب طريقة عملنا.',
      author: 'نور، مديرة العمليات',
    });
    renderShell(<StorefrontSections sections={[testimonial]} />, {
      translator: createTranslator({ language: 'ar', translations: [] }),
    });

    const quote = screen.getByText('غيّر هذا التدريب طريقة عملنا.');
    expect(quote.closest('blockquote')).not.toBeNull();
    const figure = quote.closest('figure')!;
    expect(within(figure).getByText('نور، مديرة العمليات').tagName).toBe('FIGCAPTION');
    expect(screen.getByRole('img', { name: 'نور تبتسم' })).toHaveAttribute(
      'src',
      '/images/noor.jpg',
    );
    expect(screen.queryByText('/images/noor.jpg')).not.toBeInTheDocument();
  });
});
