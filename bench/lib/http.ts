/** The demo accounts' password. */
export const DEMO_PASSWORD = 'atrium-demo';

/** One answer of the API. */
export interface ApiAnswer<T> {
  status: number;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: T | undefined;
  text: string;
}

/** One answer as text, with the milliseconds from sending the request to its last byte. */
export interface TimedAnswer {
  status: number;
  text: string;
  ms: number;
}

/**
 * A browser-like caller of the API: keeps its cookies (session, XSRF-TOKEN) and echoes the XSRF
 * token on unsafe requests, as the client does.
 */
export class ApiSession {
  private readonly jar = new Map<string, string>();

  constructor(private readonly origin: string) {}

  /** The `Cookie` header this caller sends. */
  get cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The XSRF token to echo in `X-XSRF-TOKEN`. */
  get xsrfToken(): string | undefined {
    return this.jar.get('XSRF-TOKEN');
  }

  /**
   * Sends a request (JSON body, extra `headers`), keeps the cookies of the answer and returns it
   * as text, timed from the request to the answer's last byte.
   */
  async timed(
    method: string,
    path: string,
    o: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TimedAnswer> {
    if (method !== 'GET' && !this.xsrfToken) await this.send('GET', '/api/v2/health');
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (this.jar.size) headers.cookie = this.cookieHeader;
    if (method !== 'GET' && this.xsrfToken) headers['x-xsrf-token'] = this.xsrfToken;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const sent = performance.now();
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers,
      ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
    });
    const text = await res.text();
    const ms = performance.now() - sent;
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { status: res.status, text, ms };
  }

  /** Sends a request (JSON body) and keeps the cookies of the answer. */
  async send<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const { status, text } = await this.timed(method, path, { body });
    let parsed: T | undefined;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      parsed = undefined;
    }
    return { status, body: parsed, text };
  }

  /** Like {@link send}, but throws unless the answer has the expected status. */
  async expect<T>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.send<T>(method, path, body);
    if (answer.status !== status || answer.body === undefined)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 500)}`);
    return answer.body;
  }

  /** Signs in. */
  async login(name: string, password = DEMO_PASSWORD): Promise<void> {
    await this.expect(200, 'POST', '/api/v2/auth/login', { name, password });
  }
}
