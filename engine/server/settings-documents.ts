import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  settingsDocumentSchema,
  type SettingsDocumentDeclaration,
} from '@schemas/config/settings-document.schema';
import { assertJsonSchema, SHARED_META_CHECK } from './json-schema-check';

/** One problem of a settings document declaration, at a JSON pointer into the list. */
export interface SettingsDocumentProblem {
  path: string;
  message: string;
}

/** A declared settings document, ready to serve: how to fill its defaults in. */
export interface CompiledSettingsDocument {
  declaration: SettingsDocumentDeclaration;
  /** A stored value with the defaults filled in where it has nothing (a copy). */
  withDefaults: (stored: unknown) => Record<string, unknown>;
}

const newAjv = (useDefaults: boolean) => {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults, ...SHARED_META_CHECK });
  addFormats(ajv);
  return ajv;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const describe = (e: ErrorObject) =>
  e.keyword === 'additionalProperties'
    ? `unknown property "${String(e.params.additionalProperty)}"`
    : e.keyword === 'enum'
      ? `${e.message ?? 'invalid value'}: ${(e.params.allowedValues as unknown[]).join(', ')}`
      : (e.message ?? 'invalid');

const problemsOf = (errors: ErrorObject[] | null | undefined, at: string) =>
  (errors ?? []).map((e) => ({ path: `${at}${e.instancePath}`, message: describe(e) }));

/** A schema without its `$id`s, so a part of it compiles on its own. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!isRecord(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== '$id')
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

/** Every subschema with a `default`, with its JSON pointer inside the schema. */
function defaultsIn(schema: unknown, at: string): { at: string; node: Record<string, unknown> }[] {
  if (!isRecord(schema)) return [];
  const out = 'default' in schema ? [{ at, node: schema }] : [];
  const nested = (key: string) => {
    const value = schema[key];
    if (isRecord(value) && key !== 'properties') out.push(...defaultsIn(value, `${at}/${key}`));
    if (Array.isArray(value))
      value.forEach((item, i) => out.push(...defaultsIn(item, `${at}/${key}/${i}`)));
  };
  ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'].forEach(nested);
  if (isRecord(schema.properties))
    for (const [name, property] of Object.entries(schema.properties))
      out.push(...defaultsIn(property, `${at}/properties/${name}`));
  return out;
}

/**
 * Checks settings document declarations: each against the meta-schema
 * (`schemas/config/settings-document.schema.ts`), keys and schema `$id`s unique, the schema
 * compiles, every `default` in it is valid where it stands, and the document its defaults make
 * is valid. Returns every problem, with paths into the list (`/0/schema/properties/title/default`).
 *
 * @example
 * settingsDocumentProblems([{ key: 'colours', schema: {...}, access: { read: [], change: [] } }]);
 * // [{ path: '/0/access/read', message: 'must NOT have fewer than 1 items' }]
 */
export function settingsDocumentProblems(
  declarations: readonly unknown[],
): SettingsDocumentProblem[] {
  const problems: SettingsDocumentProblem[] = [];
  const meta = newAjv(false).compile(settingsDocumentSchema);
  const keys = new Map<string, number>();
  const ids = new Map<string, number>();
  declarations.forEach((declared, index) => {
    const at = `/${index}`;
    if (!meta(declared)) {
      problems.push(...problemsOf(meta.errors, at));
      return;
    }
    const { key, schema } = declared as SettingsDocumentDeclaration;
    for (const [seen, value, path] of [
      [keys, key, 'key'],
      [ids, schema.$id, 'schema/$id'],
    ] as const) {
      const earlier = seen.get(value);
      if (earlier !== undefined)
        problems.push({
          path: `${at}/${path}`,
          message: `"${value}" is already declared at /${earlier}`,
        });
      seen.set(value, index);
    }
    let fill: ValidateFunction;
    try {
      assertJsonSchema(schema);
      fill = newAjv(true).compile(schema);
    } catch (error) {
      problems.push({ path: `${at}/schema`, message: (error as Error).message });
      return;
    }
    for (const { at: where, node } of defaultsIn(schema, `${at}/schema`)) {
      const validate = newAjv(false).compile(withoutIds({ ...node }) as object);
      if (!validate(structuredClone(node.default)))
        problems.push(...problemsOf(validate.errors, `${where}/default`));
    }
    if (!fill({}))
      problems.push(
        ...problemsOf(fill.errors, `${at}/schema/default`).map((p) => ({
          ...p,
          message: `the defaults make no valid document: ${p.message}`,
        })),
      );
  });
  return problems;
}

/**
 * Compiles the declared settings documents once, when the server starts, after checking them
 * with {@link settingsDocumentProblems}: a server with a wrong declaration does not start.
 *
 * @throws Error listing every problem
 * @example
 * const documents = compileSettingsDocuments(settingsDocuments);
 * documents.get('colours')?.withDefaults(stored);
 */
export function compileSettingsDocuments(
  declarations: readonly SettingsDocumentDeclaration[],
): Map<string, CompiledSettingsDocument> {
  const problems = settingsDocumentProblems(declarations);
  if (problems.length)
    throw new Error(
      `Invalid settings documents (schemas/settings-documents):\n${problems
        .map((p) => `${p.path}: ${p.message}`)
        .join('\n')}`,
    );
  const ajv = newAjv(true);
  return new Map(
    declarations.map((declaration) => {
      const fill = ajv.compile(declaration.schema);
      const withDefaults = (stored: unknown) => {
        const value = isRecord(stored) ? structuredClone(stored) : {};
        fill(value);
        return value;
      };
      return [declaration.key, { declaration, withDefaults }];
    }),
  );
}
