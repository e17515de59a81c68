import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { restrictionTypeProblems, type DeclaredAttribute } from '../core/restriction-types';
import { validateRoutesConfig } from '../core/routes';

/** One problem, located by file and a JSON pointer or export name. @example { path: 'routes.config.json#/routes/3/page', message: 'unknown page "shop"' } */
export interface ProjectProblem {
  path: string;
  message: string;
}

/** What {@link validateProject} found. @example if (report.problems.length) process.exitCode = 1; */
export interface ValidationReport {
  problems: ProjectProblem[];
  summary: string;
}

type Module = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function schemaFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.schema.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.split(sep).includes('__tests__'))
    .sort();
}

/** Plain absolute paths work in Node and in Vitest's module runner; Windows needs a file URL. */
const importFile = (file: string) =>
  import(
    /* @vite-ignore */ process.platform === 'win32' ? pathToFileURL(file).href : file
  ) as Promise<Module>;

/** Field names a uiSchema names that its schema has no property for (nested objects and arrays included). */
function unknownUiFields(schema: unknown, ui: unknown, pointer: string): string[] {
  if (!isRecord(schema) || !isRecord(ui)) return [];
  if (schema.type === 'array' || isRecord(schema.items)) {
    return isRecord(ui.items) ? unknownUiFields(schema.items, ui.items, `${pointer}/items`) : [];
  }
  if (!isRecord(schema.properties)) return [];
  const properties = schema.properties;
  return Object.entries(ui).flatMap(([key, value]) => {
    if (key.startsWith('ui:')) return [];
    if (!(key in properties)) return [`${pointer}/${key}`];
    return unknownUiFields(properties[key], value, `${pointer}/${key}`);
  });
}

/**
 * Compiles one schema in its own Ajv instance, adding the project schemas it refers to on
 * demand: schemas embed each other by value (with their `$id`), so one shared instance would
 * see the same id twice.
 */
function compileAlone(
  schema: Record<string, unknown>,
  byId: Map<string, { schema: Record<string, unknown> }>,
): string | undefined {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      ajv.compile(schema);
      return undefined;
    } catch (error) {
      const missing = (error as { missingSchema?: string }).missingSchema;
      const referenced = missing === undefined ? undefined : byId.get(missing);
      if (!referenced) return `does not compile: ${(error as Error).message}`;
      try {
        ajv.addSchema(referenced.schema);
      } catch (addError) {
        return `does not compile: ${(addError as Error).message}`;
      }
    }
  }
  return 'does not compile: too many nested references';
}

async function loadPageKeys(
  root: string,
  problems: ProjectProblem[],
): Promise<string[] | undefined> {
  const file = join(root, 'src', 'app', 'project.ts');
  if (!existsSync(file)) return undefined;
  const project = await importFile(file);
  const keys = project.pageKeys;
  if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) {
    problems.push({
      path: 'src/app/project.ts#pageKeys',
      message: 'must export pageKeys: string[]',
    });
    return undefined;
  }
  return keys;
}

const SECTION_TYPES_FILE = 'schemas/storefront/section-types.ts';
const SECTION_TYPE_META_FILE = 'schemas/config/section-type.schema.ts';
const SECTION_PARTS = ['content', 'settings', 'appearance'] as const;

/** Ajv errors as problems at `where` + their instance path (the missing or unknown key included). */
function ajvProblems(
  where: string,
  errors: readonly ErrorObject[] | null | undefined,
): ProjectProblem[] {
  return (errors ?? []).map((e) => {
    const key =
      e.keyword === 'required'
        ? `/${String(e.params.missingProperty)}`
        : e.keyword === 'additionalProperties'
          ? `/${String(e.params.additionalProperty)}`
          : '';
    return { path: `${where}${e.instancePath}${key}`, message: e.message ?? 'is not valid' };
  });
}

/**
 * Checks the storefront section types the project declares (`sectionTypes` of
 * schemas/storefront/section-types.ts): each against the meta-schema `sectionTypeSchema` of
 * schemas/config/section-type.schema.ts, its content, settings and appearance schemas compile,
 * its defaults validate against them, and types and schema ids are unique. Returns how many
 * types it found, or undefined when the project declares none.
 */
async function validateSectionTypes(
  root: string,
  problems: ProjectProblem[],
): Promise<number | undefined> {
  const file = join(root, SECTION_TYPES_FILE);
  if (!existsSync(file)) return undefined;
  let declared: unknown;
  let meta: unknown;
  try {
    declared = (await importFile(file)).sectionTypes;
  } catch (error) {
    problems.push({
      path: SECTION_TYPES_FILE,
      message: `cannot be loaded: ${(error as Error).message}`,
    });
    return 0;
  }
  const metaFile = join(root, SECTION_TYPE_META_FILE);
  if (existsSync(metaFile)) {
    try {
      meta = (await importFile(metaFile)).sectionTypeSchema;
    } catch {
      // Reported by the schema walk.
    }
  }
  if (!Array.isArray(declared)) {
    problems.push({
      path: `${SECTION_TYPES_FILE}#sectionTypes`,
      message: 'must export sectionTypes: an array',
    });
    return 0;
  }
  if (!isRecord(meta)) {
    problems.push({
      path: `${SECTION_TYPE_META_FILE}#sectionTypeSchema`,
      message: 'must export the section type meta-schema',
    });
    return declared.length;
  }
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const checkMeta = ajv.compile(meta);
  const types = new Map<string, number>();
  const ids = new Map<string, string>();
  declared.forEach((declaration: unknown, index) => {
    const where = `${SECTION_TYPES_FILE}#/sectionTypes/${index}`;
    if (!checkMeta(declaration)) {
      problems.push(...ajvProblems(where, checkMeta.errors));
      return;
    }
    const d = declaration as Record<string, Record<string, unknown>> & { type: string };
    const earlier = types.get(d.type);
    if (earlier !== undefined)
      problems.push({
        path: `${where}/type`,
        message: `"${d.type}" is already declared at /sectionTypes/${earlier}`,
      });
    types.set(d.type, index);
    for (const part of SECTION_PARTS) {
      const schema = d[part]!;
      const id = String(schema.$id);
      const owner = ids.get(id);
      if (owner !== undefined) {
        problems.push({
          path: `${where}/${part}/$id`,
          message: `$id "${id}" is already used by ${owner}`,
        });
        continue;
      }
      ids.set(id, `${where}/${part}`);
      const partAjv = new Ajv({ allErrors: true, strict: false });
      addFormats(partAjv);
      let validate;
      try {
        validate = partAjv.compile(schema);
      } catch (error) {
        problems.push({
          path: `${where}/${part}`,
          message: `does not compile: ${(error as Error).message}`,
        });
        continue;
      }
      if (!validate(structuredClone(d.defaults![part])))
        problems.push(...ajvProblems(`${where}/defaults/${part}`, validate.errors));
      const ui = d.ui?.[part];
      if (ui) problems.push(...uiProblems(`${where}/ui/${part}`, ui, schema));
    }
  });
  return declared.length;
}

const RESTRICTION_TYPES_FILE = 'schemas/entities/restriction-types.ts';
const RESTRICTION_TYPE_META_FILE = 'schemas/config/restriction-type.schema.ts';
const USER_ATTRIBUTES_FILE = 'schemas/entities/user.schema.ts';

/**
 * Checks the audience restriction types the project declares (`restrictionTypeDeclarations` of
 * schemas/entities/restriction-types.ts): each against the meta-schema `restrictionTypeSchema`,
 * and with {@link restrictionTypeProblems} against `userAttributes` of
 * schemas/entities/user.schema.ts: a type may read only an attribute administrators set or a
 * preference, and every field of `userPatchSchema` says who sets it. Returns how many types it
 * found, or undefined when the project declares none.
 */
async function validateRestrictionTypes(
  root: string,
  problems: ProjectProblem[],
): Promise<number | undefined> {
  const file = join(root, RESTRICTION_TYPES_FILE);
  if (!existsSync(file)) return undefined;
  const load = async (name: string, exportName: string): Promise<unknown> => {
    try {
      return (await importFile(join(root, name)))[exportName];
    } catch (error) {
      problems.push({ path: name, message: `cannot be loaded: ${(error as Error).message}` });
      return undefined;
    }
  };
  const declared = await load(RESTRICTION_TYPES_FILE, 'restrictionTypeDeclarations');
  if (!Array.isArray(declared)) {
    problems.push({
      path: `${RESTRICTION_TYPES_FILE}#restrictionTypeDeclarations`,
      message: 'must export restrictionTypeDeclarations: an array',
    });
    return 0;
  }
  const meta = existsSync(join(root, RESTRICTION_TYPE_META_FILE))
    ? await load(RESTRICTION_TYPE_META_FILE, 'restrictionTypeSchema')
    : undefined;
  const attributes = existsSync(join(root, USER_ATTRIBUTES_FILE))
    ? await load(USER_ATTRIBUTES_FILE, 'userAttributes')
    : undefined;
  if (!isRecord(meta) || !isRecord(attributes)) {
    if (!isRecord(meta))
      problems.push({
        path: `${RESTRICTION_TYPE_META_FILE}#restrictionTypeSchema`,
        message: 'must export the restriction type meta-schema',
      });
    if (!isRecord(attributes))
      problems.push({
        path: `${USER_ATTRIBUTES_FILE}#userAttributes`,
        message: 'must export userAttributes: who sets each user attribute',
      });
    return declared.length;
  }
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const checkMeta = ajv.compile(meta);
  const where = `${RESTRICTION_TYPES_FILE}#/restrictionTypeDeclarations`;
  // Declarations the meta-schema refuses are left out of the next check, at their place.
  const shaped = declared.map((declaration: unknown, index) => {
    if (checkMeta(declaration)) return declaration as { type: string; reads: string };
    problems.push(...ajvProblems(`${where}/${index}`, checkMeta.errors));
    return undefined;
  });
  const patch = await load(USER_ATTRIBUTES_FILE, 'userPatchSchema');
  const fields = isRecord(patch) && isRecord(patch.properties) ? Object.keys(patch.properties) : [];
  for (const problem of restrictionTypeProblems(
    shaped,
    attributes as Record<string, DeclaredAttribute>,
    fields,
  ))
    problems.push({
      path:
        problem.in === 'userAttributes'
          ? `${USER_ATTRIBUTES_FILE}#/userAttributes${problem.path}`
          : `${where}${problem.path}`,
      message: problem.message,
    });
  return declared.length;
}

/**
 * Checks an editor uiSchema against the part schema it shows: every key names a property of the
 * schema, and `ui:enumNames` names each value of the property's `enum`, no more, no fewer.
 */
function uiProblems(where: string, ui: unknown, schema: unknown): ProjectProblem[] {
  if (typeof ui !== 'object' || ui === null) return [];
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  const enumValues = (schema as { enum?: unknown[] }).enum;
  const problems: ProjectProblem[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:enumNames') {
      const names = Array.isArray(value) ? value.length : -1;
      if (!enumValues || names !== enumValues.length)
        problems.push({
          path: `${where}/${key}`,
          message: enumValues
            ? `names ${names} values, the enum has ${enumValues.length}`
            : 'the field has no enum to name',
        });
    } else if (!key.startsWith('ui:')) {
      if (!(key in properties))
        problems.push({ path: `${where}/${key}`, message: 'is not a field of the schema' });
      else problems.push(...uiProblems(`${where}/${key}`, value, properties[key]));
    }
  }
  return problems;
}

/**
 * Validates a project: `routes.config.json` (schema and page keys from `src/app/project.ts`
 * when it exists), every exported `*Schema` in `schemas/**\/*.schema.ts` (has an `$id`,
 * compiles with Ajv), every `*UiSchema` (names only fields of its schema), the storefront
 * section types of `schemas/storefront/section-types.ts` (meta-schema, schemas, defaults) and the
 * audience restriction types of `schemas/entities/restriction-types.ts` (meta-schema, the user
 * attributes they read).
 *
 * @example
 * const { problems, summary } = await validateProject(process.cwd());
 */
export async function validateProject(root: string): Promise<ValidationReport> {
  const problems: ProjectProblem[] = [];
  const pageKeys = await loadPageKeys(root, problems);

  let routeCount = 0;
  const configFile = join(root, 'routes.config.json');
  if (!existsSync(configFile)) {
    problems.push({ path: 'routes.config.json', message: 'file not found' });
  } else {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(configFile, 'utf8'));
    } catch (error) {
      problems.push({
        path: 'routes.config.json',
        message: `invalid JSON: ${(error as Error).message}`,
      });
    }
    if (json !== undefined) {
      if (isRecord(json) && Array.isArray(json.routes)) routeCount = json.routes.length;
      for (const p of validateRoutesConfig(json, pageKeys ? { pageKeys } : {})) {
        problems.push({ path: `routes.config.json#${p.path}`, message: p.message });
      }
    }
  }

  const schemas: { where: string; schema: Record<string, unknown> }[] = [];
  let uiCount = 0;
  for (const file of schemaFiles(join(root, 'schemas'))) {
    const name = relative(root, file).split(sep).join('/');
    let module: Module;
    try {
      module = await importFile(file);
    } catch (error) {
      problems.push({ path: name, message: `cannot be loaded: ${(error as Error).message}` });
      continue;
    }
    for (const [exportName, value] of Object.entries(module)) {
      const where = `${name}#${exportName}`;
      if (exportName.endsWith('UiSchema')) {
        uiCount++;
        const stem = exportName.replace(/UiSchema$/, '');
        const schemaExports = Object.keys(module).filter(
          (k) => k.endsWith('Schema') && !k.endsWith('UiSchema'),
        );
        const schemaName =
          [`${stem}Schema`, `${stem}FormSchema`].find((k) => isRecord(module[k])) ??
          (schemaExports.length === 1 ? schemaExports[0] : undefined);
        const schema = schemaName === undefined ? undefined : module[schemaName];
        if (schemaName === undefined || !isRecord(schema)) {
          problems.push({
            path: where,
            message: `no ${stem}Schema or ${stem}FormSchema export beside it`,
          });
          continue;
        }
        for (const field of unknownUiFields(schema, value, '')) {
          problems.push({
            path: `${where}${field}`,
            message: `names a field ${schemaName} does not have`,
          });
        }
      } else if (exportName.endsWith('Schema') && isRecord(value)) {
        if (typeof value.$id !== 'string' || value.$id === '') {
          problems.push({ path: where, message: 'needs an $id' });
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
        schemas.push({ where, schema: value });
      }
    }
  }

  const absolute = schemas.map((s) => s.schema);
  const byId = new Map<string, { where: string; text: string; schema: Record<string, unknown> }>();
  const unique: { where: string; schema: Record<string, unknown> }[] = [];
  absolute.forEach((schema, index) => {
    const { where } = schemas[index]!;
    const id = schema.$id as string;
    const text = JSON.stringify(schema);
    const earlier = byId.get(id);
    if (earlier) {
      if (earlier.text !== text) {
        problems.push({
          path: where,
          message: `$id "${String(schemas[index]!.schema.$id)}" is already used by ${earlier.where}`,
        });
      }
      return;
    }
    byId.set(id, { where, text, schema });
    unique.push({ where, schema });
  });
  for (const { where, schema } of unique) {
    const message = compileAlone(schema, byId);
    if (message !== undefined) problems.push({ path: where, message });
  }

  const sectionTypeCount = await validateSectionTypes(root, problems);
  const restrictionTypeCount = await validateRestrictionTypes(root, problems);

  const keysNote = pageKeys
    ? `${pageKeys.length} page keys`
    : 'page keys not checked (no src/app/project.ts)';
  return {
    problems,
    summary: `OK: routes.config.json (${routeCount} routes, ${keysNote}), ${unique.length} schemas, ${uiCount} uiSchemas${
      sectionTypeCount === undefined ? '' : `, ${sectionTypeCount} section types`
    }${restrictionTypeCount === undefined ? '' : `, ${restrictionTypeCount} restriction types`}`,
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
