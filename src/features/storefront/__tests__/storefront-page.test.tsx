import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import StorefrontPage from '../pages/storefront-page';
import { layout, meta, section } from './fixtures';

setupMockServer();

const cta = section(1, 'call_to_action', {
  heading: 'Keep learning',
  button: { label: 'My overview', url: '/dashboard' },
});

describe('Storefront page', () => {
  it("links a visitor's title to the start page", async () => {
    server.use(http.get('*/api/v2/storefront', () => HttpResponse.json({ data: layout([cta]) })));
    renderShell(<StorefrontPage />, { user: null, path: '/storefront' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Storefront' });
    expect(screen.getByRole('link', { name: 'Storefront' })).toHaveAttribute('href', '/');
    expect(heading.querySelector('a')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Keep learning' })).toBeInTheDocument();
  });

  it("shows a signed-in user's title as plain text and their layout", async () => {
    server.use(
      http.get('*/api/v2/storefront', () =>
        HttpResponse.json({ data: layout([cta], 'registered') }),
      ),
    );
    renderShell(<StorefrontPage />, { user: learner, path: '/storefront' });
    expect(screen.getByRole('heading', { level: 1, name: 'Storefront' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Storefront' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'My overview' })).toBeInTheDocument();
  });

  it('offers a retry when the layout fails to load', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v2/storefront', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Bad request' }, { status: 400 })
          : HttpResponse.json({ data: layout([cta], 'registered') });
      }),
    );
    renderShell(<StorefrontPage />, { user: learner, path: '/storefront' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The storefront could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Keep learning' })).toBeInTheDocument();
  });

  it('says so when there is nothing to show', async () => {
    server.use(
      http.get('*/api/v2/storefront', () => HttpResponse.json({ data: layout([], 'registered') })),
    );
    renderShell(<StorefrontPage />, { user: learner, path: '/storefront' });
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all trainings' })).toHaveAttribute(
      'href',
      '/trainings',
    );
  });

  it('loads the next sections as the reader asks for them, a page at a time', async () => {
    const cta = (n: number) =>
      section(n, 'call_to_action', { heading: `Part ${n}`, button: { label: 'Go', url: '/' } });
    const pages = [[cta(1), cta(2)], [cta(3), cta(4)], [cta(5)]];
    let lastFails = true;
    server.use(
      http.get('*/api/v2/storefront', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
        if (page === 2 && lastFails)
          return HttpResponse.json({ message: 'Bad request' }, { status: 400 });
        return HttpResponse.json({
          data: { ...layout(pages[page]!, 'registered'), sections_meta: meta(5, page, 2) },
        });
      }),
    );
    renderShell(<StorefrontPage />, { user: learner, path: '/storefront' });
    expect(await screen.findByRole('heading', { name: 'Part 2' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Part 3' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more sections' }));
    expect(await screen.findByRole('heading', { name: 'Part 4' })).toBeInTheDocument();
    // The last page fails: the reader is told, and tries again.
    await userEvent.click(screen.getByRole('button', { name: 'Show more sections' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The next sections could not be loaded.',
    );
    lastFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Part 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more sections' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: /^Part / }).map((h) => h.textContent)).toEqual([
      'Part 1',
      'Part 2',
      'Part 3',
      'Part 4',
      'Part 5',
    ]);
  });
});
