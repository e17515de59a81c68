import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { closest, isRecord, listed, select, type ProjectProblem } from './project-files';

type Schema = Record<string, unknown>;

/** The key a schema without an `$id` is compiled under. */
const ANONYMOUS = 'validate:schema';

/** Keywords holding subschemas by name, in a list, or as one. */
const SUBSCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
]);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SUBSCHEMAS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

const encodePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const decodeSegment = (segment: string) =>
  decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The advice a schema gives for an error: the `description` of the deepest node on the error's
 * schema path below the root (a meta-schema says there what a value must be and where the
 * values it allows are declared).
 */
function hintOf(schema: unknown, schemaPath: string): string | undefined {
  if (!schemaPath.startsWith('#/')) return undefined;
  let node = schema;
  let hint: string | undefined;
  for (const segment of schemaPath.slice(2).split('/').map(decodeSegment)) {
    if (typeof node !== 'object' || node === null) break;
    node = (node as Record<string, unknown>)[segment];
    if (isRecord(node) && typeof node.description === 'string') hint = node.description;
  }
  return hint;
}

/**
 * Ajv errors as problems at `where` + their instance path (the missing or unknown key included).
 * With `hints` (the schema that was validated against), each message ends with the advice the
 * schema gives as the `description` of the failing node or one above it.
 */
export function ajvProblems(
  where: string,
  errors: readonly ErrorObject[] | null | undefined,
  hints?: unknown,
): ProjectProblem[] {
  // An `if` error only says that its `then` or `else` failed; those errors say how.
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const key =
        e.keyword === 'required'
          ? `/${String(e.params.missingProperty)}`
          : e.keyword === 'additionalProperties'
            ? `/${String(e.params.additionalProperty)}`
            : '';
      let message = e.message ?? 'is not valid';
      if (e.keyword === 'additionalProperties' && isRecord(e.parentSchema?.properties))
        message += `: remove it (known keys: ${listed(Object.keys(e.parentSchema.properties))})`;
      else if (e.keyword === 'enum') {
        const allowed = e.params.allowedValues as unknown[];
        const near =
          typeof e.data === 'string'
            ? closest(
                e.data,
                allowed.filter((v): v is string => typeof v === 'string'),
              )
            : undefined;
        message = `${JSON.stringify(e.data)} is not one of the allowed values: ${near ? `did you mean "${near}"? ` : ''}allowed: ${listed(allowed.map((v) => JSON.stringify(v)))}`;
      } else if (e.keyword === 'const')
        message = `must be ${JSON.stringify(e.params.allowedValue)}, not ${JSON.stringify(e.data)}`;
      const hint = hints === undefined ? undefined : hintOf(hints, e.schemaPath);
      return {
        path: `${where}${e.instancePath}${key}`,
        message: hint ? `${message} (${hint})` : message,
      };
    });
}

/**
 * Every schema of the project by `$id`: the exported ones and those declarations hold. Checks
 * that an id names one schema only, compiles each schema alone, and finds `$ref` cycles that
 * never reach a value.
 */
export class SchemaRegistry {
  private readonly byId = new Map<string, { where: string; text: string; schema: Schema }>();
  /** What {@link compileChecked} found for each place, so a shared schema is checked once. */
  private readonly checked = new Map<
    string,
    { schema: Schema; validate: ValidateFunction | undefined }
  >();

  constructor(private readonly problems: ProjectProblem[]) {}

  get size(): number {
    return this.byId.size;
  }

  /**
   * Adds a schema found at `where`. Schemas embed each other by value, so the same id with the
   * same text is the same schema; the same id with other text is a mistake. Returns whether it
   * was new.
   */
  add(where: string, schema: Schema, idPath = where): boolean {
    const id = schema.$id as string;
    const text = JSON.stringify(schema);
    const earlier = this.byId.get(id);
    if (earlier) {
      if (earlier.text !== text)
        this.problems.push({
          path: idPath,
          message: `$id "${id}" is already used by ${earlier.where} for another schema: give this one its own $id`,
        });
      return false;
    }
    this.byId.set(id, { where, text, schema });
    return true;
  }

  /**
   * Compiles one schema in its own Ajv instance, adding the project schemas it refers to on
   * demand: schemas embed each other by value (with their `$id`), so one shared instance would
   * see the same id twice. Returns the validator or reports why it does not compile.
   */
  compile(where: string, schema: Schema): ValidateFunction | undefined {
    return this.prepare(where, schema)?.validate;
  }

  private prepare(
    where: string,
    schema: Schema,
  ): { ajv: Ajv; key: string; validate: ValidateFunction } | undefined {
    const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    addFormats(ajv);
    const key = typeof schema.$id === 'string' && schema.$id !== '' ? schema.$id : ANONYMOUS;
    const fail = (message: string) => {
      this.problems.push({ path: where, message: `does not compile: ${message}` });
      return undefined;
    };
    // A keyword with a value JSON Schema does not allow, at its pointer: the first error of each
    // place (the others are the alternatives the meta-schema offers there).
    let valid: boolean;
    try {
      valid = ajv.validateSchema(schema) as boolean;
    } catch (error) {
      return fail(`${(error as Error).message}; fix the keyword it names`);
    }
    if (!valid) {
      const places = new Set<string>();
      for (const problem of ajvProblems(where, ajv.errors)) {
        if (places.has(problem.path)) continue;
        places.add(problem.path);
        this.problems.push({
          path: problem.path,
          message: `not valid JSON Schema, so the schema does not compile: ${problem.message}; correct the keyword`,
        });
      }
      return undefined;
    }
    try {
      ajv.addSchema(schema, key === ANONYMOUS ? key : undefined);
    } catch (error) {
      return fail(`${(error as Error).message}; fix the keyword it names`);
    }
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        const validate = ajv.getSchema(key);
        return validate ? { ajv, key, validate } : fail('Ajv found no schema');
      } catch (error) {
        const missing = (error as { missingSchema?: string }).missingSchema;
        const referenced = missing === undefined ? undefined : this.byId.get(missing);
        if (!referenced) {
          const hint =
            missing === undefined
              ? 'fix the keyword it names'
              : `no schema of the project has the $id "${missing}": correct the $ref or export that schema from a *.schema.ts file`;
          return fail(`${(error as Error).message}; ${hint}`);
        }
        try {
          ajv.addSchema(referenced.schema);
        } catch (addError) {
          return fail((addError as Error).message);
        }
      }
    }
    return fail('too many nested references');
  }

  /**
   * Compiles the schema and checks that each `default` it holds, at any depth, fits the schema
   * it stands in: forms and the server fill defaults in, so a wrong one is stored as it is.
   * Schemas of the project it embeds by value (with their `$id`) are checked as themselves.
   * Returns the validator, or undefined when the schema does not compile (reported).
   */
  compileChecked(where: string, schema: Schema): ValidateFunction | undefined {
    const earlier = this.checked.get(where);
    if (earlier?.schema === schema) return earlier.validate;
    const validate = this.compileAndCheckDefaults(where, schema);
    this.checked.set(where, { schema, validate });
    return validate;
  }

  private compileAndCheckDefaults(where: string, schema: Schema): ValidateFunction | undefined {
    const prepared = this.prepare(where, schema);
    if (!prepared) return undefined;
    const { ajv, key } = prepared;
    const visit = (node: unknown, pointer: string) => {
      if (!isRecord(node)) return;
      if (pointer !== '' && typeof node.$id === 'string' && this.byId.has(node.$id)) return;
      if (node.default !== undefined) {
        const fragment = pointer
          .split('/')
          .map((segment) => encodeURIComponent(segment))
          .join('/');
        let validate: ValidateFunction | undefined;
        try {
          validate = pointer === '' ? prepared.validate : ajv.getSchema(`${key}#${fragment}`);
        } catch {
          validate = undefined;
        }
        if (validate && !validate(structuredClone(node.default)))
          this.problems.push(
            ...ajvProblems(`${where}${pointer}/default`, validate.errors).map((p) => ({
              ...p,
              message: `${p.message}: the default must fit the schema it stands in; correct the default or the schema`,
            })),
          );
      }
      for (const [keyword, value] of Object.entries(node)) {
        const at = `${pointer}/${encodePointer(keyword)}`;
        if (SUBSCHEMA_MAPS.has(keyword) && isRecord(value))
          for (const [name, sub] of Object.entries(value))
            visit(sub, `${at}/${encodePointer(name)}`);
        else if ((SUBSCHEMA_LISTS.has(keyword) || keyword === 'items') && Array.isArray(value))
          value.forEach((sub, index) => visit(sub, `${at}/${index}`));
        else if (SUBSCHEMAS.has(keyword)) visit(value, at);
      }
    };
    visit(schema, '');
    return prepared.validate;
  }

  /** Compiles every schema added so far; returns how many there are. */
  compileAll(): number {
    for (const { where, schema } of this.byId.values()) this.compileChecked(where, schema);
    return this.byId.size;
  }

  /**
   * Reports each `$ref` cycle that passes through no property or item: such schemas are each
   * other without ever describing a value, so validating loops until the stack overflows.
   * Recursion through a property or item (a tree of routes) is fine.
   */
  reportCycles(): void {
    const edges = new Map<string, string[]>();
    const nodeOf = (ref: string, base: string) => {
      const [id = '', fragment = ''] = ref.split('#');
      return `${id === '' ? base : id}#${fragment}`;
    };
    const resolve = (node: string): unknown => {
      const [id = '', fragment = ''] = node.split('#');
      const schema = this.byId.get(id)?.schema;
      return fragment === '' ? schema : select(schema, fragment)[0]?.value;
    };
    // Refs reached without descending into properties or items: the same value.
    const sameValueRefs = (node: unknown, base: string): string[] => {
      if (!isRecord(node)) return [];
      const refs = typeof node.$ref === 'string' ? [nodeOf(node.$ref, base)] : [];
      for (const key of ['allOf', 'anyOf', 'oneOf'])
        if (Array.isArray(node[key]))
          for (const sub of node[key]) refs.push(...sameValueRefs(sub, base));
      for (const key of ['not', 'if', 'then', 'else']) refs.push(...sameValueRefs(node[key], base));
      return refs;
    };
    const pending = [...this.byId.keys()].map((id) => `${id}#`);
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (edges.has(node)) continue;
      const base = node.split('#')[0]!;
      const next = sameValueRefs(resolve(node), base).filter((n) =>
        this.byId.has(n.split('#')[0]!),
      );
      edges.set(node, next);
      pending.push(...next);
    }
    const reported = new Set<string>();
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, 'open');
      stack.push(node);
      for (const next of edges.get(node) ?? []) {
        if (state.get(next) === 'open') {
          const cycle = stack.slice(stack.indexOf(next));
          const key = [...cycle].sort().join(' ');
          if (!reported.has(key)) {
            reported.add(key);
            const name = (n: string) => (n.endsWith('#') ? n.slice(0, -1) : n);
            const chain = [...cycle, next].map(name).join(' → ');
            const first = this.byId.get(next.split('#')[0]!)!;
            this.problems.push({
              path: first.where,
              message: `$ref cycle ${chain}: each refers to the next without describing a property or item, so validating never ends; drop one $ref or move it into a property or items`,
            });
          }
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, 'done');
    };
    for (const id of this.byId.keys()) if (!state.has(`${id}#`)) visit(`${id}#`);
  }
}

/**
 * The fields a form of the schema can show: its properties and those its `allOf`, `anyOf`,
 * `oneOf`, `if`/`then`/`else` and `dependencies` branches add (rjsf merges them in when they
 * apply). Undefined when the schema describes no object fields.
 */
function propertiesOf(schema: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema)) return undefined;
  const found: Record<string, unknown> = {};
  let any = false;
  const collect = (node: unknown) => {
    if (!isRecord(node)) return;
    if (isRecord(node.properties)) {
      any = true;
      for (const [k, v] of Object.entries(node.properties)) if (!(k in found)) found[k] = v;
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[key])) node[key].forEach(collect);
    for (const key of ['then', 'else']) collect(node[key]);
    if (isRecord(node.dependencies)) Object.values(node.dependencies).forEach(collect);
  };
  collect(schema);
  return any ? found : undefined;
}

/**
 * Checks an rjsf uiSchema against the schema it shows, at every level: each key names a field,
 * `ui:order` names only fields and, without a `'*'`, every field (rjsf stops the form
 * otherwise), and `ui:enumNames` names each value of the field's `enum`.
 *
 * @example
 * uiProblems('forms/x.schema.ts#xUiSchema', { nmae: {} }, xSchema, 'xSchema');
 */
export function uiProblems(
  where: string,
  ui: unknown,
  schema: unknown,
  schemaName: string,
): ProjectProblem[] {
  if (!isRecord(ui) || !isRecord(schema)) return [];
  const problems: ProjectProblem[] = [];
  const properties = propertiesOf(schema);
  const fields = properties ? Object.keys(properties) : [];
  const isArray = schema.type === 'array' || isRecord(schema.items);
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:enumNames') {
      const enumValues = (schema as { enum?: unknown[] }).enum;
      const names = Array.isArray(value) ? value.length : -1;
      if (!enumValues || names !== enumValues.length)
        problems.push({
          path: `${where}/${key}`,
          message: enumValues
            ? `names ${names} values, the enum has ${enumValues.length}: give one name per value, in the enum's order`
            : 'the field has no enum to name: remove ui:enumNames',
        });
    } else if (key === 'ui:order' && properties && Array.isArray(value)) {
      const order = value as unknown[];
      order.forEach((name, index) => {
        if (name !== '*' && (typeof name !== 'string' || !(name in properties)))
          problems.push({
            path: `${where}/ui:order/${index}`,
            message: `"${String(name)}" is not a field of ${schemaName}: remove it from ui:order (fields: ${listed(fields)})`,
          });
      });
      if (!order.includes('*')) {
        const missing = fields.filter((f) => !order.includes(f));
        if (missing.length > 0)
          problems.push({
            path: `${where}/ui:order`,
            message: `leaves out ${missing.map((f) => `"${f}"`).join(', ')} of ${schemaName}, which rjsf refuses at runtime ("uiSchema order list does not contain property"): add ${missing.length > 1 ? 'them' : 'it'}, or '*' for the rest`,
          });
      }
    } else if (key.startsWith('ui:')) {
      continue;
    } else if (isArray && key === 'items') {
      problems.push(...uiProblems(`${where}/items`, value, schema.items, schemaName));
    } else if (properties) {
      if (!(key in properties))
        problems.push({
          path: `${where}/${key}`,
          message: `is not a field of ${schemaName}: remove it or correct the name (fields: ${listed(fields)})`,
        });
      else problems.push(...uiProblems(`${where}/${key}`, value, properties[key], schemaName));
    }
  }
  return problems;
}
