/**
 * Instances addressed directly (127.0.0.1:<port>) but reached, as behind a load balancer that keeps
 * Host (design.md §13), with the issuer's Host. Node's fetch will not send a Host of its own, so
 * requests to those origins go through node:http instead; every other fetch is left alone.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll } from "vitest";

const NULL_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

async function sendWithHost(host: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  headers.host = host;
  if (body) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: request.method, path: `${url.pathname}${url.search}`, headers, signal: request.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders(res.headers) }));
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * From now until the file's end, fetches to the origins `instances()` names carry `issuer`'s host
 * (the issuer may be known only once the file's servers run).
 * (Redirects are not followed: callers ask for `redirect: "manual"` or get none.)
 */
export function sendIssuerHost(issuer: string | (() => string), instances: () => readonly string[]): void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const origin = new URL(request.url).origin;
    if (!instances().some((url) => new URL(url).origin === origin)) return original(input, init);
    return sendWithHost(new URL(typeof issuer === "string" ? issuer : issuer()).host, request);
  };
  afterAll(() => {
    globalThis.fetch = original;
  });
}
