import { Ajv, type ErrorObject } from 'ajv';
import { accessFlagNames, type AccessFlags } from '@schemas/entities/access-flags.schema';
import {
  accessRuleSchema,
  routeSchema,
  routesConfigSchema,
  type AccessRule,
  type RouteConfig,
  type RoutesConfig,
  type UserMenuItem,
} from '@schemas/config/routes-config.schema';

/** One problem found in a config file: a JSON pointer and what is wrong there. @example { path: '/routes/3/page', message: 'unknown page "shop"' } */
export interface ConfigProblem {
  path: string;
  message: string;
}

/** One breadcrumb of a flattened route. @example { label: 'Reports', path: '/reports', redirect: false } */
export interface FlatCrumb {
  label: string;
  path: string;
  redirect: boolean;
}

/**
 * A declared route with everything inherited resolved: absolute path, signed-in need (or the
 * visitors-only redirect), the access rules of it and its ancestors (outermost first), layout
 * and the breadcrumb chain.
 *
 * @example
 * flattenRoutes(config).find((r) => r.path === '/reports')?.access;
 */
export interface FlatRoute {
  path: string;
  page?: string;
  /** The content page a generic content page shows (`content` of the route). */
  content?: string;
  signedIn: boolean;
  access: AccessRule[];
  visitorsOnly?: { otherwise: string };
  title?: string;
  layout: 'standard' | 'bare';
  breadcrumbs: FlatCrumb[];
  /** The route's item in the user menu, if it has one. */
  userMenu?: UserMenuItem;
  /** JSON pointer of the route in the config (`/routes/3/children/0`). */
  pointer: string;
}

let compiled: ReturnType<Ajv['compile']> | undefined;
function schemaValidator() {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true });
    ajv.addSchema([accessRuleSchema, routeSchema]);
    compiled = ajv.compile(routesConfigSchema);
  }
  return compiled;
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown property "${String(error.params.additionalProperty)}"`;
    case 'required':
      return `missing required property "${String(error.params.missingProperty)}"`;
    case 'enum':
      return `${error.message ?? 'invalid value'}: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be "${String(error.params.allowedValue)}"`;
    default:
      return error.message ?? 'invalid';
  }
}

const FLAG_PATH = /\/access\/\d+\/flags\/\d+$/;
const RULE_PATH = /\/access\/\d+$/;

/** Properties routes no longer take, with what to declare instead. */
const retiredProperties: Record<string, string> = {
  guard:
    'named guards are gone: declare what the route needs instead, "visitorsOnly": { "otherwise": "<path>" } to send signed-in users away and an access rule with "otherwise": "<path>" to send visitors without its flags elsewhere',
};

function schemaProblems(json: unknown): ConfigProblem[] {
  const validate = schemaValidator();
  if (validate(json)) return [];
  const errors = validate.errors ?? [];
  // "page or children" failures come as two required errors plus an anyOf error: say it once.
  const anyOfPaths = new Set(
    errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath),
  );
  return errors.flatMap((error): ConfigProblem[] => {
    if (error.keyword === 'anyOf')
      return [{ path: error.instancePath, message: 'needs a "page" or "children"' }];
    // A failed if/then ("a settings-document page needs a document") is said by its own error.
    if (error.keyword === 'if') return [];
    if (error.schemaPath.includes('/anyOf/') && anyOfPaths.has(error.instancePath)) return [];
    // Unknown flag names are reported by the semantic pass with the name in the message.
    if (error.keyword === 'enum' && FLAG_PATH.test(error.instancePath)) return [];
    if (error.keyword === 'not' && RULE_PATH.test(error.instancePath))
      return [
        {
          path: error.instancePath,
          message: 'a rule goes to its "otherwise" path or to /not-found ("notFound"), not both',
        },
      ];
    const retired =
      error.keyword === 'additionalProperties'
        ? retiredProperties[String(error.params.additionalProperty)]
        : undefined;
    const path =
      error.keyword === 'additionalProperties'
        ? `${error.instancePath}/${String(error.params.additionalProperty)}`
        : error.instancePath || '/';
    return [
      {
        path,
        message: retired
          ? `"${String(error.params.additionalProperty)}": ${retired}`
          : describe(error),
      },
    ];
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function joinPath(parent: string, child: string): string {
  if (child === '') return parent;
  if (parent === '/' || parent === '') return `/${child}`;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/** A path as the router matches it: parameter names and trailing slashes make no difference. */
const matchKey = (path: string) => path.replace(/:[^/]+/g, ':').replace(/(.)\/+$/, '$1');

function semanticProblems(
  json: unknown,
  pageKeys: string[] | undefined,
  documentKeys: readonly string[] | undefined,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!isRecord(json) || !Array.isArray(json.routes)) return problems;
  const known = pageKeys ? new Set(pageKeys) : undefined;
  const documents = documentKeys ? new Set(documentKeys) : undefined;
  const flags = new Set<string>(accessFlagNames);
  const seen = new Map<string, { pointer: string; absolute: string }>();

  const visit = (
    routes: unknown[],
    parentPath: string | undefined,
    base: string,
    outer: { signedIn: boolean; visitorsOnly: boolean } = { signedIn: false, visitorsOnly: false },
  ) => {
    routes.forEach((route, index) => {
      const pointer = `${base}/${index}`;
      if (!isRecord(route)) return;
      const path = typeof route.path === 'string' ? route.path : undefined;
      if (path !== undefined) {
        if (parentPath === undefined && !path.startsWith('/') && path !== '*') {
          problems.push({
            path: `${pointer}/path`,
            message: 'top-level paths must start with "/" (or be "*")',
          });
        }
        if (parentPath !== undefined && path.startsWith('/')) {
          problems.push({
            path: `${pointer}/path`,
            message: `child paths are relative to "${parentPath}": drop the leading "/"`,
          });
        }
      }
      const absolute =
        path === undefined
          ? undefined
          : parentPath === undefined
            ? path
            : joinPath(parentPath, path);
      if (absolute !== undefined && typeof route.page === 'string') {
        const key = matchKey(absolute);
        const earlier = seen.get(key);
        if (earlier === undefined) seen.set(key, { pointer, absolute });
        else if (earlier.absolute === absolute)
          problems.push({
            path: `${pointer}/path`,
            message: `duplicate path "${absolute}" (also at ${earlier.pointer})`,
          });
        else
          problems.push({
            path: `${pointer}/path`,
            message: `duplicate path "${absolute}": the router matches it like "${earlier.absolute}" at ${earlier.pointer} (parameter names and trailing slashes do not tell routes apart); remove one or give it another path`,
          });
      }
      if (known && typeof route.page === 'string' && !known.has(route.page)) {
        problems.push({ path: `${pointer}/page`, message: `unknown page "${route.page}"` });
      }
      if (documents && typeof route.document === 'string' && !documents.has(route.document)) {
        problems.push({
          path: `${pointer}/document`,
          message: `unknown settings document "${route.document}"; declared: ${[...documents].join(', ')}`,
        });
      }
      if (Array.isArray(route.access)) {
        route.access.forEach((rule, ruleIndex) => {
          if (!isRecord(rule) || !Array.isArray(rule.flags)) return;
          rule.flags.forEach((flag, flagIndex) => {
            if (typeof flag !== 'string' || !flags.has(flag)) {
              problems.push({
                path: `${pointer}/access/${ruleIndex}/flags/${flagIndex}`,
                message: `unknown access flag "${String(flag)}"; known flags: ${accessFlagNames.join(', ')}`,
              });
            }
          });
        });
      }
      const here = {
        signedIn: outer.signedIn || route.signedIn === true,
        visitorsOnly: outer.visitorsOnly || isRecord(route.visitorsOnly),
      };
      if (isRecord(route.userMenu)) {
        const param = absolute?.match(/:(?!uid(?:\/|$))[A-Za-z0-9_]+|\*/)?.[0];
        if (typeof route.page !== 'string')
          problems.push({
            path: `${pointer}/userMenu`,
            message: 'a user menu item opens a page: give the route a "page"',
          });
        else if (here.visitorsOnly)
          problems.push({
            path: `${pointer}/userMenu`,
            message:
              'the user menu is for signed-in users: a page for visitors only has no item in it',
          });
        else if (param !== undefined)
          problems.push({
            path: `${pointer}/userMenu`,
            message: `a user menu item cannot fill "${param}" in its path: only ":uid", the user's own, is known`,
          });
      }
      if (here.signedIn && here.visitorsOnly && !(outer.signedIn && outer.visitorsOnly)) {
        problems.push({
          path: pointer,
          message:
            'needs a signed-in user ("signedIn") and is for visitors only ("visitorsOnly"): nobody could see it; keep one',
        });
      }
      if (Array.isArray(route.children))
        visit(route.children, absolute ?? parentPath ?? '/', `${pointer}/children`, here);
    });
  };
  visit(json.routes, undefined, '/routes');
  return problems;
}

/**
 * Validates a routes config against its meta-schema and the rules a schema cannot state:
 * page keys exist in the registry, settings documents are declared, absolute paths are unique,
 * child paths are relative and access flags exist. Returns every problem (empty when the config
 * is good).
 *
 * @example
 * validateRoutesConfig(json, { pageKeys: ['home', 'dashboard'] });
 * // [{ path: '/routes/3/children/0/page', message: 'unknown page "shop"' }]
 */
export function validateRoutesConfig(
  json: unknown,
  o: { pageKeys?: string[]; documentKeys?: readonly string[] } = {},
): ConfigProblem[] {
  const seen = new Set<string>();
  return [...schemaProblems(json), ...semanticProblems(json, o.pageKeys, o.documentKeys)].filter(
    (p) => {
      const key = `${p.path}\u0000${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  );
}

/**
 * Flattens the route tree: absolute paths, inherited `signedIn`, access rules and layout, and
 * the breadcrumb chain from the outermost route. Routes with children but no page are
 * included too (they guard their children).
 *
 * @example
 * flattenRoutes({ routes: [{ path: '/reports', breadcrumb: 'Reports', children: [{ path: '', page: 'reports' }] }] })
 *   .map((r) => r.path); // ['/reports', '/reports']
 */
export function flattenRoutes(config: RoutesConfig): FlatRoute[] {
  const out: FlatRoute[] = [];
  const visit = (
    routes: RouteConfig[],
    parent:
      | {
          path: string;
          signedIn: boolean;
          visitorsOnly?: { otherwise: string };
          access: AccessRule[];
          layout?: 'standard' | 'bare';
          crumbs: FlatCrumb[];
        }
      | undefined,
    base: string,
  ) => {
    routes.forEach((route, index) => {
      const pointer = `${base}/${index}`;
      const path = parent ? joinPath(parent.path, route.path) : route.path;
      const signedIn = Boolean(route.signedIn) || Boolean(parent?.signedIn);
      const visitorsOnly = route.visitorsOnly ?? parent?.visitorsOnly;
      const access = [...(parent?.access ?? []), ...(route.access ?? [])];
      const layout = route.layout ?? parent?.layout;
      const crumbs = route.breadcrumb
        ? [
            ...(parent?.crumbs ?? []),
            { label: route.breadcrumb, path, redirect: Boolean(route.breadcrumbRedirect) },
          ]
        : [...(parent?.crumbs ?? [])];
      out.push({
        path,
        ...(route.page === undefined ? {} : { page: route.page }),
        ...(route.content === undefined ? {} : { content: route.content }),
        signedIn,
        access,
        ...(visitorsOnly === undefined ? {} : { visitorsOnly }),
        ...(route.title === undefined ? {} : { title: route.title }),
        layout: layout ?? 'standard',
        breadcrumbs: crumbs,
        ...(route.userMenu === undefined ? {} : { userMenu: route.userMenu }),
        pointer,
      });
      if (route.children)
        visit(
          route.children,
          {
            path,
            signedIn,
            ...(visitorsOnly ? { visitorsOnly } : {}),
            access,
            ...(layout ? { layout } : {}),
            crumbs,
          },
          `${pointer}/children`,
        );
    });
  };
  visit(config.routes, undefined, '/routes');
  return out;
}

/**
 * A page one level below a route, as the route's landing page lists it: its path relative to the
 * route, its English label and description, and what its guards need (the child's own
 * declarations, and those of its index route when that shows the page).
 *
 * @example
 * { path: 'colours', title: 'Colours', description: 'The colours of the pages.', signedIn: false, access: [{ flags: ['theme_edit'] }] }
 */
export interface ChildPage {
  path: string;
  /** The child's breadcrumb, else its title (or those of its index route). */
  title: string;
  description?: string;
  signedIn: boolean;
  visitorsOnly?: { otherwise: string };
  access: AccessRule[];
}

/**
 * The pages directly below a route, in declared order: each child with a path of its own (not
 * the index route, nor a path that needs a parameter or is a catch-all), a page (its own or its
 * index route's) and a label (a breadcrumb or title).
 *
 * @example
 * childPages({ path: '/settings', children: [
 *   { path: '', page: 'settings' },
 *   { path: 'users', page: 'users', breadcrumb: 'Users', description: 'Everyone who signs in.' },
 *   { path: ':uid', page: 'user', breadcrumb: 'User' },
 * ] }).map((c) => c.path); // ['users']
 */
export function childPages(route: RouteConfig): ChildPage[] {
  return (route.children ?? []).flatMap((child): ChildPage[] => {
    if (child.path === '' || /[:*]/.test(child.path)) return [];
    const index = child.page === undefined ? child.children?.find((c) => c.path === '') : undefined;
    if (child.page === undefined && index?.page === undefined) return [];
    const title = child.breadcrumb ?? child.title ?? index?.breadcrumb ?? index?.title;
    if (title === undefined) return [];
    const description = child.description ?? index?.description;
    const visitorsOnly = index?.visitorsOnly ?? child.visitorsOnly;
    return [
      {
        path: child.path,
        title,
        ...(description === undefined ? {} : { description }),
        signedIn: Boolean(child.signedIn) || Boolean(index?.signedIn),
        ...(visitorsOnly === undefined ? {} : { visitorsOnly }),
        access: [...(child.access ?? []), ...(index?.access ?? [])],
      },
    ];
  });
}

/**
 * Where access rules send a user, checked in order: nowhere (`undefined`) when every rule
 * passes, else the first failing rule's `otherwise` path, or `/not-found` when it is marked
 * `notFound`, or `/denied`.
 *
 * @example
 * accessRedirect([{ flags: ['site_manage'], otherwise: '/user/login' }], {}); // '/user/login'
 * accessRedirect([{ flags: ['site_manage'], notFound: true }], { site_manage: true }); // undefined
 */
export function accessRedirect(
  rules: AccessRule[] | undefined,
  flags: Partial<AccessFlags>,
): string | undefined {
  for (const rule of rules ?? []) {
    const passes =
      rule.mode === 'any'
        ? rule.flags.some((flag) => flags[flag] === true)
        : rule.flags.every((flag) => flags[flag] === true);
    if (!passes) return rule.otherwise ?? (rule.notFound ? '/not-found' : '/denied');
  }
  return undefined;
}

/**
 * An item of the signed-in user's menu, as a route declares it (`userMenu`): the route's absolute
 * path (`:uid` stands for the user's own), its English label, icon name, and the access rules of
 * the route and its ancestors, which the user must pass to see the item.
 *
 * @example
 * { path: '/points', label: 'My points', icon: 'star', access: [] }
 */
export interface UserMenuEntry {
  path: string;
  label: string;
  icon: string;
  access: AccessRule[];
}

/**
 * The user menu the routes declare: every route with a `userMenu`, lowest weight first, then in
 * declared order.
 *
 * @example
 * userMenuEntries({ routes: [
 *   { path: '/user/logout', page: 'logout', userMenu: { label: 'Log out', icon: 'logout', weight: 9 } },
 *   { path: '/user', page: 'profile', userMenu: { label: 'View profile', icon: 'user' } },
 * ] }).map((e) => e.path); // ['/user', '/user/logout']
 */
export function userMenuEntries(config: RoutesConfig): UserMenuEntry[] {
  return flattenRoutes(config)
    .flatMap((route, order) =>
      route.userMenu
        ? [
            {
              order,
              weight: route.userMenu.weight ?? 0,
              entry: {
                path: route.path,
                label: route.userMenu.label,
                icon: route.userMenu.icon,
                access: route.access,
              },
            },
          ]
        : [],
    )
    .sort((a, b) => a.weight - b.weight || a.order - b.order)
    .map((item) => item.entry);
}
