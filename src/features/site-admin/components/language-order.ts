import type { Language } from '@schemas/entities/language.schema';
import type { LanguageChange } from '@/lib/queries/site-admin-languages-update';

/**
 * The weight changes that move the language at `index` one place up (-1) or down (+1). The
 * weights become the positions 0, 1, 2…, so equal or scattered weights still give a clear order;
 * only languages whose weight really changes are listed. Empty when the move is impossible.
 */
export function moveLanguage(
  languages: Language[],
  index: number,
  delta: -1 | 1,
): LanguageChange[] {
  const target = index + delta;
  if (index < 0 || index >= languages.length || target < 0 || target >= languages.length) return [];
  const order = [...languages];
  const [moved] = order.splice(index, 1);
  order.splice(target, 0, moved!);
  return order.flatMap((language, weight) =>
    language.weight === weight ? [] : [{ langcode: language.langcode, patch: { weight } }],
  );
}
