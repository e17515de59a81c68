import { describe, expect, it } from 'vitest';
import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import type { AccessFlag } from '@schemas/entities/access-flags.schema';
import config from '../../../routes.config.json';
import {
  accessRedirect,
  childPages,
  flattenRoutes,
  userMenuEntries,
  validateRoutesConfig,
} from '../index';

// Made-up flag names where nothing validates them: the engine checks flags it does not know.
const reportsEnabled = 'reports_enabled' as AccessFlag;
const reportsView = 'reports_view' as AccessFlag;

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
          path: '/reports',
          signedIn: 'yes',
          access: [{ flags: ['site_manage', 'no_such_flag'] }],
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
          { path: '/b', page: 'home', document: 'colours' },
          { path: '/c', page: 'settings-document', document: 'colors' },
          { path: '/d', page: 'settings-document', document: 'colours' },
        ],
      },
      { pageKeys: [...pageKeys, 'settings-document'], documentKeys: ['colours'] },
    );
    expect(problems).toEqual([
      { path: '/routes/0', message: 'missing required property "document"' },
      { path: '/routes/1/page', message: 'must be "settings-document"' },
      {
        path: '/routes/2/document',
        message: 'unknown settings document "colors"; declared: colours',
      },
    ]);
  });

  it('refuses the retired named guard and says what to declare instead', () => {
    const problems = validateRoutesConfig({
      routes: [{ path: '/', page: 'home', guard: 'visitorsHome' }],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe('/routes/0/guard');
    expect(problems[0]!.message).toMatch(/^"guard": named guards are gone/);
    expect(problems[0]!.message).toContain('"visitorsOnly": { "otherwise": "<path>" }');
    expect(problems[0]!.message).toContain('"otherwise": "<path>"');
  });

  it('checks declared redirects', () => {
    const problems = validateRoutesConfig({
      routes: [
        {
          path: '/a',
          page: 'home',
          access: [{ flags: ['site_manage'], notFound: true, otherwise: '/b' }],
        },
        { path: '/b', page: 'home', visitorsOnly: { otherwise: 'dashboard' } },
        {
          path: '/c',
          signedIn: true,
          children: [{ path: '', page: 'home', visitorsOnly: { otherwise: '/' } }],
        },
        {
          path: '/d',
          page: 'home',
          access: [{ flags: ['site_manage'], notFound: false, otherwise: '/b' }],
        },
      ],
    });
    expect(problems).toEqual([
      {
        path: '/routes/0/access/0',
        message: 'a rule goes to its "otherwise" path or to /not-found ("notFound"), not both',
      },
      {
        path: '/routes/1/visitorsOnly/otherwise',
        message: 'must match pattern "^/[A-Za-z0-9_/.-]*$"',
      },
      {
        path: '/routes/2/children/0',
        message:
          'needs a signed-in user ("signedIn") and is for visitors only ("visitorsOnly"): nobody could see it; keep one',
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
    const flat = flattenRoutes({
      routes: [
        { path: '/', page: 'home', visitorsOnly: { otherwise: '/dashboard' } },
        {
          path: '/reports',
          signedIn: true,
          breadcrumb: 'Reports',
          access: [{ flags: [reportsEnabled], notFound: true }],
          children: [{ path: '', page: 'reports', access: [{ flags: [reportsView] }] }],
        },
      ],
    });
    const reports = flat.find((r) => r.page === 'reports')!;
    expect(reports.path).toBe('/reports');
    expect(reports.signedIn).toBe(true);
    expect(reports.access.map((rule) => rule.flags)).toEqual([[reportsEnabled], [reportsView]]);
    expect(reports.breadcrumbs).toEqual([{ label: 'Reports', path: '/reports', redirect: false }]);
    expect(reports.pointer).toBe('/routes/1/children/0');
    expect(flat[0]).toMatchObject({ path: '/', visitorsOnly: { otherwise: '/dashboard' } });
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

describe('childPages', () => {
  const settings = {
    path: '/settings',
    access: [{ flags: [reportsEnabled] }],
    children: [
      { path: '', page: 'settings', title: 'Settings' },
      {
        path: 'people',
        page: 'people',
        breadcrumb: 'People',
        title: 'Everyone',
        description: 'Who.',
      },
      {
        path: 'reports',
        access: [{ flags: [reportsView] }],
        breadcrumb: 'Reports',
        children: [
          { path: '', page: 'reports', title: 'All reports', description: 'What happened.' },
          { path: 'create', page: 'report-form', breadcrumb: 'New report' },
        ],
      },
      { path: 'about', page: 'about', title: 'About' },
      { path: ':uid', page: 'person', breadcrumb: 'Person' },
      { path: 'drafts', children: [{ path: 'old', page: 'old', breadcrumb: 'Old' }] },
      { path: 'hidden', page: 'hidden' },
      { path: 'join', page: 'join', breadcrumb: 'Join', visitorsOnly: { otherwise: '/' } },
    ],
  };

  it('lists the linkable children in declared order, labelled by breadcrumb, else title', () => {
    expect(childPages(settings)).toEqual([
      { path: 'people', title: 'People', description: 'Who.', signedIn: false, access: [] },
      {
        path: 'reports',
        title: 'Reports',
        description: 'What happened.',
        signedIn: false,
        access: [{ flags: [reportsView] }],
      },
      { path: 'about', title: 'About', signedIn: false, access: [] },
      {
        path: 'join',
        title: 'Join',
        signedIn: false,
        visitorsOnly: { otherwise: '/' },
        access: [],
      },
    ]);
  });

  it("adds the index route's own needs to a child that shows its page through it", () => {
    const [shop] = childPages({
      path: '/settings',
      children: [
        {
          path: 'shop',
          access: [{ flags: [reportsEnabled] }],
          breadcrumb: 'Shop',
          children: [
            { path: '', page: 'shop', signedIn: true, access: [{ flags: [reportsView] }] },
          ],
        },
      ],
    });
    expect(shop).toEqual({
      path: 'shop',
      title: 'Shop',
      signedIn: true,
      access: [{ flags: [reportsEnabled] }, { flags: [reportsView] }],
    });
  });

  it('has nothing for a route without children', () => {
    expect(childPages({ path: '/about', page: 'about' })).toEqual([]);
  });
});

describe('userMenuEntries', () => {
  const reports = { flags: ['site_manage' as const] };
  const declared = {
    routes: [
      {
        path: '/user/logout',
        page: 'logout',
        userMenu: { label: 'Log out', icon: 'logout', weight: 9 },
      },
      { path: '/user', page: 'profile', userMenu: { label: 'View profile', icon: 'user' } },
      {
        path: '/reports',
        access: [reports],
        children: [
          { path: '', page: 'reports' },
          {
            path: 'mine',
            page: 'my-reports',
            userMenu: { label: 'My reports', icon: 'chart', weight: 1 },
          },
        ],
      },
      { path: '/user/:uid/edit', page: 'edit', userMenu: { label: 'Edit profile', icon: 'edit' } },
      { path: '/dashboard', page: 'dashboard' },
    ],
  };

  it('lists the routes declaring an item, lowest weight first, then in declared order', () => {
    expect(userMenuEntries(declared)).toEqual([
      { path: '/user', label: 'View profile', icon: 'user', access: [] },
      { path: '/user/:uid/edit', label: 'Edit profile', icon: 'edit', access: [] },
      { path: '/reports/mine', label: 'My reports', icon: 'chart', access: [reports] },
      { path: '/user/logout', label: 'Log out', icon: 'logout', access: [] },
    ]);
  });

  it('accepts items on pages for signed-in users, their own uid in the path', () => {
    expect(validateRoutesConfig(declared)).toEqual([]);
  });

  it('refuses an item that opens no page, is for visitors only or needs a parameter', () => {
    const item = { label: 'Somewhere', icon: 'star' };
    const problems = validateRoutesConfig({
      routes: [
        { path: '/a', userMenu: item, children: [{ path: 'b', page: 'b' }] },
        { path: '/join', page: 'join', visitorsOnly: { otherwise: '/' }, userMenu: item },
        { path: '/items/:id', page: 'item', userMenu: item },
        { path: '/user/:uidx', page: 'item', userMenu: item },
        { path: '/user', page: 'user', userMenu: { label: '', icon: 'Star' } },
      ],
    });
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      '/routes/4/userMenu/label: must NOT have fewer than 1 characters',
      '/routes/4/userMenu/icon: must match pattern "^[a-z][a-z0-9-]*$"',
      '/routes/0/userMenu: a user menu item opens a page: give the route a "page"',
      '/routes/1/userMenu: the user menu is for signed-in users: a page for visitors only has no item in it',
      '/routes/2/userMenu: a user menu item cannot fill ":id" in its path: only ":uid", the user\'s own, is known',
      '/routes/3/userMenu: a user menu item cannot fill ":uidx" in its path: only ":uid", the user\'s own, is known',
    ]);
  });

  it("puts the learner's points history in the project's menu", () => {
    expect(userMenuEntries(config as RoutesConfig).map((e) => e.path)).toContain('/points');
  });
});

describe('accessRedirect', () => {
  const rules = [{ flags: [reportsEnabled], notFound: true }, { flags: [reportsView] }];
  it('lets the first failing rule decide', () => {
    expect(accessRedirect(rules, {})).toBe('/not-found');
    expect(accessRedirect(rules, { [reportsEnabled]: true })).toBe('/denied');
    expect(accessRedirect(rules, { [reportsEnabled]: true, [reportsView]: true })).toBeUndefined();
    expect(accessRedirect(undefined, {})).toBeUndefined();
  });
  it("sends to a failing rule's own path when it declares one", () => {
    const landing = [{ flags: [reportsView], otherwise: '/user/login' }];
    expect(accessRedirect(landing, {})).toBe('/user/login');
    expect(accessRedirect(landing, { [reportsView]: true })).toBeUndefined();
  });
  it('supports any-of rules', () => {
    const any = [{ flags: ['site_manage' as const, reportsView], mode: 'any' as const }];
    expect(accessRedirect(any, { [reportsView]: true })).toBeUndefined();
    expect(accessRedirect(any, { site_manage: false })).toBe('/denied');
  });
});
