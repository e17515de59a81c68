import type { RestrictionItem, RestrictionType } from '@schemas/entities/storefront.schema';

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
