/**
 * A minimal browser for protocol tests: keeps cookies per origin, never follows redirects on its
 * own (tests assert each hop), and submits forms as a browser would (Origin header, urlencoded).
 */
export interface Hop {
  status: number;
  location: string | null;
  headers: Headers;
  text: string;
}

export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** `send` replaces fetch, e.g. to reach a tenant domain on loopback (issuer-host-fetch.ts). */
  constructor(
    private readonly base: string,
    private readonly send: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  cookie(name: string, origin = new URL(this.base).origin): string | undefined {
    return this.jar.get(origin)?.get(name);
  }

  clearCookies(): void {
    this.jar.clear();
  }

  private store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const cookies = this.jar.get(url.origin) ?? new Map<string, string>();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
      this.jar.set(url.origin, cookies);
    }
  }

  async request(method: string, target: string, body?: Record<string, string>, headers: Record<string, string> = {}): Promise<Hop> {
    const url = new URL(target, this.base);
    const cookies = this.jar.get(url.origin);
    const response = await this.send(url, {
      method,
      redirect: "manual",
      headers: {
        ...(cookies && cookies.size ? { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded", Origin: url.origin } : {}),
        ...headers,
      },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    this.store(url, response);
    return { status: response.status, location: response.headers.get("location"), headers: response.headers, text: await response.text() };
  }

  get(target: string, headers?: Record<string, string>): Promise<Hop> {
    return this.request("GET", target, undefined, headers);
  }

  post(target: string, body: Record<string, string>, headers?: Record<string, string>): Promise<Hop> {
    return this.request("POST", target, body, headers);
  }
}

/** Parameters of a redirect to the relying party: query or fragment. */
export function responseParams(location: string): Record<string, string> {
  const url = new URL(location);
  const source = url.hash ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
  return Object.fromEntries(source);
}

/** The login id in a /login/<id>[/step] location. */
export function loginId(location: string | null): string {
  const match = /\/login\/([0-9a-f-]{36})/.exec(location ?? "");
  if (!match?.[1]) throw new Error(`not a login page location: ${location}`);
  return match[1];
}

/** The error code shown on Porta's error page (data-testid="error"). */
export function errorPageCode(html: string): string | undefined {
  return /data-testid="error"[^>]*>([^<]*)</.exec(html)?.[1];
}

/**
 * Follows redirects from `hop` (relative to `from`) across Porta and upstream eIDs, at most 15,
 * until an answer that is no redirect or a redirect to `stopAt` (the relying party): the last hop
 * and every URL visited.
 */
export async function followRedirects(browser: TestBrowser, hop: Hop, from: string, stopAt: string): Promise<{ last: Hop; trail: string[] }> {
  const trail: string[] = [];
  let current = hop;
  let base = from;
  for (let i = 0; i < 15 && current.status >= 300 && current.status < 400 && current.location; i++) {
    if (current.location.startsWith(stopAt)) break;
    const next = new URL(current.location, base).href;
    trail.push(next);
    base = next;
    current = await browser.get(next);
  }
  return { last: current, trail };
}
