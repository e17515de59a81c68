import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectionDeclaration, ExportRef } from './manifest';
import {
  closest,
  isExportRef,
  isRecord,
  listed,
  select,
  type ProjectModules,
  type ProjectProblem,
} from './project-files';
import { ajvProblems, uiProblems, type SchemaRegistry } from './schema-checks';

/** A loaded collection: its declarations (undefined where the meta-schema refused one) by key. */
interface LoadedCollection {
  declaration: CollectionDeclaration;
  /** `file#/export` */
  at: string;
  entries: { id: string; value: unknown }[];
  byKey: Map<string, { id: string; value: unknown }>;
}

/** What the collection checks need of the rest of the validation. */
export interface CollectionContext {
  modules: ProjectModules;
  schemas: SchemaRegistry;
  problems: ProjectProblem[];
  /** Each shipped translation file and the English texts it translates. */
  translations: { file: string; keys: Set<string> }[];
}

const where = (c: LoadedCollection, id: string, pointer = '') => `${c.at}/${id}${pointer}`;
const refName = (ref: ExportRef) => `${ref.file}#${ref.export}`;

async function loadCollection(
  declaration: CollectionDeclaration,
  { modules, schemas, problems }: CollectionContext,
): Promise<LoadedCollection | undefined> {
  const { source } = declaration;
  const value = await modules.load(source);
  if (value === undefined) return undefined;
  const at = `${source.file}#/${source.export}`;
  if (typeof value !== 'object' || value === null) {
    problems.push({
      path: at,
      message: `must be a list of ${declaration.name} or an object of them by key`,
    });
    return undefined;
  }
  const raw = Object.entries(value).map(([id, v]) => ({ id, value: v as unknown }));
  const collection: LoadedCollection = { declaration, at, entries: raw, byKey: new Map() };

  if (declaration.meta) {
    const meta = isExportRef(declaration.meta)
      ? await modules.load(declaration.meta)
      : declaration.meta;
    const metaWhere = isExportRef(declaration.meta)
      ? refName(declaration.meta)
      : `validate.config.ts (meta-schema of ${declaration.name})`;
    const check = isRecord(meta) ? schemas.compile(metaWhere, meta) : undefined;
    if (check)
      collection.entries = raw.map((entry) => {
        if (check(entry.value)) return entry;
        problems.push(...ajvProblems(where(collection, entry.id), check.errors, meta));
        return { id: entry.id, value: undefined };
      });
  }

  // A declaration the meta-schema refused still declares its key, so that what refers to it is
  // not reported as well: its own problems say what to fix.
  raw.forEach((rawEntry, index) => {
    const entry = collection.entries[index]!;
    const key = Array.isArray(value)
      ? declaration.key === undefined
        ? undefined
        : select(rawEntry.value, declaration.key)[0]?.value
      : entry.id;
    if (typeof key !== 'string') return;
    const earlier = collection.byKey.get(key);
    if (earlier)
      problems.push({
        path: where(collection, entry.id, declaration.key ?? ''),
        message: `"${key}" is already declared at /${earlier.id}`,
      });
    else collection.byKey.set(key, entry);
  });
  return collection;
}

async function checkSchemaParts(c: LoadedCollection, context: CollectionContext): Promise<void> {
  const { modules, schemas, problems } = context;
  for (const part of c.declaration.schemas ?? []) {
    const shared = isExportRef(part.schema) ? await modules.load(part.schema) : undefined;
    for (const entry of c.entries) {
      if (entry.value === undefined) continue;
      const schemaAt =
        typeof part.schema === 'string' ? where(c, entry.id, part.schema) : refName(part.schema);
      const schema =
        typeof part.schema === 'string' ? select(entry.value, part.schema)[0]?.value : shared;
      if (!isRecord(schema)) continue;
      if (typeof part.schema === 'string' && typeof schema.$id === 'string')
        schemas.add(schemaAt, schema, `${schemaAt}/$id`);
      const validate = schemas.compileChecked(schemaAt, schema);
      if (validate && part.fieldDefaults) problems.push(...fieldDefaultProblems(schemaAt, schema));
      if (validate && part.defaults !== undefined) {
        const found = select(entry.value, part.defaults)[0];
        if (found) {
          const value = structuredClone(found.value);
          if (isRecord(value))
            for (const [field, pointer] of Object.entries(part.fill ?? {}))
              value[field] = select(entry.value, pointer)[0]?.value;
          if (!validate(value))
            problems.push(
              ...ajvProblems(where(c, entry.id, part.defaults), validate.errors).map((p) => ({
                ...p,
                message: `${p.message} (the schema is ${schemaAt})`,
              })),
            );
        }
      }
      if (part.ui !== undefined) {
        const ui = select(entry.value, part.ui)[0];
        if (ui)
          problems.push(
            ...uiProblems(where(c, entry.id, part.ui), ui.value, schema, schemaAt.split('#')[1]!),
          );
      }
    }
  }
}

/**
 * Each field of the schema has a `default`: the value a declaration starts from when nobody set
 * any field. (Whether each default fits its field is checked for every schema.)
 */
function fieldDefaultProblems(schemaAt: string, schema: Record<string, unknown>): ProjectProblem[] {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.entries(properties)
    .filter(([, field]) => !isRecord(field) || field.default === undefined)
    .map(([name]) => ({
      path: `${schemaAt}/properties/${name}`,
      message: `has no default: add a \`default\` that fits it, the value "${name}" starts as`,
    }));
}

function checkFiles(c: LoadedCollection, { modules, problems }: CollectionContext): void {
  for (const file of c.declaration.files ?? [])
    for (const entry of c.entries) {
      if (entry.value === undefined) continue;
      for (const found of select(entry.value, file.at)) {
        if (typeof found.value !== 'string') continue;
        const path = file.pattern.replaceAll('{value}', found.value);
        if (!existsSync(join(modules.root, path)))
          problems.push({
            path: where(c, entry.id, found.pointer),
            message: `no ${file.what ?? 'file'} for "${found.value}": create ${path}, or name one that exists`,
          });
      }
    }
}

/** The strings a pointer selects: a list gives its items, an object its keys. */
const namesAt = (value: unknown, pointer: string): string[] =>
  select(value, pointer).flatMap(({ value: v }) =>
    typeof v === 'string'
      ? [v]
      : Array.isArray(v)
        ? v.filter((x): x is string => typeof x === 'string')
        : isRecord(v)
          ? Object.keys(v)
          : [],
  );

function checkReferences(
  c: LoadedCollection,
  all: Map<string, LoadedCollection>,
  { problems }: CollectionContext,
): void {
  for (const reference of c.declaration.references ?? []) {
    const target = all.get(reference.collection);
    if (!target) {
      problems.push({
        path: `validate.config.ts`,
        message: `${c.declaration.name} refer to "${reference.collection}", which is no collection of the manifest (collections: ${listed([...all.keys()])})`,
      });
      continue;
    }
    for (const entry of c.entries) {
      if (entry.value === undefined) continue;
      let known: string[];
      let of: string;
      if (reference.of !== undefined && reference.field !== undefined) {
        const key = select(entry.value, reference.of)[0]?.value;
        const owner = typeof key === 'string' ? target.byKey.get(key) : undefined;
        // An unknown owner is reported by the reference that checks it.
        if (!owner || owner.value === undefined) continue;
        known = namesAt(owner.value, reference.field);
        of = `${reference.field.slice(1)} of ${reference.collection} "${String(key)}" (${where(target, owner.id)})`;
      } else {
        known = [...target.byKey.keys()];
        of = `the ${reference.collection} (${target.at})`;
      }
      for (const found of select(entry.value, reference.at)) {
        if (typeof found.value !== 'string') continue;
        const text = found.value;
        const names =
          reference.names === undefined
            ? [text]
            : [...text.matchAll(new RegExp(reference.names, 'g'))].flatMap((m) =>
                m[1] === undefined ? [] : [m[1]],
              );
        for (const name of names) {
          if (known.includes(name)) continue;
          const near = closest(name, known);
          const named = name === text ? `"${name}"` : `"${name}" (in "${text}")`;
          problems.push({
            path: where(c, entry.id, found.pointer),
            message: `${named} is not one of ${of}: ${near ? `did you mean "${near}"? ` : ''}known: ${listed(known)}`,
          });
        }
      }
    }
  }
}

function checkTranslated(c: LoadedCollection, { translations, problems }: CollectionContext) {
  for (const pointer of c.declaration.translated ?? [])
    for (const entry of c.entries) {
      if (entry.value === undefined) continue;
      for (const found of select(entry.value, pointer))
        for (const { file, keys } of translations)
          if (typeof found.value === 'string' && !keys.has(found.value))
            problems.push({
              path: where(c, entry.id, found.pointer),
              message: `"${found.value}" has no translation: add it to ${file}`,
            });
    }
}

async function runOwnCheck(c: LoadedCollection, { modules, problems }: CollectionContext) {
  const check = c.declaration.check;
  if (!check) return;
  const found = await check(
    c.entries.map((e) => e.value),
    { load: (ref) => modules.load(ref) },
  );
  for (const problem of found) {
    const base = problem.in ? `${problem.in.file}#/${problem.in.export}` : c.at;
    const id = problem.declaration === undefined ? '' : `/${problem.declaration}`;
    problems.push({ path: `${base}${id}${problem.path}`, message: problem.message });
  }
}

/**
 * Checks every collection of declarations the manifest lists: the meta-schema, unique keys,
 * the schemas each declaration holds (they compile, defaults validate, uiSchemas fit), values
 * naming files, values naming keys of other collections, texts needing translations, and the
 * collection's own check. Returns how many declarations each collection has, and their keys.
 */
export async function checkCollections(
  declarations: readonly CollectionDeclaration[],
  context: CollectionContext,
): Promise<{ name: string; count: number; keys: string[] }[]> {
  const loaded = await Promise.all(declarations.map((d) => loadCollection(d, context)));
  const all = new Map<string, LoadedCollection>();
  for (const c of loaded) if (c) all.set(c.declaration.name, c);
  for (const c of all.values()) {
    await checkSchemaParts(c, context);
    checkFiles(c, context);
    checkReferences(c, all, context);
    checkTranslated(c, context);
    await runOwnCheck(c, context);
  }
  return declarations.map((d) => ({
    name: d.name,
    count: all.get(d.name)?.entries.length ?? 0,
    keys: [...(all.get(d.name)?.byKey.keys() ?? [])],
  }));
}
