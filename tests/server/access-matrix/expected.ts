import { requirementOf, type AccessRequirement } from '@engine/server';
import type { RouteEntry } from '../../../src/server/plugins/route-table';

/** The roles the matrix calls every route as; `visitor` is not signed in. */
export const ROLES = ['visitor', 'learner', 'trainer', 'courseadmin', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What the server says about a caller: their uid and the access flags it computed for them. */
export interface CallerAccess {
  role: Role;
  signedIn: boolean;
  uid: number;
  flags: Readonly<Record<string, boolean>>;
}

/** Whose object an owner-checked route is called on. */
export type Ownership = 'own' | 'foreign';

/** 401 or 403 when the access check must refuse the call, `pass` when it must let it through. */
export type Outcome = 401 | 403 | 'pass';

/**
 * Access checks written in a route file rather than made by the engine's guard factories,
 * known by function name. Each says what it lets through; the owner is the `uid` path param.
 */
export const CUSTOM_GUARDS: Record<string, (caller: CallerAccess, own: boolean) => Outcome> = {
  // Availability calendars: course administrators act on any trainer, a trainer on their own.
  needActOn: (caller, own) =>
    !caller.signedIn
      ? 401
      : caller.flags.availability_feature_manage === true ||
          (own && caller.flags.availability_feature_manage_own === true)
        ? 'pass'
        : 403,
};

/**
 * Routes without an access check, each with the reason anyone may call it: what a caller sees
 * there is decided by the handler (their own data, only what they may see, or nothing private).
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/v2/health': 'liveness probe',
  'GET /api/v2/ready': 'readiness probe',
  'GET /api/v2/openapi.json': 'the API description',
  'POST /api/v2/auth/login': 'signing in',
  'POST /api/v2/auth/register': 'signing up; the handler checks the self_registration setting',
  'GET /api/v2/content-pages/:key': 'about us, privacy policy and the other public content pages',
  'GET /system/language/:langcode': "a visitor's choice of language, kept in a cookie",
  'GET /api/v2/me': 'the caller themselves; uid 0 for a visitor',
  'GET /api/v2/settings': "general (with the caller's own flags), footer and country settings",
  'GET /api/v2/settings/branding': 'the public part of the site settings',
  'GET /api/v2/settings/cookies-disclaimer': 'the cookie banner',
  'GET /api/v2/appearance': 'the storefront theme every page uses',
  'GET /api/v2/languages': 'site languages',
  'GET /api/v2/translations': 'interface translations',
  'GET /api/v2/organizations': 'organization names for forms',
  'GET /api/v2/taxonomy_terms': 'catalogue filters',
  'GET /api/v2/vocabularies': 'catalogue filters',
  'GET /api/v2/trainings': 'the catalogue: only trainings the caller may see',
  'GET /api/v2/trainings/:id': 'one training: 404 unless the caller may see it',
  'GET /api/v2/search': 'search over the trainings the caller may see',
  'GET /api/v2/storefront': 'the storefront; the handler checks storefront_page',
  'GET /api/v2/storefront/settings': 'whether the storefront is on; more for storefront managers',
  'GET /api/v2/storefront_sections/:id': 'a storefront section; the handler checks storefront_page',
  'POST /system/ajax/cookies-disclaimer/agree': 'agreeing to the cookie banner',
  'GET /files/avatars/:name': 'avatar images, shown wherever a user is named',
};

const nameOf = (hook: unknown) => (typeof hook === 'function' ? hook.name : String(hook));

/** How one route is protected, read from its declaration. */
export type Protection =
  | { kind: 'public'; reason: string }
  | { kind: 'engine'; requirement: AccessRequirement }
  | { kind: 'custom'; name: string }
  | { kind: 'unknown'; problem: string };

/** The route's key in {@link PUBLIC_ROUTES}. */
export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) =>
  `${route.method} ${route.url}`;

/**
 * Reads the access check of a route from the checks it runs before validation. A preHandler
 * left after validation counts as no access check: a caller without access would meet the
 * validator first.
 */
export function protectionOf(route: RouteEntry): Protection {
  if (route.preHandlers.length)
    return {
      kind: 'unknown',
      problem: `preHandler ${route.preHandlers.map(nameOf).join(', ')} runs after validation: make access checks with the engine's guards or mark them with accessCheck`,
    };
  const engine = route.guards.map(requirementOf).filter((r) => r !== undefined);
  const custom = route.guards.filter((h) => requirementOf(h) === undefined).map(nameOf);
  const known = custom.filter((name) => name in CUSTOM_GUARDS);
  const unknown = custom.filter((name) => !(name in CUSTOM_GUARDS));
  if (unknown.length)
    return {
      kind: 'unknown',
      problem: `access check ${unknown.join(', ')} is not known to the matrix: describe it in CUSTOM_GUARDS`,
    };
  if (engine.length + known.length > 1)
    return { kind: 'unknown', problem: 'more than one access check: the matrix reads one' };
  if (engine[0]) return { kind: 'engine', requirement: engine[0] };
  if (known[0]) return { kind: 'custom', name: known[0] };
  const reason = PUBLIC_ROUTES[routeKey(route)];
  if (reason !== undefined) return { kind: 'public', reason };
  return {
    kind: 'unknown',
    problem: 'no access check and not listed in PUBLIC_ROUTES',
  };
}

/** Whether a route's access depends on whose object it is (the `uid` path param). */
export function isOwnerChecked(protection: Protection): boolean {
  return (
    protection.kind === 'custom' ||
    (protection.kind === 'engine' && protection.requirement.kind === 'ownerOrFlags')
  );
}

const refuse = (caller: CallerAccess): 401 | 403 => (caller.signedIn ? 403 : 401);

/** The answer the access check must give this caller, on their own or someone else's object. */
export function expectedOutcome(
  protection: Protection,
  caller: CallerAccess,
  ownership: Ownership,
): Outcome {
  const has = (flag: string) => caller.flags[flag] === true;
  switch (protection.kind) {
    case 'public':
      return 'pass';
    case 'unknown':
      throw new Error(protection.problem);
    case 'custom':
      return CUSTOM_GUARDS[protection.name]!(caller, ownership === 'own');
  }
  const { requirement } = protection;
  switch (requirement.kind) {
    case 'signedIn':
      return caller.signedIn ? 'pass' : 401;
    case 'allFlags':
      return requirement.flags.every(has) ? 'pass' : refuse(caller);
    case 'anyFlag':
      return requirement.flags.some(has) ? 'pass' : refuse(caller);
    case 'ownerOrFlags':
      if (!caller.signedIn) return 401;
      return ownership === 'own' || requirement.flags.every(has) ? 'pass' : 403;
  }
}
