import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMockServer } from '@/shell/__tests__/msw';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import { safeBackUrl } from '../back-url';
import SearchPage from '../pages/search-page';
import { languages, listItem, searchMeta, searchResult, vocabularies } from './fixtures';

setupMockServer();

function serve(results = [searchResult()], meta = searchMeta(results.length)) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/search', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: results, meta });
    }),
    http.get('*/api/v2/vocabularies', () => HttpResponse.json({ data: vocabularies })),
    http.get('*/api/v2/languages', () => HttpResponse.json({ data: languages })),
  );
  return requests;
}

const at = (query: string) => `/search?${query}`;

describe('Search page', () => {
  it('shows results with <mark> snippets and nothing executable from them', async () => {
    serve([
      searchResult({
        snippet:
          'How to <mark>lift</mark> safely<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
      }),
    ]);
    renderShell(<SearchPage />, { user: learner, path: at('s=lift') });
    expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Safe lifting at work' })).toHaveAttribute(
      'href',
      '/trainings/1',
    );
    expect(screen.getByText('1 result for “lift”')).toBeInTheDocument();
    const mark = screen.getByText('lift', { selector: 'mark' });
    const snippet = mark.parentElement!;
    expect(snippet.querySelector('script')).toBeNull();
    expect(snippet.querySelector('img')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(snippet.innerHTML).toBe('How to <mark>lift</mark> safely');
  });

  it('marks the matched words in titles, and nothing executable from them', async () => {
    serve([
      searchResult({
        title_html:
          '<mark>Lifting</mark> &lt;b&gt;<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
      }),
    ]);
    renderShell(<SearchPage />, { user: learner, path: at('s=lift') });
    const link = await screen.findByRole('link', { name: 'Lifting <b>' });
    expect(link).toHaveAttribute('href', '/trainings/1');
    expect(link.innerHTML).toBe('<mark>Lifting</mark> &lt;b&gt;');
    expect(document.querySelector('[onerror]')).toBeNull();
  });

  it('says the total is an estimate when the search counted only part of its hits', async () => {
    serve([searchResult()], searchMeta(10001, { estimated: true }));
    renderShell(<SearchPage />, { user: learner, path: at('s=training') });
    expect(await screen.findByText('About 10001 results for “training”')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of about 1001')).toBeInTheDocument();
  });

  it('toggles a facet into the address and searches with it', async () => {
    const requests = serve();
    const { router } = renderShell(<SearchPage />, { user: learner, path: at('s=lift') });
    const facets = await screen.findByRole('region', { name: 'Refine results' });
    const topics = await within(facets).findByRole('group', { name: 'Topics' });
    await userEvent.click(within(topics).getByRole('checkbox', { name: /Ergonomics/ }));
    expect(router.state.location.search).toBe('?s=lift&tags=12');
    await waitFor(() => expect(requests.at(-1)?.getAll('tags[]')).toEqual(['12']));
    expect(within(topics).getByRole('checkbox', { name: /Ergonomics/ })).toBeChecked();

    await userEvent.click(within(facets).getByRole('checkbox', { name: /Free/ }));
    expect(router.state.location.search).toBe('?s=lift&tags=12&free=true');
    await userEvent.click(within(facets).getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?s=lift');
  });

  it('helps when nothing matches', async () => {
    serve([]);
    renderShell(<SearchPage />, { user: learner, path: at('s=xyzzy') });
    expect(await screen.findByText('No trainings match “xyzzy”.')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling of your words.')).toBeInTheDocument();
    expect(screen.getByText('Use fewer or more general words.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Or browse all trainings' })).toHaveAttribute(
      'href',
      '/trainings',
    );
  });

  it('links back to the page the search started from, when it is on this site', async () => {
    serve([searchResult({ training: listItem() })]);
    const { unmount } = renderShell(<SearchPage />, {
      user: learner,
      path: at(`s=lift&search_back_url=${encodeURIComponent('/trainings?tags=11')}`),
    });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/trainings?tags=11',
    );
    unmount();
    renderShell(<SearchPage />, {
      user: learner,
      path: at(`s=lift&search_back_url=${encodeURIComponent('https://evil.example.org/')}`),
    });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
  });

  it('links back to a full address on this site, as its path', async () => {
    serve([searchResult({ training: listItem() })]);
    const back = `${window.location.origin}/trainings?tags=11#list`;
    renderShell(<SearchPage />, {
      user: learner,
      path: at(`s=lift&search_back_url=${encodeURIComponent(back)}`),
    });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/trainings?tags=11#list',
    );
  });

  it('searches again from its own search box', async () => {
    const requests = serve();
    const { router } = renderShell(<SearchPage />, {
      user: learner,
      path: at('s=lift&tags=11&search_back_url=%2Fdashboard'),
    });
    const box = screen.getByRole('searchbox', { name: 'Search trainings' });
    expect(box).toHaveValue('lift');
    await userEvent.clear(box);
    await userEvent.type(box, 'carry{Enter}');
    expect(router.state.location.search).toBe('?s=carry&search_back_url=%2Fdashboard');
    await waitFor(() => expect(requests.at(-1)?.get('s')).toBe('carry'));
  });
});

describe('safeBackUrl', () => {
  it('keeps same-site paths and refuses anything that could leave the site', () => {
    expect(safeBackUrl('/trainings/4?x=1#v', '/dashboard')).toBe('/trainings/4?x=1#v');
    for (const bad of [
      null,
      '',
      'https://evil.example.org',
      '//evil.example.org',
      '/\\evil',
      'javascript:alert(1)',
      '/a\nb',
    ])
      expect(safeBackUrl(bad, '/dashboard')).toBe('/dashboard');
  });

  it("takes a full address with the page's origin as its path, and refuses other origins", () => {
    const origin = 'http://127.0.0.1:3000';
    expect(safeBackUrl('http://127.0.0.1:3000/trainings?x=1', '/dashboard', origin)).toBe(
      '/trainings?x=1',
    );
    expect(safeBackUrl('http://127.0.0.1:3000', '/dashboard', origin)).toBe('/');
    expect(safeBackUrl('HTTP://127.0.0.1:3000/a#b', '/dashboard', origin)).toBe('/a#b');
    for (const bad of [
      'http://127.0.0.1:3001/trainings',
      'https://127.0.0.1:3000/trainings',
      'http://localhost:3000/trainings',
      'http://user:pw@127.0.0.1:3000/trainings',
      'http://127.0.0.1:3000.evil.example.org/',
      'javascript://127.0.0.1:3000/%0aalert(1)',
      'http://127.0.0.1:3000/a\\b',
    ])
      expect(safeBackUrl(bad, '/dashboard', origin), bad).toBe('/dashboard');
    // Without an origin to compare with, only paths are taken.
    expect(safeBackUrl('http://127.0.0.1:3000/trainings', '/dashboard', undefined)).toBe(
      '/dashboard',
    );
  });
});
