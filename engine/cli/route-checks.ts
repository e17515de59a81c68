import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { validateRoutesConfig } from '../core/routes';
import { closest, isRecord, listed, readJson, select, type ProjectProblem } from './project-files';

/** A shipped translation file and the English texts it translates. */
export interface Translations {
  file: string;
  keys: Set<string>;
}

/**
 * The shipped translation files matching `pattern` (`translations/interface-{lang}.json`), each
 * with its keys; a file that is not a JSON object of strings is reported.
 */
export function loadTranslations(
  root: string,
  pattern: string,
  problems: ProjectProblem[],
): Translations[] {
  const folder = dirname(pattern);
  if (!existsSync(join(root, folder))) return [];
  const [before = '', after = ''] = pattern.slice(folder.length + 1).split('{lang}');
  return readdirSync(join(root, folder))
    .filter((name) => name.startsWith(before) && name.endsWith(after) && name !== before + after)
    .sort()
    .flatMap((name) => {
      const file = `${folder}/${name}`;
      const json = readJson(root, file, problems);
      if (!json) return [];
      if (!isRecord(json.value)) {
        problems.push({ path: file, message: 'must be an object: English text → translation' });
        return [];
      }
      return [{ file, keys: new Set(Object.keys(json.value)) }];
    });
}

/**
 * Checks the routes config: its syntax (line and column), its meta-schema, page keys, paths
 * the router would match twice, access flags, and that every breadcrumb, title, description and
 * user menu label has a translation in each shipped language. Returns how many top-level routes it has.
 */
export function checkRoutes(
  root: string,
  file: string,
  names: {
    pages: { keys: string[]; registry: string } | undefined;
    /** The keys a route's `document` may name (`routeDocuments` of the manifest), when it names them. */
    documents: string[] | undefined;
  },
  translations: Translations[],
  problems: ProjectProblem[],
): number {
  if (!existsSync(join(root, file))) {
    problems.push({ path: file, message: 'file not found: every project declares its routes' });
    return 0;
  }
  const json = readJson(root, file, problems);
  if (!json) return 0;
  const { pages, documents } = names;
  for (const p of validateRoutesConfig(json.value, {
    ...(pages ? { pageKeys: pages.keys } : {}),
    ...(documents ? { documentKeys: documents } : {}),
  })) {
    const page = /^unknown page "(.*)"$/.exec(p.message);
    const near = page && pages ? closest(page[1]!, pages.keys) : undefined;
    const message =
      page && pages
        ? `${p.message}: ${near ? `did you mean "${near}"? ` : ''}register the page in ${pages.registry} (known keys: ${listed(pages.keys)})`
        : p.message;
    problems.push({ path: `${file}#${p.path}`, message });
  }
  const texts = {
    breadcrumb: 'breadcrumb',
    title: 'title',
    description: 'description',
    'userMenu/label': 'user menu label',
  };
  for (const [field, name] of Object.entries(texts))
    for (const found of routeTexts(json.value, field))
      for (const { file: translationFile, keys } of translations)
        if (!keys.has(found.value))
          problems.push({
            path: `${file}#${found.pointer}`,
            message: `${name} "${found.value}" has no translation in ${translationFile}: add "${found.value}" to it`,
          });
  return isRecord(json.value) && Array.isArray(json.value.routes) ? json.value.routes.length : 0;
}

/**
 * Every string `field` of a route (a path of keys: `userMenu/label`), children included, with
 * its pointer.
 */
function routeTexts(config: unknown, field: string): { pointer: string; value: string }[] {
  const out: { pointer: string; value: string }[] = [];
  const visit = (base: string) => {
    for (const route of select(config, `${base}/*`)) {
      const text = field
        .split('/')
        .reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), route.value);
      if (typeof text === 'string' && text.trim() !== '')
        out.push({ pointer: `${route.pointer}/${field}`, value: text });
      visit(`${route.pointer}/children`);
    }
  };
  visit('/routes');
  return out;
}
