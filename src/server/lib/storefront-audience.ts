import { restrictionTypeProblems } from '@engine/core';
import type { RestrictionTypeDeclaration } from '@schemas/config/restriction-type.schema';
import { restrictionTypeDeclarations } from '@schemas/entities/restriction-types';
import type { RestrictionItem, RestrictionType } from '@schemas/entities/storefront.schema';
import {
  profileDocumentFields,
  userAttributes,
  userPatchSchema,
  type UserAttribute,
  type UserAttributeDeclaration,
} from '@schemas/entities/user.schema';
import type { FastifyInstance } from 'fastify';
import type { Repositories } from '../repositories/create-repositories';

/**
 * Who a storefront is built for: the values of each restriction type they have. A visitor has
 * only a language; a preview audience has the filters the manager chose. A type the audience
 * has no values for matches no restriction on it.
 */
export type Audience = Partial<Record<RestrictionType, readonly string[]>>;

/** A signed-in user's values of the attributes restrictions read. */
export type UserAttributeValues = Partial<Record<UserAttribute, readonly string[]>>;

/**
 * The restriction types, checked once when the server starts as `npm run validate` checks them:
 * a type that reads an attribute users set themselves would let anyone into its audience, so
 * the server refuses to start with it.
 *
 * @throws Error listing every problem
 */
export function checkedRestrictionTypes<T extends RestrictionTypeDeclaration>(
  declarations: readonly T[],
  attributes: Readonly<Record<string, UserAttributeDeclaration>>,
  fields: readonly string[],
  documentFields?: readonly string[],
): readonly T[] {
  const problems = restrictionTypeProblems(declarations, attributes, fields, documentFields);
  if (problems.length)
    throw new Error(
      `Unsafe audience restriction types:\n${problems
        .map((p) => `${p.in}${p.path}: ${p.message}`)
        .join('\n')}`,
    );
  return declarations;
}

const declared = checkedRestrictionTypes(
  restrictionTypeDeclarations,
  userAttributes,
  Object.keys(userPatchSchema.properties),
  profileDocumentFields,
);

/**
 * A user's audience: each restriction type has the values of the attribute it reads.
 *
 * @example
 * audienceOfAttributes({ country: ['NL'], roles: ['learner'] }) // { country: ['NL'], roles: ['learner'] }
 */
export function audienceOfAttributes(values: UserAttributeValues): Audience {
  const audience: Audience = {};
  for (const { type, reads } of declared) {
    const has = values[reads];
    if (has?.length) audience[type] = has;
  }
  return audience;
}

const valuesOf = (value: RestrictionItem['value']): string[] =>
  (Array.isArray(value) ? value : [value]).map((v) => String(v));

/**
 * Whether an audience passes a section's restrictions. Every item must match (rule `and`); an
 * item matches when the audience has one of its values (an empty value list restricts nothing).
 *
 * @example
 * matchesRestrictions([{ rule: 'and', type: 'language', value: 'ar' }], { language: ['ar'] }) // true
 */
export function matchesRestrictions(
  restrictions: readonly RestrictionItem[],
  audience: Audience,
): boolean {
  return restrictions.every((item) => {
    const wanted = valuesOf(item.value);
    if (wanted.length === 0) return true;
    const has = audience[item.type as RestrictionType];
    return has !== undefined && has.some((v) => wanted.includes(v));
  });
}

/**
 * An audience's values as the database keeps restrictions' values (migration 0039): `type=value`,
 * so that a reward kept from the audience is one with a restriction sharing none of them.
 */
export function audienceValues(audience: Audience): string[] {
  return Object.entries(audience).flatMap(([type, values]) =>
    (values ?? []).map((value) => `${type}=${value}`),
  );
}

/** The site's default language when none is set. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * A signed-in user's audience (in the site's default language `site` when they chose none), the
 * language they chose (`own`, null for none) and their organizations, read from the database.
 */
export async function userAudience(
  repos: Pick<Repositories, 'storefront'>,
  uid: number,
  site: string,
): Promise<{ own: string | null; audience: Audience; organizations: readonly string[] }> {
  const values = await repos.storefront.attributesOf(uid);
  const own = values.language?.[0] ?? null;
  // Their organizations decide which trainings they see, whether restrictions read them or not.
  const organizations = [...(values.organizations ?? [])].sort();
  const audience = audienceOfAttributes({ ...values, language: [own ?? site] });
  return { own, audience, organizations };
}

/**
 * {@link userAudience} with the site's default language, kept until a table they come from
 * changes.
 */
export function keptAudienceOf(
  app: FastifyInstance,
  uid: number,
): Promise<{
  site: string;
  own: string | null;
  audience: Audience;
  organizations: readonly string[];
}> {
  return app.cache.get(
    `audience:${uid}`,
    ['users', 'user_organizations', 'user_roles', 'settings'],
    async () => {
      const site = (await app.repos.settings.get('regional')).default_language || DEFAULT_LANGUAGE;
      return { site, ...(await userAudience(app.repos, uid, site)) };
    },
  );
}

/**
 * An audience as a key: the same for the same values, whatever their order.
 *
 * @example
 * audienceKey({ roles: ['b', 'a'], language: ['en'] }) === audienceKey({ language: ['en'], roles: ['a', 'b'] }) // true
 */
export function audienceKey(audience: Audience): string {
  return JSON.stringify(
    Object.entries(audience)
      .flatMap(([type, values]) => (values?.length ? [[type, [...values].sort()] as const] : []))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}
