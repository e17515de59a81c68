import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidatorType,
} from '@rjsf/utils';

/** Schemas by absolute URI, as `dereference` collects them for `$ref`. */
type Lookup = ReturnType<typeof dereference>;

/** The draft of the project's schemas (the default of Ajv, which checks them on the server). */
const DRAFT = '7';

/**
 * Units that only say "something inside failed"; the units after them say what. Ajv reports
 * those inner failures alone, and so do we.
 */
const SUMMARIES = new Set([
  '$ref',
  '$recursiveRef',
  'allOf',
  'if',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'dependentSchemas',
  'propertyNames',
]);

/** Keywords that refuse extra members with a `false` schema: Ajv names the member on its parent. */
const EXTRAS = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
]);

/** Where Ajv puts a keyword's schema value in `params`; the form's messages read them there. */
const PARAM_NAMES: Readonly<Record<string, string>> = {
  minLength: 'limit',
  maxLength: 'limit',
  minItems: 'limit',
  maxItems: 'limit',
  minProperties: 'limit',
  maxProperties: 'limit',
  minimum: 'limit',
  maximum: 'limit',
  exclusiveMinimum: 'limit',
  exclusiveMaximum: 'limit',
  multipleOf: 'multipleOf',
  type: 'type',
  format: 'format',
  pattern: 'pattern',
  enum: 'allowedValues',
  const: 'allowedValue',
};

/** The keys of a location such as `#/sections/0/title` (URI-encoded JSON Pointer). */
function segments(location: string): string[] {
  return location
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The value at `path` in data, or in a schema when `lookup` is given (a `$ref` key follows the reference). */
function at(node: unknown, path: string[], lookup?: Lookup): unknown {
  let value = node;
  for (const key of path) {
    if (!isRecord(value)) return undefined;
    if (lookup && key === '$ref') {
      const schema = value as Schema;
      value = lookup[schema.__absolute_ref__ ?? String(schema.$ref)];
    } else {
      value = value[key];
    }
  }
  return value;
}

const lookups = new WeakMap<object, Lookup>();

/** The schemas a root's `$ref`s can reach, by absolute URI and by fragment (`#/definitions/x`). */
function lookupOf(root: RJSFSchema): Lookup {
  let lookup = lookups.get(root);
  if (!lookup) {
    lookup = dereference(root as Schema);
    // rjsf hands `isValid` copies of the root's parts, whose relative `$ref`s were never resolved.
    for (const [uri, schema] of Object.entries(lookup)) {
      const hash = uri.indexOf('#');
      lookup[hash < 0 ? '#' : uri.slice(hash)] ??= schema;
    }
    lookups.set(root, lookup);
  }
  return lookup;
}

/** Form data as JSON has it: a key whose value is `undefined` is missing, as for Ajv. */
function plain(data: unknown): unknown {
  const json = JSON.stringify(data);
  return json === undefined ? undefined : JSON.parse(json);
}

/** Validation units in rjsf's (and Ajv's) shape: `name`, `.a.0.b` property, `params`. */
function toValidationErrors(
  units: OutputUnit[],
  root: RJSFSchema,
  lookup: Lookup,
  data: unknown,
): RJSFValidationError[] {
  const requiredSeen = new Map<string, number>();
  const errors: RJSFValidationError[] = [];
  units.forEach((unit, i) => {
    const previous = units[i - 1];
    const next = units[i + 1];
    // `dependencies` summarises a schema dependency, but is itself the failure of a list of keys.
    const nested = next?.keywordLocation.startsWith(`${unit.keywordLocation}/`) ?? false;
    if (SUMMARIES.has(unit.keyword) || (unit.keyword === 'dependencies' && nested)) return;

    let name = unit.keyword;
    const path = segments(unit.instanceLocation);
    const params: Record<string, unknown> = {};
    if (name === 'false' && previous && EXTRAS.has(previous.keyword)) {
      name = previous.keyword;
      params.additionalProperty = path.pop();
    } else if (name === 'required') {
      // One unit per missing key, in the order of the schema's list; the unit does not name it.
      const where = `${unit.instanceLocation} ${unit.keywordLocation}`;
      const n = requiredSeen.get(where) ?? 0;
      requiredSeen.set(where, n + 1);
      const required = at(root, segments(unit.keywordLocation), lookup);
      const object = at(data, path);
      const missing =
        Array.isArray(required) && isRecord(object)
          ? required.filter((key) => !Object.hasOwn(object, String(key)))
          : [];
      const key = String(missing[n] ?? '');
      path.push(key);
      params.missingProperty = key;
    } else {
      const param = PARAM_NAMES[name];
      const owner = param && at(root, segments(unit.keywordLocation).slice(0, -1), lookup);
      if (param && isRecord(owner)) params[param] = owner[name];
    }
    const property = path.map((key) => `.${key}`).join('');
    errors.push({
      name,
      property,
      message: unit.error,
      params,
      stack: `${property} ${unit.error}`.trim(),
      schemaPath: unit.keywordLocation,
    });
  });
  return errors;
}

/**
 * rjsf's validator without a schema compiler: `@cfworker/json-schema` walks the schema for each
 * check, so nothing is built with `new Function` and the page's Content-Security-Policy needs no
 * `'unsafe-eval'`. Schemas made at run time (enums from server data, section types) work as
 * static ones do. Errors come in the shape Ajv's validator gives them (`name` is the keyword,
 * `params.limit`, `params.type`, `params.missingProperty`), so `transformErrors` reads both alike.
 *
 * @example
 * <Form schema={schema} validator={schemaFormValidator} />
 */
export const schemaFormValidator: ValidatorType<unknown> = {
  validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
    let errors: RJSFValidationError[];
    try {
      const data = plain(formData);
      const lookup = lookupOf(schema);
      const { errors: units } = validate(data, schema as Schema, DRAFT, lookup, false);
      errors = toValidationErrors(units, schema, lookup, data);
    } catch (error) {
      // A schema the validator cannot use (a `$ref` to nowhere, a repeated `$id`) fails every save.
      errors = [{ stack: error instanceof Error ? error.message : String(error) }];
    }
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<unknown>(errors);
    if (!customValidate) return { errors, errorSchema };
    // Custom checks see every field, empty ones included.
    const fullData = getDefaultFormState(schemaFormValidator, schema, formData, schema, true);
    const handler = customValidate(fullData, createErrorHandler(fullData), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  },

  isValid(schema, formData, rootSchema) {
    try {
      return validate(plain(formData), schema as Schema, DRAFT, lookupOf(rootSchema), true).valid;
    } catch {
      return false;
    }
  },

  rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
    try {
      const { errors } = validate(
        plain(formData),
        schema as Schema,
        DRAFT,
        lookupOf(schema),
        false,
      );
      return { errors: errors as Result[] };
    } catch (error) {
      return { validationError: error as Error };
    }
  },
};
