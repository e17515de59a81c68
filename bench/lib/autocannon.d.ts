// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    /** One connection: its request can be changed before it starts. */
    interface Client {
      setHeaders(headers: Record<string, string>): void;
    }

    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Called once per connection before it connects. */
      setupClient?: (client: Client) => void;
      /** Replaces `[<id>]` in each request with a new unique id. */
      idReplacement?: boolean;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
