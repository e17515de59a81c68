import { readFile } from 'node:fs/promises';
import { projectPath } from '../paths';
import type { Repositories } from '../repositories/create-repositories';

/**
 * The interface translations the project ships, one file per language beside the config:
 * `translations/interface-<langcode>.json`, each English source string to its translation. A
 * product owner who declares a new label, title or help text adds its translation there.
 */
export function shippedTranslationsFile(langcode: string): string {
  return projectPath('translations', `interface-${langcode}.json`);
}

/** The shipped translations of a language (none when it has no file). */
export async function shippedTranslations(langcode: string): Promise<Record<string, string>> {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(langcode)) return {};
  try {
    return JSON.parse(await readFile(shippedTranslationsFile(langcode), 'utf8')) as Record<
      string,
      string
    >;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/**
 * Adds the shipped translations each language lacks, leaving every one an administrator saved
 * as it is: so a string that a new version or a product owner's config adds is translated on
 * the next start, on an existing site too. Pass `langcodes` to do it for some languages only.
 */
export async function addShippedTranslations(
  repos: Pick<Repositories, 'languages'>,
  langcodes?: readonly string[],
): Promise<void> {
  const languages = langcodes ?? (await repos.languages.list()).map((l) => l.langcode);
  for (const langcode of languages)
    await repos.languages.addMissingTranslations(
      langcode,
      'interface',
      await shippedTranslations(langcode),
    );
}
