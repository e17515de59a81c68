import type { Agent } from '../helpers';
import type { FuzzRequest, Operation, RequestChecker, ResponseChecker } from './openapi';

/** An answer taking longer than this counts as a hang. */
const HANG_MS = 15_000;

/** Who sent a request. */
export type Caller = 'admin' | 'learner' | 'visitor';

/** One request whose answer broke a rule: a 5xx, a hang, or a body off its declared schema. */
export interface FuzzFailure {
  operation: string;
  caller: Caller;
  status: number | 'hang';
  problems: string[];
  request: string;
}

/** Counts of one run, reported as the figures of the fuzzing. */
export class FuzzFigures {
  requests = 0;
  serverErrors = 0;
  schemaMismatches = 0;
  /** Requests the document's schemas refuse, and how many of those the server accepted. */
  refusedByDocument = 0;
  acceptedAnyway = 0;
  readonly operations = new Set<string>();
  readonly statuses = new Map<number, number>();
  /** 5xx answers by operation, so a run names every operation that failed, not just the first. */
  readonly serverErrorsByOperation = new Map<string, number>();
  readonly failures: FuzzFailure[] = [];
  readonly startedAt = Date.now();

  /** One line for the log: `requests=… statuses={200: …} 5xx=0 mismatches=0 …`. */
  summary(label: string): string {
    const statuses = [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const seconds = ((Date.now() - this.startedAt) / 1000).toFixed(1);
    const failing = [...this.serverErrorsByOperation.entries()]
      .map(([operation, n]) => `${operation}: ${n}`)
      .join(', ');
    return `[fuzz ${label}] operations=${this.operations.size} requests=${this.requests} statuses={${statuses}} 5xx=${this.serverErrors}${failing ? ` (${failing})` : ''} schema-mismatches=${this.schemaMismatches} refused-by-document=${this.refusedByDocument} accepted-anyway=${this.acceptedAnyway} time=${seconds}s`;
  }
}

/** The request as one line for a failure report (long bodies cut). */
export function describeRequest(r: FuzzRequest): string {
  let body = '';
  if (r.body?.kind === 'json') body = JSON.stringify(r.body.value) ?? 'undefined';
  else if (r.body?.kind === 'form') body = `form ${r.body.value}`;
  else if (r.body) body = `${r.body.contentType} ${r.body.payload.toString('utf8')}`;
  if (body.length > 300) body = `${body.slice(0, 300)}… (${body.length} chars)`;
  return `${r.method} ${r.url.length > 300 ? `${r.url.slice(0, 300)}…` : r.url} [${r.mutation}] ${body}`;
}

function withDeadline<T>(promise: Promise<T>): Promise<T | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function send(a: Agent, r: FuzzRequest) {
  const body = r.body;
  const opts =
    body?.kind === 'raw'
      ? { raw: { payload: body.payload, contentType: body.contentType } }
      : body?.kind === 'form'
        ? { form: true }
        : {};
  const value = body?.kind === 'json' || body?.kind === 'form' ? body.value : undefined;
  switch (r.method) {
    case 'GET':
      return a.get(r.url);
    case 'DELETE':
      return a.delete(r.url);
    case 'PUT':
      return a.put(r.url, value, opts);
    case 'PATCH':
      return a.patch(r.url, value, opts);
    default:
      return a.post(r.url, value, opts);
  }
}

/** The checks applied to every answer. */
export interface Checkers {
  responses: ResponseChecker;
  requests: RequestChecker;
}

/**
 * Sends one request and records its answer: a 5xx, no answer in time, a body that does not
 * match the schema the document declares for its status, or a 2xx/3xx to a request the
 * document's own schemas refuse is a failure.
 *
 * @returns the status, or 'hang'.
 */
export async function fuzzOnce(
  figures: FuzzFigures,
  checkers: Checkers,
  op: Operation,
  caller: Caller,
  a: Agent,
  r: FuzzRequest,
): Promise<number | 'hang'> {
  figures.requests += 1;
  figures.operations.add(op.key);
  const refused = checkers.requests.refuses(op, r) === true;
  if (refused) figures.refusedByDocument += 1;
  const res = await withDeadline(send(a, r));
  const fail = (status: number | 'hang', problems: string[]) =>
    figures.failures.push({
      operation: op.key,
      caller,
      status,
      problems,
      request: describeRequest(r),
    });
  if (res === 'hang') {
    fail('hang', [`no answer within ${HANG_MS / 1000} s`]);
    return 'hang';
  }
  const status = res.statusCode;
  figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
  if (status >= 500) {
    figures.serverErrors += 1;
    figures.serverErrorsByOperation.set(
      op.key,
      (figures.serverErrorsByOperation.get(op.key) ?? 0) + 1,
    );
    fail(status, [res.body.slice(0, 300)]);
  }
  if (refused && status < 400) {
    figures.acceptedAnyway += 1;
    fail(status, ['the document refuses this request, yet it was accepted']);
  }
  const contentType = res.headers['content-type'];
  const problems = checkers.responses.problems(
    op,
    status,
    typeof contentType === 'string' ? contentType : undefined,
    res.body,
  );
  if (problems.length) {
    figures.schemaMismatches += 1;
    fail(status, [...problems, `body: ${res.body.slice(0, 300)}`]);
  }
  return status;
}
