import { describe, expect, it } from 'vitest';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import config from '../../../routes.config.json';
import { checkAccess, flattenRoutes, validateRoutesConfig } from '../index';

const pageKeys = ['home', 'dashboard', 'shop', 'not-found'];

describe('validateRoutesConfig', () => {
  it('accepts the project config when every page exists', () => {
    const keys = [...JSON.stringify(config).matchAll(/"page": ?"([^"]+)"/g)].map((m) => m[1]!);
    expect(validateRoutesConfig(config, { pageKeys: keys })).toEqual([]);
  });

  it('reports every problem of a broken config with its JSON path', () => {
    const broken = {
      routes: [
        { path: '/', page: 'home' },
        { path: 'dashboard', page: 'dashboard', colour: 'red' },
        { path: '/', page: 'home' },
        {
          path: '/incentives',
          signedIn: 'yes',
          access: [{ flags: ['incentives_shop', 'no_such_flag'] }],
          children: [{ path: '', page: 'shopp' }, { path: '/x', page: 'shop' }, { path: 'y' }],
        },
      ],
    };
    const problems = validateRoutesConfig(broken, { pageKeys });
    const at = (path: string) => problems.filter((p) => p.path === path).map((p) => p.message);
    expect(at('/routes/1/colour')).toEqual(['unknown property "colour"']);
    expect(at('/routes/1/path')).toEqual(['top-level paths must start with "/" (or be "*")']);
    expect(at('/routes/2/path')).toEqual(['duplicate path "/" (also at /routes/0)']);
    expect(at('/routes/3/signedIn')).toEqual(['must be boolean']);
    expect(at('/routes/3/access/0/flags/1')[0]).toMatch(/^unknown access flag "no_such_flag"/);
    expect(at('/routes/3/children/0/page')).toEqual(['unknown page "shopp"']);
    expect(at('/routes/3/children/1/path')[0]).toMatch(/relative/);
    expect(at('/routes/3/children/2')).toEqual(['needs a "page" or "children"']);
    expect(problems).toHaveLength(8);
  });

  it('ties a settings-document page to a declared document', () => {
    const problems = validateRoutesConfig(
      {
        routes: [
          { path: '/a', page: 'settings-document' },
          { path: '/b', page: 'home', document: 'badges' },
          { path: '/c', page: 'settings-document', document: 'medals' },
          { path: '/d', page: 'settings-document', document: 'badges' },
        ],
      },
      { pageKeys: [...pageKeys, 'settings-document'], documentKeys: ['badges'] },
    );
    expect(problems).toEqual([
      { path: '/routes/0', message: 'missing required property "document"' },
      { path: '/routes/1/page', message: 'must be "settings-document"' },
      {
        path: '/routes/2/document',
        message: 'unknown settings document "medals"; declared: badges',
      },
    ]);
  });

  it('reports a missing routes list', () => {
    expect(validateRoutesConfig({})).toEqual([
      { path: '/', message: 'missing required property "routes"' },
    ]);
  });
});

describe('flattenRoutes', () => {
  it('resolves absolute paths, inherited guards and breadcrumbs', () => {
    const flat = flattenRoutes(config as RoutesConfig);
    const shop = flat.find((r) => r.page === 'incentives-shop')!;
    expect(shop.path).toBe('/incentives');
    expect(shop.signedIn).toBe(true);
    expect(shop.access).toHaveLength(2);
    expect(shop.breadcrumbs).toEqual([
      { label: 'Incentives', path: '/incentives', redirect: false },
    ]);
    const index = (config as RoutesConfig).routes.findIndex((r) => r.path === '/incentives');
    expect(shop.pointer).toBe(`/routes/${index}/children/0`);
    const nested = flattenRoutes({
      routes: [
        {
          path: '/a',
          layout: 'bare',
          breadcrumb: 'A',
          children: [{ path: 'b/:id', page: 'p', breadcrumb: 'B' }],
        },
      ],
    });
    expect(nested[1]).toMatchObject({ path: '/a/b/:id', layout: 'bare', signedIn: false });
    expect(nested[1]!.breadcrumbs.map((c) => c.path)).toEqual(['/a', '/a/b/:id']);
  });
});

describe('checkAccess', () => {
  const rules = [
    { flags: ['incentives_shop_enabled' as const], notFound: true },
    { flags: ['incentives_shop' as const] },
  ];
  it('lets the first failing rule decide', () => {
    expect(checkAccess(rules, {})).toBe('not-found');
    expect(checkAccess(rules, { incentives_shop_enabled: true })).toBe('denied');
    expect(checkAccess(rules, { incentives_shop_enabled: true, incentives_shop: true })).toBe('ok');
    expect(checkAccess(undefined, {})).toBe('ok');
  });
  it('supports any-of rules', () => {
    const any = [
      { flags: ['site_manage' as const, 'storefront_manage' as const], mode: 'any' as const },
    ];
    expect(checkAccess(any, { storefront_manage: true })).toBe('ok');
    expect(checkAccess(any, { site_manage: false })).toBe('denied');
  });
});
