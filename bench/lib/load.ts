import autocannon from 'autocannon';

/** What one load run measured. */
export interface LoadResult {
  /** Mean requests per second over the run's one-second samples. */
  rps: number;
  /** Answers with a 2xx status per second. */
  okPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers with a 2xx status. */
  ok: number;
  /** Answers that were not 2xx. */
  non2xx: number;
  total: number;
  statusCodes: Record<string, number>;
}

/** Options of {@link runLoad}: autocannon's, with the bench's defaults. */
export interface LoadOptions {
  url: string;
  /** Seconds. */
  duration: number;
  connections?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Headers per connection (e.g. each connection signed in as its own user). */
  headersPerConnection?: (index: number) => Record<string, string>;
  /** Replaces `[<id>]` in each request (e.g. an Idempotency-Key header) with a unique id. */
  uniqueIds?: boolean;
}

/** Drives `url` with autocannon (50 connections, pipelining 1 unless told) and sums up. */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  let connection = 0;
  const perConnection = o.headersPerConnection;
  const result = await autocannon({
    url: o.url,
    connections: o.connections ?? 50,
    duration: o.duration,
    pipelining: 1,
    timeout: 10,
    method: o.method ?? 'GET',
    headers: o.headers ?? {},
    ...(o.body === undefined ? {} : { body: o.body }),
    ...(o.uniqueIds ? { idReplacement: true } : {}),
    ...(perConnection
      ? {
          setupClient: (client: autocannon.Client) =>
            client.setHeaders({ ...o.headers, ...perConnection(connection++) }),
        }
      : {}),
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    rps: result.requests.average,
    okPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    ok: result['2xx'],
    non2xx: result.non2xx,
    total: result.requests.total,
    statusCodes,
  };
}
