import type { RestrictionItem, RestrictionType } from '@schemas/entities/storefront.schema';
import type { FastifyInstance } from 'fastify';

/**
 * Who a storefront is built for: the values of each restriction type they have. A visitor has
 * only a language; a preview audience has the filters the manager chose. A type the audience
 * has no values for matches no restriction on it.
 */
export type Audience = Partial<Record<RestrictionType, readonly string[]>>;

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

/** The site's default language when none is set. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * A signed-in user's audience (in the site's default language when they chose none) and that
 * language, kept until a table they come from changes.
 */
export function keptAudienceOf(
  app: FastifyInstance,
  uid: number,
): Promise<{ site: string; audience: Audience }> {
  return app.cache.get(
    `audience:${uid}`,
    ['users', 'user_organizations', 'user_roles', 'settings'],
    async () => {
      const site = (await app.repos.settings.get('regional')).default_language || DEFAULT_LANGUAGE;
      return { site, audience: await app.repos.storefront.audienceOf(uid, site) };
    },
  );
}
