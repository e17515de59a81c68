import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkCollections } from './collection-checks';
import type { ValidateConfig } from './manifest';
import { isRecord, ProjectModules, type ProjectProblem } from './project-files';
import { checkRoutes, loadTranslations } from './route-checks';
import { translatableProblems } from '../core/translatable-fields';
import { SchemaRegistry, uiProblems } from './schema-checks';

export type { ProjectProblem } from './project-files';

/** What {@link validateProject} found. @example if (report.problems.length) process.exitCode = 1; */
export interface ValidationReport {
  problems: ProjectProblem[];
  summary: string;
}

/** The manifest of the project: where its config, schemas, translations and declarations are. */
const MANIFEST_FILE = 'validate.config.ts';

const defaults = {
  routes: 'routes.config.json',
  schemaDirs: ['schemas', 'src'],
  translations: 'translations/interface-{lang}.json',
} as const;

/** The source files of the folders, tests and dependencies left out, sorted. */
function sourceFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => {
    const absolute = join(root, dir);
    if (!existsSync(absolute)) return [];
    return readdirSync(absolute, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name))
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter(
        (file) =>
          !file.endsWith('.d.ts') &&
          !file.split('/').some((part) => part === '__tests__' || part === 'node_modules'),
      )
      .sort();
  });
}

/** A uiSchema named by the convention (`<name>UiSchema`), or written inline as a JSX prop. */
const UI_SCHEMA_DECLARATION = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*UiSchema)\b|\buiSchema=\{\{/g;

/**
 * Reports each uiSchema written outside a `*.schema.ts` module, where validate cannot load it
 * to check it against its schema: a `<name>UiSchema` declared in a component, say, or an object
 * passed inline as `uiSchema={{ … }}`. Each at its line and column.
 */
function uiSchemasOutsideModules(
  root: string,
  files: readonly string[],
  problems: ProjectProblem[],
): void {
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!/uiSchema/i.test(text)) continue;
    for (const match of text.matchAll(UI_SCHEMA_DECLARATION)) {
      const name = match[1];
      const start = name === undefined ? match.index : match.index + match[0].length - name.length;
      const before = text.slice(0, start).split('\n');
      const stem = (name ?? '<name>UiSchema').replace(/UiSchema$/, '');
      const what = name === undefined ? 'an inline uiSchema' : `${name} is a uiSchema that`;
      problems.push({
        path: `${file}:${before.length}:${before.at(-1)!.length + 1}`,
        message: `${what} validate cannot check outside a *.schema.ts module: move it into the *.schema.ts module of the schema it shows${name === undefined ? ` as ${stem}UiSchema` : ''} (beside ${stem}Schema or ${stem}FormSchema) and import it from there`,
      });
    }
  }
}

async function loadManifest(
  modules: ProjectModules,
  problems: ProjectProblem[],
): Promise<ValidateConfig> {
  if (!existsSync(join(modules.root, MANIFEST_FILE))) return {};
  const manifest = await modules.load({ file: MANIFEST_FILE, export: 'default' });
  if (manifest === undefined) return {};
  if (
    !isRecord(manifest) ||
    (manifest.collections !== undefined && !Array.isArray(manifest.collections))
  ) {
    problems.push({
      path: `${MANIFEST_FILE}#default`,
      message: 'must export default defineValidateConfig({ … }) with collections: a list',
    });
    return {};
  }
  return manifest;
}

/**
 * Checks every exported schema and uiSchema of the `*.schema.ts` modules: a schema (export named
 * `*Schema`) has an absolute `$id` and is registered; a uiSchema (`<name>UiSchema`) is checked
 * against `<name>Schema` or `<name>FormSchema` beside it, or the module's only schema. Returns
 * how many uiSchemas it checked.
 */
async function checkSchemaModules(
  files: string[],
  modules: ProjectModules,
  schemas: SchemaRegistry,
  problems: ProjectProblem[],
): Promise<number> {
  let uiCount = 0;
  const loaded = await Promise.all(files.map((file) => modules.module(file)));
  files.forEach((name, index) => {
    const module = loaded[index];
    if (!module) return;
    for (const [exportName, value] of Object.entries(module)) {
      const where = `${name}#${exportName}`;
      if (exportName.endsWith('UiSchema')) {
        uiCount++;
        const stem = exportName.replace(/UiSchema$/, '');
        const schemaExports = Object.keys(module).filter(
          (k) => k.endsWith('Schema') && !k.endsWith('UiSchema') && isRecord(module[k]),
        );
        const schemaName =
          [`${stem}Schema`, `${stem}FormSchema`].find((k) => isRecord(module[k])) ??
          (schemaExports.length === 1 ? schemaExports[0] : undefined);
        if (schemaName === undefined) {
          problems.push({
            path: where,
            message: `no ${stem}Schema or ${stem}FormSchema export beside it: export the schema it shows from this file under one of those names`,
          });
          continue;
        }
        problems.push(...uiProblems(where, value, module[schemaName], schemaName));
      } else if (exportName.endsWith('Schema') && isRecord(value)) {
        if (typeof value.$id !== 'string' || value.$id === '') {
          problems.push({ path: where, message: "needs an $id such as 'atrium:name'" });
          continue;
        }
        if (!/^[a-z][a-z0-9+.-]*:/i.test(value.$id)) {
          // A relative id such as `atrium/font` resolves against the referring schema's id in
          // every $ref, so the same name would point at different schemas.
          problems.push({
            path: where,
            message: `needs an absolute $id such as 'atrium:name', not '${value.$id}'`,
          });
          continue;
        }
        schemas.add(where, value);
        for (const problem of translatableProblems(value))
          problems.push({ path: `${where}${problem.pointer}`, message: problem.message });
      }
    }
  });
  return uiCount;
}

/**
 * Validates a project against its manifest `validate.config.ts` (everything optional):
 * the routes config (syntax with line and column, meta-schema, registered page keys, paths the
 * router would match twice, translated breadcrumbs and titles), every `*.schema.ts` module of
 * the schema folders (absolute and unique `$id`s, schemas compile, every `default` fits the
 * schema it stands in, no `$ref` cycle that never reaches a value, uiSchemas fit their schemas),
 * no uiSchema written where it cannot be checked, and each declaration collection the manifest
 * lists (see {@link ValidateConfig}).
 *
 * @example
 * const { problems, summary } = await validateProject(process.cwd());
 */
export async function validateProject(root: string): Promise<ValidationReport> {
  const problems: ProjectProblem[] = [];
  const modules = new ProjectModules(root, problems);
  const manifest = await loadManifest(modules, problems);
  const schemas = new SchemaRegistry(problems);
  const pagesRef = manifest.pages ?? {
    file: 'src/app/project.ts',
    export: 'pageKeys',
    registry: 'src/app/pages.ts',
  };
  const sources = sourceFiles(root, manifest.schemaDirs ?? defaults.schemaDirs);
  const files = sources.filter((file) => file.endsWith('.schema.ts'));
  uiSchemasOutsideModules(
    root,
    sources.filter((file) => !file.endsWith('.schema.ts')),
    problems,
  );

  const [pageKeys, uiCount] = await Promise.all([
    existsSync(join(root, pagesRef.file)) ? modules.load(pagesRef) : undefined,
    checkSchemaModules(files, modules, schemas, problems),
  ]);
  let pages: { keys: string[]; registry: string } | undefined;
  if (Array.isArray(pageKeys) && pageKeys.every((k) => typeof k === 'string'))
    pages = { keys: pageKeys, registry: pagesRef.registry };
  else if (pageKeys !== undefined)
    problems.push({
      path: `${pagesRef.file}#${pagesRef.export}`,
      message: 'must export the page keys as a list of strings',
    });

  const translations = loadTranslations(
    root,
    manifest.translations ?? defaults.translations,
    problems,
  );
  const schemaCount = schemas.compileAll();
  const counts = await checkCollections(manifest.collections ?? [], {
    modules,
    schemas,
    problems,
    translations,
  });
  const documents = counts.find((c) => c.name === manifest.routeDocuments)?.keys;
  const routesFile = manifest.routes ?? defaults.routes;
  const routeCount = checkRoutes(root, routesFile, { pages, documents }, translations, problems);
  schemas.reportCycles();

  // The same problem found by two checks is reported once, with the longer advice.
  const byPath = new Map<string, ProjectProblem[]>();
  for (const p of problems) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return !byPath
      .get(p.path)!
      .some((other) => other.message !== p.message && other.message.startsWith(p.message));
  });
  const keysNote = pages
    ? `${pages.keys.length} page keys`
    : `page keys not checked (no ${pagesRef.file})`;
  const languagesNote = translations.length > 0 ? `, ${translations.length} translations` : '';
  return {
    problems: unique,
    summary: `OK: ${routesFile} (${routeCount} routes, ${keysNote}${languagesNote}), ${schemaCount} schemas, ${uiCount} uiSchemas${counts
      .map(({ name, count }) => `, ${count} ${name}`)
      .join('')}`,
  };
}

/**
 * Formats problems one per line as `path: message`.
 *
 * @example
 * console.error(formatProblems(report.problems));
 */
export function formatProblems(problems: ProjectProblem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('\n');
}
