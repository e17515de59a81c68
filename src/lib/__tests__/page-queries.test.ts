import { QueryClient, skipToken } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { pageQueriesScript, queriesAwaitingData, takePageQueries } from '../page-queries';

/** A query registered as `useQuery` registers it while rendering on the server: never fetched. */
function register(client: QueryClient, key: string, options: object = {}) {
  return client
    .getQueryCache()
    .build(client, { queryKey: [key], queryFn: () => Promise.resolve(key), ...options });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the queries a page rendered on the server waits for', () => {
  it('are those registered without data, unless switched off or skipped', async () => {
    const client = new QueryClient();
    register(client, 'list');
    register(client, 'off', { enabled: false });
    register(client, 'off-by-rule', { enabled: () => false });
    register(client, 'on-by-rule', { enabled: () => true });
    register(client, 'skipped', { queryFn: skipToken });
    await client.prefetchQuery({ queryKey: ['primed'], queryFn: () => 'primed' });
    expect(queriesAwaitingData(client).map((query) => query.queryKey[0])).toEqual([
      'list',
      'on-by-rule',
    ]);
  });
});

describe("a page's query data, from the server's cache to the portal's", () => {
  it('arrives whole and serves once', async () => {
    const server = new QueryClient();
    const list = register(server, 'list');
    await list.fetch();
    const data = { data: [{ title: 'Ends </script><script>alert(1)</script>' }], meta: { n: 1 } };
    server.setQueryData(['list'], data);
    const script = pageQueriesScript(server, new Set([list.queryHash]));
    expect(script).not.toContain('</script><script>');
    document.body.innerHTML = `<div id="root"></div>${script}`;

    const browser = new QueryClient();
    takePageQueries(browser);
    expect(browser.getQueryData(['list'])).toEqual(data);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    // Taken once: a second portal start finds nothing.
    const again = new QueryClient();
    takePageQueries(again);
    expect(again.getQueryData(['list'])).toBeUndefined();
  });

  it('leaves out queries not asked for, failed ones and data JSON would change', async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const other = register(server, 'other');
    const dated = register(server, 'dated', { queryFn: () => Promise.resolve(new Date(0)) });
    const failed = register(server, 'failed', { queryFn: () => Promise.reject(new Error('403')) });
    await Promise.allSettled([other.fetch(), dated.fetch(), failed.fetch()]);
    expect(pageQueriesScript(server, new Set([dated.queryHash, failed.queryHash]))).toBe('');
    expect(pageQueriesScript(server, new Set([other.queryHash]))).toContain('"other"');
  });

  it('is ignored when it cannot be read', () => {
    document.body.innerHTML =
      '<script type="application/json" id="atrium-page-queries">{not json</script>';
    const browser = new QueryClient();
    expect(() => takePageQueries(browser)).not.toThrow();
    expect(browser.getQueryCache().getAll()).toHaveLength(0);
  });
});
