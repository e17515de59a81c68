import type { Translation } from '@schemas/entities/language.schema';

/** Separates the singular and plural English forms of a plural interface string. */
export const PLURAL_SEPARATOR = '\u0003';

/** One interface string of the translations editor. */
export interface TranslationRow {
  source: string;
  /** The stored translation; '' when there is none. */
  translation: string;
  untranslated: boolean;
}

/**
 * Every interface string of a language, A to Z: the stored translations together with the
 * strings the server lists as untranslated.
 */
export function translationRows(stored: Translation[], untranslated: string[]): TranslationRow[] {
  const rows = new Map<string, TranslationRow>();
  for (const { source, translation } of stored)
    rows.set(source, { source, translation, untranslated: false });
  for (const source of untranslated)
    if (!rows.has(source)) rows.set(source, { source, translation: '', untranslated: true });
  return [...rows.values()].sort((a, b) =>
    a.source < b.source ? -1 : a.source > b.source ? 1 : 0,
  );
}

/** Whether a row's English text or its (draft) translation contains `search`, ignoring case. */
export function rowMatches(
  row: TranslationRow,
  draft: string | undefined,
  search: string,
): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [row.source.replaceAll(PLURAL_SEPARATOR, ' '), draft ?? row.translation].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}
