import type { FromSchema } from 'json-schema-to-ts';
import {
  contentTranslationsSchema,
  dateSchema,
  embed,
  instantSchema,
  seekQuerySchema,
} from './common.schema';
import { userProfileSchema } from './user.schema';

const date = embed(dateSchema);
const instant = embed(instantSchema);
const roleName = { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 } as const;

/* ------------------------------------------------------------------ audit log */

/** A person named in the audit log. */
const auditPerson = {
  type: 'object',
  required: ['uid', 'full_name'],
  additionalProperties: false,
  properties: { uid: { type: 'integer', minimum: 1 }, full_name: { type: 'string' } },
} as const;

/** Someone who has made at least one recorded change (`GET admin/audit/actors`). */
export const auditActorSchema = { $id: 'atrium:audit-actor', ...auditPerson } as const;
export type AuditActor = FromSchema<typeof auditActorSchema>;

/**
 * One audit-log row (`GET admin/audit`). `actor` is the person who made the change (the real
 * administrator while masquerading); `as` the user they were acting as, else null. `details`
 * holds what changed, usually `{ field: { old, new } }`; passwords never appear.
 */
export const auditEntrySchema = {
  $id: 'atrium:audit-entry',
  type: 'object',
  required: ['id', 'actor', 'as', 'action', 'target', 'details', 'created'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    actor: { ...auditPerson, type: ['object', 'null'] },
    as: { ...auditPerson, type: ['object', 'null'] },
    /** Dotted action name, e.g. `user.update`, `settings.site`, `incentives.product.create`. */
    action: { type: 'string' },
    /** What was changed, e.g. `user:12`, `role:learner`, `settings:site`. */
    target: { type: 'string' },
    details: { type: 'object', additionalProperties: true },
    created: instant,
  },
} as const;
export type AuditEntry = FromSchema<typeof auditEntrySchema>;

/** `GET admin/audit`: newest first, 25 a page; filter by actor, action (an area, or a prefix within one) and UTC dates (both included). */
export const auditQuerySchema = {
  $id: 'atrium:audit-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...seekQuerySchema.properties,
    actor: { type: 'integer', minimum: 1 },
    action: { type: 'string', minLength: 1, maxLength: 100 },
    from: date,
    to: date,
  },
} as const;
export type AuditQuery = FromSchema<typeof auditQuerySchema>;

/* ------------------------------------------------------------------ roles and access */

/** A role (`GET roles`). `assignable` is false for the implicit anonymous and authenticated roles. */
export const roleSchema = {
  $id: 'atrium:role',
  type: 'object',
  required: ['name', 'label', 'weight', 'flags', 'assignable'],
  additionalProperties: false,
  properties: {
    name: roleName,
    label: { type: 'string' },
    weight: { type: 'integer' },
    flags: { type: 'array', items: { type: 'string' } },
    assignable: { type: 'boolean' },
  },
} as const;
export type Role = FromSchema<typeof roleSchema>;

/** `GET admin/access`: every role with the flags it grants, and every flag name. */
export const accessMatrixSchema = {
  $id: 'atrium:access-matrix',
  type: 'object',
  required: ['roles', 'flags'],
  additionalProperties: false,
  properties: {
    roles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'label', 'flags'],
        additionalProperties: false,
        properties: {
          name: roleName,
          label: { type: 'string' },
          flags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    flags: { type: 'array', items: { type: 'string' } },
  },
} as const;
export type AccessMatrix = FromSchema<typeof accessMatrixSchema>;

/** `PUT admin/access/{role}`: the whole set of flags the role grants. */
export const roleFlagsBodySchema = {
  $id: 'atrium:role-flags-body',
  type: 'object',
  required: ['flags'],
  additionalProperties: false,
  properties: {
    flags: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 100 },
  },
} as const;
export type RoleFlagsBody = FromSchema<typeof roleFlagsBodySchema>;

export const roleParamsSchema = {
  $id: 'atrium:role-params',
  type: 'object',
  required: ['role'],
  additionalProperties: false,
  properties: { role: roleName },
} as const;

/* ------------------------------------------------------------------ users */

const password = { type: 'string', minLength: 8, maxLength: 200 } as const;
const roleList = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 64 },
  uniqueItems: true,
  maxItems: 50,
} as const;
const organizationList = {
  type: 'array',
  items: { type: 'integer', minimum: 1 },
  uniqueItems: true,
  maxItems: 500,
} as const;

/** `POST users`: an administrator creates an account. */
export const userCreateSchema = {
  $id: 'atrium:user-create',
  type: 'object',
  required: ['name', 'mail', 'password'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 60, pattern: '^\\S(.*\\S)?$' },
    mail: { type: 'string', format: 'email', maxLength: 254 },
    password,
    first_name: userProfileSchema.properties.first_name,
    last_name: userProfileSchema.properties.last_name,
    title: userProfileSchema.properties.title,
    country: userProfileSchema.properties.country,
    language: { type: 'string', minLength: 2, maxLength: 20 },
    timezone: { type: 'string', minLength: 1, maxLength: 64 },
    roles: roleList,
    organizations: organizationList,
  },
} as const;
export type UserCreate = FromSchema<typeof userCreateSchema>;

/** `PUT users/{uid}/roles`: the whole set of (assignable) roles. */
export const userRolesBodySchema = {
  $id: 'atrium:user-roles-body',
  type: 'object',
  required: ['roles'],
  additionalProperties: false,
  properties: { roles: roleList },
} as const;

/** `PUT users/{uid}/organizations`: the whole set of organization ids. */
export const userOrganizationsBodySchema = {
  $id: 'atrium:user-organizations-body',
  type: 'object',
  required: ['organizations'],
  additionalProperties: false,
  properties: { organizations: organizationList },
} as const;

/** `POST users/{uid}/password`: an administrator sets a new password. */
export const userPasswordBodySchema = {
  $id: 'atrium:user-password-body',
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: { password },
} as const;

/* ------------------------------------------------------------------ site texts and languages */

/** `POST settings/cookies-disclaimer`: the banner text (HTML, sanitized on save). */
export const cookieDisclaimerBodySchema = {
  $id: 'atrium:cookie-disclaimer-body',
  type: 'object',
  required: ['disclaimer_text'],
  additionalProperties: false,
  properties: {
    disclaimer_text: {
      type: 'string',
      maxLength: 20000,
      'x-translatable': true,
    },
    translations: embed(contentTranslationsSchema),
  },
} as const;

/** The answer of `POST settings/cookies-disclaimer`: the saved text and its version. */
export const cookieDisclaimerSavedSchema = {
  $id: 'atrium:cookie-disclaimer-saved',
  type: 'object',
  required: ['disclaimer_text', 'version'],
  additionalProperties: false,
  properties: {
    disclaimer_text: { type: 'string' },
    /** Bumped whenever the text changes: everyone sees the banner again. */
    version: { type: 'integer', minimum: 0 },
  },
} as const;

/** `PATCH languages/{langcode}`: only the fields that change. */
export const languagePatchSchema = {
  $id: 'atrium:language-patch',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    native_name: { type: 'string', maxLength: 100 },
    direction: { type: 'integer', enum: [0, 1] },
    weight: { type: 'integer', minimum: -1000, maximum: 1000 },
  },
} as const;
export type LanguagePatch = FromSchema<typeof languagePatchSchema>;

export const langcodeParamsSchema = {
  $id: 'atrium:langcode-params',
  type: 'object',
  required: ['langcode'],
  additionalProperties: false,
  properties: { langcode: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' } },
} as const;

/** `PUT translations/{langcode}`: interface strings to save; an empty translation deletes one. */
export const translationsBodySchema = {
  $id: 'atrium:translations-body',
  type: 'object',
  required: ['translations'],
  additionalProperties: false,
  properties: {
    translations: {
      type: 'array',
      minItems: 1,
      maxItems: 2000,
      items: {
        type: 'object',
        required: ['source', 'translation'],
        additionalProperties: false,
        properties: {
          source: { type: 'string', minLength: 1, maxLength: 2000 },
          translation: { type: 'string', maxLength: 2000 },
        },
      },
    },
  },
} as const;
export type TranslationsBody = FromSchema<typeof translationsBodySchema>;

export const translationsSavedSchema = {
  $id: 'atrium:translations-saved',
  type: 'object',
  required: ['saved', 'deleted'],
  additionalProperties: false,
  properties: {
    saved: { type: 'integer', minimum: 0 },
    deleted: { type: 'integer', minimum: 0 },
  },
} as const;
