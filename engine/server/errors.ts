import type { FastifyBaseLogger, FastifyError } from 'fastify';

/** One field-level problem: a bracket-notation path (`sections[0][title]`) and a human text. */
export interface FieldMessage {
  path: string;
  text: string;
}

/**
 * An error with an HTTP status that the error handler turns into `{ message, messages? }`.
 *
 * @example
 * throw new HttpError(409, 'Not enough points.');
 * throw new HttpError(400, 'Some fields are not valid.', [{ path: 'language', text: 'Unknown language' }]);
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messages: FieldMessage[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    messages?: FieldMessage[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messages = messages;
    this.headers = headers;
  }
}

/**
 * Converts a JSON pointer (`/sections/0/title`) into bracket notation (`sections[0][title]`).
 *
 * @example
 * toBracketPath('/a/0/b') // 'a[0][b]'
 */
export function toBracketPath(pointer: string, extra?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  const [head, ...rest] = parts;
  if (head === undefined) return '';
  return head + rest.map((p) => `[${p}]`).join('');
}

/**
 * The most field messages an error answer lists. Input with more problems (a body of thousands
 * of unknown fields, say) gets the first ones: enough to correct a form, and a short answer.
 */
export const MAX_FIELD_MESSAGES = 20;
/**
 * The validation problems read of one request: room for {@link MAX_FIELD_MESSAGES} after
 * duplicates and vaguer ones are dropped. A validator that reports more should pass on only
 * these, so that the work after it does not grow with the input.
 */
export const MAX_VALIDATION_ISSUES = 5 * MAX_FIELD_MESSAGES;
/** The longest path and text of a field message: a field name or value may be megabytes long. */
const MAX_PATH_LENGTH = 200;
const MAX_TEXT_LENGTH = 300;
const MAX_QUOTED_LENGTH = 100;

/** `text`, cut to `max` characters with an ellipsis when longer. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * At most {@link MAX_FIELD_MESSAGES} messages, each with its path and text cut to a readable
 * length.
 *
 * @example
 * boundedMessages(manyMessages).length // 20
 */
export function boundedMessages(messages: readonly FieldMessage[]): FieldMessage[] {
  return messages.slice(0, MAX_FIELD_MESSAGES).map((m) => ({
    path: clip(m.path, MAX_PATH_LENGTH),
    text: clip(m.text, MAX_TEXT_LENGTH),
  }));
}

/**
 * The subset of an Ajv error this module reads (Ajv run with `verbose: true` adds `data` and
 * `parentSchema`).
 */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  data?: unknown;
  parentSchema?: unknown;
}

/**
 * Field messages by string format (`date`, `date-time`…), for a value that breaks the format,
 * or the pattern of a schema that narrows the format (a range of years, say).
 */
type FormatMessages = Readonly<Record<string, string>>;

/** The `format` of the schema an issue was found at, when it has one. */
function formatOf(issue: ValidationIssue): string | undefined {
  if (issue.keyword === 'format') return String(issue.params.format);
  const parent = issue.parentSchema;
  const format =
    typeof parent === 'object' && parent !== null
      ? (parent as { format?: unknown }).format
      : undefined;
  return typeof format === 'string' ? format : undefined;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function quote(value: unknown): string {
  return clip(
    typeof value === 'string' ? `'${value}'` : String(JSON.stringify(value)),
    MAX_QUOTED_LENGTH,
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function issueText(issue: ValidationIssue, formatMessages: FormatMessages): string {
  const p = issue.params;
  if (issue.keyword === 'format' || issue.keyword === 'pattern') {
    const format = formatOf(issue);
    const declared = format === undefined ? undefined : formatMessages[format];
    if (declared !== undefined) return declared;
  }
  const limit = typeof p.limit === 'number' ? p.limit : 0;
  switch (issue.keyword) {
    case 'required':
      return 'Required';
    case 'type': {
      const expected = Array.isArray(p.type) ? p.type.join(' or ') : String(p.type);
      return 'data' in issue
        ? `Expected ${expected}, received ${describeType(issue.data)}`
        : `Expected ${expected}`;
    }
    case 'additionalProperties':
      return 'Unrecognized field';
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues.map(quote).join(' | ') : '';
      return 'data' in issue
        ? `Invalid value. Expected ${allowed}, received ${quote(issue.data)}`
        : `Invalid value. Expected ${allowed}`;
    }
    case 'minLength':
      return limit <= 1
        ? 'Required'
        : `Must contain at least ${plural(limit, 'character', 'characters')}`;
    case 'maxLength':
      return `Must contain at most ${plural(limit, 'character', 'characters')}`;
    case 'minimum':
      return `Must be greater than or equal to ${limit}`;
    case 'maximum':
      return `Must be less than or equal to ${limit}`;
    case 'exclusiveMinimum':
      return `Must be greater than ${limit}`;
    case 'exclusiveMaximum':
      return `Must be less than ${limit}`;
    case 'minItems':
      return `Must contain at least ${plural(limit, 'item', 'items')}`;
    case 'maxItems':
      return `Must contain at most ${plural(limit, 'item', 'items')}`;
    case 'minProperties':
      return limit <= 1 ? 'Provide at least one field' : `Provide at least ${limit} fields`;
    case 'maxProperties':
      return `Provide at most ${plural(limit, 'field', 'fields')}`;
    case 'uniqueItems':
      return 'Items must be unique';
    case 'pattern':
      return 'Invalid format';
    case 'format':
      return `Invalid ${String(p.format)}`;
    default:
      return 'Invalid input';
  }
}

/**
 * Turns Ajv errors into field messages with bracket paths and human texts ("Required",
 * "Expected integer, received string"; for a string format, the text `formatMessages` gives
 * it). Duplicates are dropped; schema-combinator noise (`anyOf`, `if`) is kept only when
 * nothing more precise was reported for the path. At most {@link MAX_FIELD_MESSAGES}, cut to a
 * readable length.
 *
 * @example
 * validationMessages([{ keyword: 'required', instancePath: '/profile', params: { missingProperty: 'first_name' } }])
 * // [{ path: 'profile[first_name]', text: 'Required' }]
 */
export function validationMessages(
  issues: readonly ValidationIssue[],
  formatMessages: FormatMessages = {},
): FieldMessage[] {
  const out: FieldMessage[] = [];
  const seen = new Set<string>();
  const precise = new Set<string>();
  const items = issues.slice(0, MAX_VALIDATION_ISSUES).map((issue) => {
    const extra =
      issue.keyword === 'required'
        ? String(issue.params.missingProperty)
        : issue.keyword === 'additionalProperties'
          ? String(issue.params.additionalProperty)
          : undefined;
    const path = toBracketPath(issue.instancePath, extra);
    const vague = issue.keyword === 'anyOf' || issue.keyword === 'oneOf' || issue.keyword === 'if';
    if (!vague) precise.add(path);
    return { path, text: issueText(issue, formatMessages), vague };
  });
  for (const item of items) {
    if (out.length === MAX_FIELD_MESSAGES) break;
    if (item.vague && precise.has(item.path)) continue;
    const key = `${item.path}\u0000${item.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path: item.path, text: item.text });
  }
  return boundedMessages(out);
}

/** The part of a Fastify reply the error handler uses (any server or type provider). */
export interface ReplyLike<R> {
  code(statusCode: number): R;
  header(name: string, value: string): R;
  send(payload: unknown): R;
}

/** Options of {@link createErrorHandler}. */
export interface ErrorHandlerOptions {
  /** Top-level message of a 400 caused by schema validation. */
  validationMessage?: string;
  /** Message sent for any 5xx; the real error is only logged. */
  internalMessage?: string;
  /** Field messages of values that break a string format (see {@link validationMessages}). */
  formatMessages?: FormatMessages;
}

/**
 * Creates a Fastify error handler that answers `{ message, messages? }`: schema validation
 * failures become 400 with bracket-path field messages, {@link HttpError}s keep their status,
 * messages and headers, and anything unexpected becomes a logged 500 with a generic message.
 *
 * @example
 * app.setErrorHandler(createErrorHandler({ internalMessage: 'Something went wrong, please try again.' }));
 */
export function createErrorHandler(options: ErrorHandlerOptions = {}) {
  const validationMessage = options.validationMessage ?? 'Some fields are not valid.';
  const internalMessage = options.internalMessage ?? 'Something went wrong, please try again.';
  const formatMessages = options.formatMessages ?? {};
  return function errorHandler<R extends ReplyLike<R>>(
    thrown: unknown,
    request: { log: FastifyBaseLogger },
    reply: R,
  ): R {
    const error = (
      thrown instanceof Error ? thrown : new Error(String(thrown))
    ) as Partial<FastifyError> & Error;
    if (Array.isArray(error.validation)) {
      const messages = validationMessages(error.validation, formatMessages);
      return reply.code(400).send({ message: validationMessage, messages });
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: internalMessage });
    }
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply
        .code(status)
        .send(
          error.messages
            ? { message: error.message, messages: boundedMessages(error.messages) }
            : { message: error.message },
        );
    }
    return reply.code(status).send({ message: error.message });
  };
}
