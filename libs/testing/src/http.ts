import { openApiCheck } from './openapi-check';

/** A cookie jar over fetch, for HTTP end-to-end tests that sign in (one jar = one browser). */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  has(name: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(name));
  }

  clear(): void {
    this.cookies.clear();
  }

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Sends a request with the jar's cookies and the product's Origin; never follows redirects. */
  async fetch(pathOrUrl: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.defaults)) if (!headers.has(k)) headers.set(k, v);
    if (url.startsWith(this.baseUrl)) {
      if (this.cookies.size) headers.set('cookie', this.cookieHeader());
      if (!headers.has('origin')) headers.set('origin', this.baseUrl);
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
    } catch (error) {
      // `product.tool()` blocks this process (spawnSync) for seconds, during which the API closes the idle
      // keep-alive connection; the next request on it fails before reaching the server. Try once more.
      const cause = (error as { cause?: { code?: string } }).cause;
      if (cause?.code !== 'UND_ERR_SOCKET') throw error;
      res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
    }
    if (url.startsWith(this.baseUrl)) {
      this.store(res);
      await this.checkDocumented(new URL(url), init.method ?? 'GET', headers, body != null, res);
    }
    return res;
  }

  /**
   * Holds the product to its OpenAPI document: an answer (status, content type, JSON body) or a body type
   * taken or refused that the document does not describe fails the test here, naming the difference.
   */
  private async checkDocumented(url: URL, method: string, headers: Headers, hasBody: boolean, res: Response): Promise<void> {
    const check = await openApiCheck(this.baseUrl);
    const body = await res.clone().text();
    const problems = check.mismatches(
      { method: method.toUpperCase(), url, contentType: headers.get('content-type') ?? undefined, hasBody },
      { status: res.status, contentType: res.headers.get('content-type'), body },
    );
    if (problems.length > 0) throw new Error(`The API and its OpenAPI document differ:\n- ${problems.join('\n- ')}`);
  }

  async json<T = Record<string, unknown>>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
}

/**
 * The body of an answer (`session.json(...)`) whose status is `status` (200 unless told), as `T`; any other
 * status, or no body, fails the test showing both.
 */
export async function expectStatus<T = Record<string, unknown>>(answer: Promise<{ status: number; body: unknown }>, status = 200): Promise<T> {
  const { status: got, body } = await answer;
  expect([got, body]).toEqual([status, expect.anything()]);
  return body as T;
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret, as authenticator apps compute it. */
export async function totp(base32Secret: string, at = Date.now()): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32Secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}
