import type { FromSchema } from 'json-schema-to-ts';
import { embed, seekQuerySchema } from './common.schema';

/** Who may set a user attribute. */
export type AttributeSetter = 'self' | 'administrator';

/** How a user attribute is set, and whether it is a preference (see {@link userAttributes}). */
export interface UserAttributeDeclaration {
  readonly setBy: AttributeSetter;
  readonly preference?: boolean;
}

/**
 * Who sets each attribute of a user, in one place. `self`: the user, in their own profile (and
 * administrators). `administrator`: only a caller with the site_manage flag, in the site
 * administration (the user editor, roles, organizations); the user's own `PATCH users/{uid}` may
 * not change it, and their profile form shows it read-only. Audience restrictions
 * (restriction-types.ts) read only administrator attributes, which a learner cannot claim for
 * themselves, and preferences: how a person reads the portal, which anyone may choose, so that
 * matching one keeps nobody out.
 */
export const userAttributes = {
  first_name: { setBy: 'self' },
  last_name: { setBy: 'self' },
  bio: { setBy: 'self' },
  language: { setBy: 'self', preference: true },
  timezone: { setBy: 'self', preference: true },
  title: { setBy: 'administrator' },
  country: { setBy: 'administrator' },
  organizations: { setBy: 'administrator' },
  roles: { setBy: 'administrator' },
} as const satisfies Record<string, UserAttributeDeclaration>;
export type UserAttribute = keyof typeof userAttributes;

/** Whether only an administrator may set the attribute a patch or form field names. */
export const isAdministratorAttribute = (name: string): boolean =>
  (userAttributes as Record<string, UserAttributeDeclaration | undefined>)[name]?.setBy ===
  'administrator';

/**
 * Profile fields (`PATCH users/{uid}`); also returned under `profile`. Who may change each is
 * declared in {@link userAttributes}.
 */
export const userProfileSchema = {
  $id: 'atrium:user-profile',
  type: 'object',
  additionalProperties: false,
  properties: {
    first_name: { type: 'string', minLength: 1, maxLength: 100 },
    last_name: { type: 'string', maxLength: 100 },
    title: { type: 'string', maxLength: 200 },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    bio: { type: 'string', maxLength: 2000 },
  },
} as const;
export type UserProfile = FromSchema<typeof userProfileSchema>;

/**
 * While an administrator masquerades, the administrator behind the session (`real_user` of
 * `GET me` and of the general settings): the client shows a banner with "Switch back".
 */
export const realUserSchema = {
  $id: 'atrium:real-user',
  type: 'object',
  required: ['uid', 'name', 'full_name'],
  additionalProperties: false,
  properties: {
    uid: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    full_name: { type: 'string' },
  },
} as const;
export type RealUser = FromSchema<typeof realUserSchema>;

/**
 * The current user (`GET me`). An anonymous visitor gets `uid: 0` and no names: "authenticated"
 * means a non-zero uid.
 */
export const currentUserSchema = {
  $id: 'atrium:current-user',
  type: 'object',
  required: ['uid'],
  additionalProperties: false,
  properties: {
    uid: { type: 'integer', minimum: 0 },
    name: { type: 'string' },
    language: { type: ['string', 'null'] },
    timezone: { type: ['string', 'null'] },
    full_name: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    avatar: { type: ['string', 'null'] },
    roles: { type: 'array', items: { type: 'string' } },
    profile: embed(userProfileSchema),
    /** Only while masquerading: the administrator acting as this user. */
    real_user: embed(realUserSchema),
  },
} as const;
export type CurrentUser = FromSchema<typeof currentUserSchema>;

export const meQuerySchema = {
  $id: 'atrium:me-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    attributes: { type: 'array', items: { type: 'string', enum: ['profile'] }, uniqueItems: true },
  },
} as const;

/** One row of `GET users`. */
export const userListItemSchema = {
  $id: 'atrium:user-list-item',
  type: 'object',
  required: [
    'uid',
    'name',
    'full_name',
    'first_name',
    'last_name',
    'roles',
    'blocked',
    'organizations',
  ],
  additionalProperties: false,
  properties: {
    uid: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    full_name: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    avatar: { type: ['string', 'null'] },
    roles: { type: 'array', items: { type: 'string' } },
    organizations: { type: 'array', items: { type: 'integer' } },
    blocked: { type: 'boolean' },
    language: { type: ['string', 'null'] },
    mail: { type: ['string', 'null'] },
  },
} as const;
export type UserListItem = FromSchema<typeof userListItemSchema>;

export const usersQuerySchema = {
  $id: 'atrium:users-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...seekQuerySchema.properties,
    search: { type: 'string', maxLength: 200 },
    role: { type: 'string', maxLength: 64 },
    organization: { type: 'integer', minimum: 1 },
    blocked: { type: 'boolean' },
  },
} as const;
export type UsersQuery = FromSchema<typeof usersQuerySchema>;

/** `PATCH users/{uid}`: profile fields, language and time zone; only the fields that change. */
export const userPatchSchema = {
  $id: 'atrium:user-patch',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...userProfileSchema.properties,
    language: { type: 'string', minLength: 2, maxLength: 20 },
    timezone: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;
export type UserPatch = FromSchema<typeof userPatchSchema>;

/** The fields of `PATCH users/{uid}` kept in their own column of `users`; the rest live in `profile`. */
const columnFields = ['first_name', 'last_name', 'language', 'timezone'] as const;

/**
 * The fields of {@link userProfileSchema} stored in the user's `profile` document: every
 * declared field without a column of its own. A field added to the schema is stored, returned
 * and audited without further code.
 */
export const profileDocumentFields = Object.keys(userProfileSchema.properties).filter(
  (field) => !(columnFields as readonly string[]).includes(field),
) as (keyof UserPatch)[];

/**
 * A field of `PATCH users/{uid}` as the user has it now: from its column, else from `profile`.
 *
 * @example
 * userFieldValue({ uid: 1, first_name: 'Ann', profile: { title: 'Dr' } }, 'title') // 'Dr'
 */
export function userFieldValue(
  user: Pick<CurrentUser, 'first_name' | 'last_name' | 'language' | 'timezone' | 'profile'>,
  field: keyof UserPatch,
): unknown {
  if ((columnFields as readonly string[]).includes(field))
    return user[field as (typeof columnFields)[number]];
  return (user.profile as Record<string, unknown> | undefined)?.[field];
}
