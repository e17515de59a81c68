import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import qs from 'qs';
import {
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  HUGE_STRING,
  invalid,
  valid,
  type Schema,
} from './schema-arbitraries';

/** The methods the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface MediaType {
  schema?: Schema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType>; required?: boolean };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

/** The parts of an OpenAPI 3.1 document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<Method>, OperationObject>>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One operation of the document: `POST /api/v2/users/{uid}/block`. */
export interface Operation {
  method: Method;
  path: string;
  key: string;
  object: OperationObject;
}

/** The body of one generated request. */
export type FuzzBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: Buffer; contentType: string }
  | { kind: 'form'; value: string };

/** One generated request and, for a failure report, how it was made. */
export interface FuzzRequest {
  method: Method;
  url: string;
  pathParams: Record<string, string>;
  body?: FuzzBody;
  /** Which part was broken on purpose, or 'valid'. */
  mutation: string;
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const object = item[method.toLowerCase() as Lowercase<Method>];
      if (object) out.push({ method, path, key: `${method} ${path}`, object });
    }
  }
  return out;
}

/** Resolves `#/…` JSON pointers inside the document. */
export function refResolver(doc: OpenApiDocument): (ref: string) => Schema {
  return (ref) => {
    if (!ref.startsWith('#/')) throw new Error(`Unsupported $ref ${ref}`);
    let node: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Record<string, unknown> | undefined)?.[part];
    }
    if (node === undefined) throw new Error(`Unresolved $ref ${ref}`);
    return node as Schema;
  };
}

/** Known values by parameter name, so valid requests name rows that exist. */
export interface ParamHints {
  [name: string]: readonly string[];
}

/** How requests to one operation are generated. */
export interface GenerateOptions {
  hints: ParamHints;
  /** Path parameter values never sent (accounts the run itself signs in with). */
  avoid?: Record<string, readonly string[]>;
}

const INVALID_PATH_VALUES = [
  '0',
  '-1',
  '-0',
  '99999999999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '9223372036854775808',
  '1e308',
  'abc',
  '1.5',
  '1e3',
  ' ',
  '%00',
  '..',
  'null',
];
/** Stands for a path segment sent with broken percent-encoding (`%E0%A4%A`). */
const BAD_ENCODING = '\u0001bad-encoding';

function objectSchema(params: Parameter[], allRequired = false): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
    required: params.filter((p) => allRequired || p.required).map((p) => p.name),
  };
}

function toParamString(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function jsonSchemaOf(op: Operation): Schema | undefined {
  return op.object.requestBody?.content?.['application/json']?.schema;
}

/** Percent-encodes a path value; a lone surrogate is sent as the UTF-8 a browser would send. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  }
}

/** A tiny but real PNG, for the multipart upload operations. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, type: string, data: Buffer): FuzzBody {
  const boundary = '----atriumfuzz';
  return {
    kind: 'raw',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** Bodies that break the transport rather than the schema. */
const brokenBodies: fc.Arbitrary<FuzzBody> = fc.constantFrom<FuzzBody>(
  { kind: 'raw', contentType: 'application/json', payload: Buffer.from('{"a":') },
  { kind: 'raw', contentType: 'application/json', payload: Buffer.from('') },
  { kind: 'raw', contentType: 'application/json', payload: Buffer.from('\u0000') },
  { kind: 'raw', contentType: 'text/plain', payload: Buffer.from('hello') },
  { kind: 'raw', contentType: 'application/xml', payload: Buffer.from('<a/>') },
  { kind: 'raw', contentType: 'application/json', payload: Buffer.from('[1,2,3]') },
  { kind: 'raw', contentType: 'application/json', payload: Buffer.from('"text"') },
  { kind: 'raw', contentType: 'application/json', payload: Buffer.from('{"__proto__":{"x":1}}') },
  { kind: 'form', value: 'a[b][c][d][e][f][g][h][i][j][k][l]=1&x[99999]=2' },
  multipart('avatar', 'a.png', 'image/png', PNG_1X1),
  multipart('avatar', 'a.png', 'image/png', Buffer.from('not an image')),
  multipart('other', 'a.png', 'image/png', PNG_1X1),
);

/**
 * An arbitrary of requests to one operation: about half valid (every part drawn from its
 * schema), half with one part broken — a path parameter, the query, the body's content or the
 * body's encoding.
 */
export function requestArbitrary(
  op: Operation,
  resolve: (ref: string) => Schema,
  options: GenerateOptions,
): fc.Arbitrary<FuzzRequest> {
  const params = op.object.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = jsonSchemaOf(op);
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const takesFile = op.path.endsWith('/avatar') && op.method === 'POST';

  const validPath = (p: Parameter): fc.Arbitrary<string> => {
    const fromSchema = valid(p.schema ?? { type: 'string' }, resolve).map(toParamString);
    const hints = options.hints[p.name];
    return hints?.length
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...hints) },
          { weight: 1, arbitrary: fromSchema },
        )
      : fromSchema;
  };
  const invalidPath = (p: Parameter): fc.Arbitrary<string> =>
    fc.oneof(
      fc.constantFrom(...INVALID_PATH_VALUES, BAD_ENCODING),
      invalid(p.schema ?? {}, resolve).map(toParamString),
    );

  const pathRecord = (broken: string | undefined) =>
    fc.record(
      Object.fromEntries(
        pathParams.map((p) => [p.name, p.name === broken ? invalidPath(p) : validPath(p)]),
      ),
    );

  const querySchema = objectSchema(queryParams);
  const validQuery = queryParams.length
    ? (valid(querySchema, resolve) as fc.Arbitrary<Record<string, unknown>>)
    : fc.constant({});
  const invalidQuery = fc.oneof(
    invalid(querySchema, resolve) as fc.Arbitrary<Record<string, unknown>>,
    fc.record({
      page: fc.constantFrom<unknown>(
        -1,
        '-0',
        'abc',
        99999999999,
        2 ** 31,
        2 ** 53,
        '1e308',
        ['1', '2'],
        { a: 1 },
      ),
      limit: fc.constantFrom<unknown>(0, 101, -5, 'x', 1e308, 2 ** 53, -(2 ** 31)),
      q: fc.constantFrom(...HOSTILE_STRINGS, HUGE_STRING),
    }),
  );

  const validBody: fc.Arbitrary<FuzzBody | undefined> = takesFile
    ? fc.constantFrom(
        multipart('avatar', 'a.png', 'image/png', PNG_1X1),
        multipart('avatar', 'b.gif', 'image/gif', Buffer.from('GIF89a')),
      )
    : bodySchema
      ? valid(bodySchema, resolve).map((value): FuzzBody => ({ kind: 'json', value }))
      : fc.constant(undefined);
  const invalidBody: fc.Arbitrary<FuzzBody> = fc.oneof(
    {
      weight: 3,
      arbitrary: invalid(bodySchema ?? {}, resolve).map((value): FuzzBody => ({
        kind: 'json',
        value,
      })),
    },
    { weight: 1, arbitrary: brokenBodies },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(null, [], 'text', 42, ...HOSTILE_NUMBERS.slice(0, 2))
        .map((value): FuzzBody => ({ kind: 'json', value })),
    },
  );

  const build = (
    mutation: string,
    path: fc.Arbitrary<Record<string, string>>,
    query: fc.Arbitrary<Record<string, unknown>>,
    body: fc.Arbitrary<FuzzBody | undefined>,
  ) =>
    fc.tuple(path, query, body).map(([pathValues, queryValues, bodyValue]): FuzzRequest => {
      const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        pathValues[name] === BAD_ENCODING ? '%E0%A4%A' : encodePathValue(pathValues[name] ?? ''),
      );
      const search = qs.stringify(queryValues, { allowDots: false });
      return {
        method: op.method,
        url: search ? `${filled}?${search}` : filled,
        pathParams: pathValues,
        ...(bodyValue ? { body: bodyValue } : {}),
        mutation,
      };
    });

  const mutations: fc.WeightedArbitrary<FuzzRequest>[] = [
    {
      weight: 10,
      arbitrary: build(
        'valid',
        pathRecord(undefined),
        validQuery,
        hasBody ? validBody : fc.constant(undefined),
      ),
    },
  ];
  for (const p of pathParams)
    mutations.push({
      weight: 4,
      arbitrary: build(
        `path ${p.name}`,
        pathRecord(p.name),
        validQuery,
        hasBody ? validBody : fc.constant(undefined),
      ),
    });
  mutations.push({
    weight: queryParams.length ? 4 : 1,
    arbitrary: build(
      'query',
      pathRecord(undefined),
      invalidQuery,
      hasBody ? validBody : fc.constant(undefined),
    ),
  });
  if (hasBody)
    mutations.push({
      weight: 6,
      arbitrary: build('body', pathRecord(undefined), validQuery, invalidBody),
    });

  const avoid = options.avoid ?? {};
  return fc
    .oneof(...mutations)
    .filter((r) =>
      Object.entries(avoid).every(([name, values]) => !values.includes(r.pathParams[name] ?? '')),
    );
}

/**
 * The document's schemas compiled on demand, each once. They are the server's draft-07 schemas
 * with OpenAPI annotations, which strict mode would refuse.
 */
class SchemaValidators {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument, options: Options) {
    this.ajv = new Ajv({ ...options, strict: false, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: doc.components ?? {} });
  }

  protected validator(key: string, schema: Schema): ValidateFunction {
    let fn = this.cache.get(key);
    if (!fn) {
      fn = this.ajv.compile(rebase(schema));
      this.cache.set(key, fn);
    }
    return fn;
  }
}

/**
 * Judges generated requests by the document's own request schemas, validated the way the server
 * validates (types coerced, defaults filled, formats checked): a request they refuse must get a
 * 4xx. Requests it cannot judge (multipart, other content types) are left to the other checks.
 */
export class RequestChecker extends SchemaValidators {
  constructor(doc: OpenApiDocument) {
    super(doc, { coerceTypes: 'array', useDefaults: true, allErrors: false });
  }

  /** Whether the document refuses the request: true, false, or undefined when it cannot tell. */
  refuses(op: Operation, r: FuzzRequest): boolean | undefined {
    const params = op.object.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    if (!this.validator(`${op.key} path`, objectSchema(pathParams, true))({ ...r.pathParams }))
      return true;
    const search = r.url.includes('?') ? r.url.slice(r.url.indexOf('?') + 1) : '';
    const query = qs.parse(search, { depth: 10, arrayLimit: 1000 });
    if (!this.validator(`${op.key} query`, objectSchema(queryParams))(query)) return true;
    const schema = jsonSchemaOf(op);
    const body = r.body;
    if (!body) return schema && op.object.requestBody?.required ? undefined : false;
    if (body.kind === 'raw') {
      if (body.contentType !== 'application/json') return undefined;
      try {
        JSON.parse(body.payload.toString('utf8'));
      } catch {
        return true;
      }
      return undefined;
    }
    if (body.kind !== 'json' || !schema) return undefined;
    const copy: unknown = JSON.parse(JSON.stringify(body.value) ?? 'null');
    return !this.validator(`${op.key} body`, schema)(copy);
  }
}

/** The schema with its document-local `$ref`s pointing into the schema registered as `openapi`. */
function rebase(schema: Schema): object {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi#/')) as object;
}

/** The declared answer for a status: exact, then `4XX`-style, then `default`. */
function declaredResponse(op: Operation, status: number) {
  const responses = op.object.responses ?? {};
  return (
    responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default
  );
}

/** Checks answers against the response schemas the document declares per status. */
export class ResponseChecker extends SchemaValidators {
  constructor(doc: OpenApiDocument) {
    super(doc, { allErrors: true });
  }

  /** Problems of one answer (empty when it matches what the document declares). */
  problems(op: Operation, status: number, contentType: string | undefined, body: string): string[] {
    const declared = declaredResponse(op, status);
    if (!declared) return [`status ${status} is not declared`];
    const json = contentType?.startsWith('application/json') ?? false;
    const media = declared.content?.['application/json'];
    if (!json) {
      if (body.length === 0 || !declared.content) return [];
      const schemas = Object.values(declared.content).map((m) => m.schema);
      const binary = schemas.some(
        (s) => typeof s === 'object' && (s.type === 'string' || s.format === 'binary'),
      );
      return binary ? [] : [`a ${contentType ?? 'untyped'} body where JSON is declared`];
    }
    if (!media?.schema) return body.length ? ['a JSON body where none is declared'] : [];
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return ['the body is not JSON'];
    }
    const check = this.validator(`${op.key} ${status}`, media.schema);
    if (check(value)) return [];
    return (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  }
}
