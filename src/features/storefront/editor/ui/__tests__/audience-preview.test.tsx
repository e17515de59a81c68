import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PreviewFilters } from '@/lib/queries/storefront-manage';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { renderShell } from '@/shell/__tests__/test-utils';
import { layout, section } from '../../../__tests__/fixtures';
import { AudiencePreview } from '../audience-preview';

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

const restrictions: StorefrontRestrictionOptions[] = [
  {
    type: 'language',
    label: 'Language',
    multiple: false,
    options: [
      { value: 'en', label: 'English' },
      { value: 'ar', label: 'Arabic' },
    ],
  },
  {
    type: 'organizations',
    label: 'Organizations',
    multiple: true,
    options: [
      { value: 1, label: 'Blue Harbor Logistics' },
      { value: 2, label: 'Northwind Health' },
      { value: 3, label: 'Summit Retail' },
    ],
  },
];

const filters: PreviewFilters = { language: 'ar', organizations: [1, 2] };

const cta = section(1, 'call_to_action', {
  heading: 'Welcome, Arabic speakers',
  button: { label: 'My overview', url: '/dashboard' },
});

/** Answers the preview call with `respond` and keeps every request's query. */
function answerPreview(respond: (call: number) => Response) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/storefront/manage', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return respond(queries.length);
    }),
  );
  return queries;
}

function renderPreview(over: Partial<Parameters<typeof AudiencePreview>[0]> = {}) {
  const onExit = vi.fn();
  const result = renderShell(
    <AudiencePreview
      type="unregistered"
      language="en"
      filters={filters}
      restrictions={restrictions}
      onExit={onExit}
      {...over}
    />,
    { user: admin, path: '/settings/storefront/unregistered' },
  );
  return { ...result, onExit };
}

describe('Audience preview', () => {
  it('asks for the layout as the audience sees it and shows its sections', async () => {
    const queries = answerPreview(() => HttpResponse.json({ data: layout([cta]) }));
    renderPreview();

    expect(screen.getByRole('status')).toHaveTextContent('Loading the storefront');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Arabic speakers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My overview' })).toHaveAttribute('href', '/dashboard');

    expect(queries).toHaveLength(1);
    const query = queries[0]!;
    expect(query.get('preview')).toBe('true');
    expect(query.get('type')).toBe('unregistered');
    expect(query.get('language')).toBe('en');
    expect(query.get('audience_language')).toBe('ar');
    expect(query.getAll('organizations[]')).toEqual(['1', '2']);
  });

  it('names the audience in words and leaves the preview on Exit preview', async () => {
    answerPreview(() => HttpResponse.json({ data: layout([cta]) }));
    const user = userEvent.setup();
    const { onExit } = renderPreview();

    const banner = screen.getByRole('region', { name: 'Previewing the storefront as:' });
    expect(banner).toHaveTextContent(
      'Previewing the storefront as: Language: Arabic · Organizations: Blue Harbor Logistics, Northwind Health',
    );
    expect(
      within(banner).getByText(
        'Language: Arabic · Organizations: Blue Harbor Logistics, Northwind Health',
      ),
    ).toBeVisible();
    await screen.findByRole('heading', { name: 'Welcome, Arabic speakers' });

    await user.click(within(banner).getByRole('button', { name: 'Exit preview' }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('names only the criteria chosen', () => {
    answerPreview(() => HttpResponse.json({ data: layout([cta]) }));
    renderPreview({ filters: { organizations: [3] } });
    const banner = screen.getByRole('region', { name: 'Previewing the storefront as:' });
    expect(within(banner).getByText('Organizations: Summit Retail')).toBeVisible();
    expect(within(banner).queryByText(/Language/)).not.toBeInTheDocument();
  });

  it('offers a retry when the preview fails to load', async () => {
    const queries = answerPreview((call) =>
      call === 1
        ? HttpResponse.json({ message: 'Bad request' }, { status: 400 })
        : HttpResponse.json({ data: layout([cta]) }),
    );
    const user = userEvent.setup();
    renderPreview();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be loaded.');
    expect(
      screen.queryByRole('heading', { name: 'Welcome, Arabic speakers' }),
    ).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Arabic speakers' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(queries).toHaveLength(2);
    expect(queries[1]!.get('audience_language')).toBe('ar');
  });

  it('says so when no section is shown to the audience', async () => {
    answerPreview(() => HttpResponse.json({ data: layout([]) }));
    renderPreview();
    expect(await screen.findByText('No section is shown to this audience.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit preview' })).toBeInTheDocument();
  });
});
