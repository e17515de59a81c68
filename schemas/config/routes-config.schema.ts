import type { FromSchema } from 'json-schema-to-ts';
import { accessFlagNames } from '../entities/access-flags.schema';
import { embed } from '../entities/common.schema';

/** A path inside the portal a guard sends the visitor to (`/user/login`). */
const redirectPathSchema = { type: 'string', pattern: '^/[A-Za-z0-9_/.-]*$' } as const;

/**
 * One access rule of a route. A rule passes when the named flags are true in the general
 * settings (`mode: all`, the default, needs every flag; `any` needs one). A failing rule sends
 * the visitor to its `otherwise` path when it has one, else to /not-found when `notFound` is
 * set, else to /denied.
 */
export const accessRuleSchema = {
  $id: 'atrium:config:access-rule',
  type: 'object',
  required: ['flags'],
  additionalProperties: false,
  properties: {
    flags: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: accessFlagNames },
    },
    mode: { type: 'string', enum: ['all', 'any'], default: 'all' },
    notFound: { type: 'boolean', default: false },
    otherwise: redirectPathSchema,
  },
  // One destination per rule: a rule going to its own path cannot also go to /not-found.
  not: { required: ['notFound', 'otherwise'], properties: { notFound: { const: true } } },
} as const;
export type AccessRule = FromSchema<
  typeof accessRuleSchema,
  { keepDefaultedPropertiesOptional: true }
>;

const routeProperties = {
  /** Absolute for top-level routes (`/user/:uid/edit`); relative for children (`''`, `:productId`). */
  path: { type: 'string', pattern: '^(/|\\*$|$|[A-Za-z0-9:_-])[A-Za-z0-9:_/*.-]*$' },
  /** Page key in the app's page registry. Routes with children may omit it (an outlet). */
  page: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
  /**
   * The settings document (schemas/settings-documents) the page edits: needed by, and only
   * with, the generic `settings-document` page.
   */
  document: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  /**
   * The content page (about, privacy policy…) the page shows: needed by, and only with, the
   * generic `content-page` page. Administrators write its title and text per language.
   */
  content: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  /** Needs a signed-in user (protected-area guard). Inherited by children. */
  signedIn: { type: 'boolean' },
  /** Feature guards, checked in order after the signed-in check. Inherited by children. */
  access: { type: 'array', items: embed(accessRuleSchema) },
  /**
   * A page for visitors only: a signed-in user is sent to `otherwise`. Inherited by children. A
   * top-level route with it is a landing page: it draws its layout itself, once the session is
   * known and every rule passes, and shows nothing before.
   */
  visitorsOnly: {
    type: 'object',
    required: ['otherwise'],
    additionalProperties: false,
    properties: { otherwise: redirectPathSchema },
  },
  /** English breadcrumb label (translated at render). No label: no crumb for this route. */
  breadcrumb: { type: 'string', minLength: 1 },
  /** The crumb link does a full page load. */
  breadcrumbRedirect: { type: 'boolean' },
  /**
   * false: the page and its children show no breadcrumb trail (utility pages such as log in,
   * not found and access denied, which lie on no path through the portal).
   */
  breadcrumbs: { type: 'boolean' },
  /** English document title (translated). Pages may replace it (e.g. a product's title). */
  title: { type: 'string', minLength: 1 },
  /**
   * English sentence saying what the page is for (translated). The landing page of the parent
   * route shows it on this page's card.
   */
  description: { type: 'string', minLength: 1 },
  /** standard: header, sidebar, main, footer. bare: main content only (editors, full-page dialogs). */
  layout: { type: 'string', enum: ['standard', 'bare'] },
  /**
   * The page's item in the signed-in user's menu of the header, shown when the user passes the
   * route's access rules: its English label (translated), the shell icon drawn before it, and
   * its place (lowest weight first, then declared order). `:uid` in the path is the user's own.
   */
  userMenu: {
    type: 'object',
    required: ['label', 'icon'],
    additionalProperties: false,
    properties: {
      label: { type: 'string', minLength: 1 },
      icon: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
      weight: { type: 'integer', default: 0 },
    },
  },
} as const;

export const routeSchema = {
  $id: 'atrium:config:route',
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: {
    ...routeProperties,
    children: { type: 'array', items: { $ref: 'atrium:config:route' } },
  },
  anyOf: [{ required: ['page'] }, { required: ['children'] }],
  allOf: [
    {
      if: { required: ['page'], properties: { page: { const: 'settings-document' } } },
      then: { required: ['document'] },
    },
    {
      if: { required: ['document'] },
      then: { required: ['page'], properties: { page: { const: 'settings-document' } } },
    },
    {
      if: { required: ['page'], properties: { page: { const: 'content-page' } } },
      then: { required: ['content'] },
    },
    {
      if: { required: ['content'] },
      then: { required: ['page'], properties: { page: { const: 'content-page' } } },
    },
  ],
} as const;

/** `routes.config.json`: every client route of the portal. */
export const routesConfigSchema = {
  $id: 'atrium:config:routes-config',
  type: 'object',
  required: ['routes'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    routes: { type: 'array', minItems: 1, items: { $ref: 'atrium:config:route' } },
  },
} as const;

/** A route as declared (recursive, so typed by hand from the schema's properties). */
export interface RouteConfig {
  path: string;
  page?: string;
  document?: string;
  content?: string;
  signedIn?: boolean;
  access?: AccessRule[];
  visitorsOnly?: { otherwise: string };
  breadcrumb?: string;
  breadcrumbRedirect?: boolean;
  breadcrumbs?: boolean;
  title?: string;
  description?: string;
  layout?: 'standard' | 'bare';
  userMenu?: UserMenuItem;
  children?: RouteConfig[];
}

/** A route's item in the user menu (`userMenu` of a route). */
export interface UserMenuItem {
  label: string;
  icon: string;
  weight?: number;
}
export interface RoutesConfig {
  $schema?: string;
  routes: RouteConfig[];
}
