/**
 * A request to a chosen address that carries a chosen Host header, as a load balancer that keeps
 * Host sends it (README, "Tenant domains"). Node's fetch will not send a Host of its own, so this
 * goes through node:http. Porta uses it to call itself on loopback under its public name (the
 * playground's relying party); tests use it to reach tenant domains that do not resolve here.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

const NULL_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** Sends `outgoing` with `host` as its Host header, to `address` (by default the request URL's host and port). */
export async function sendWithHost(host: string, outgoing: Request, address?: { hostname: string; port: number }): Promise<Response> {
  const url = new URL(outgoing.url);
  const body = outgoing.body ? Buffer.from(await outgoing.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  outgoing.headers.forEach((value, name) => (headers[name] = value));
  headers.host = host;
  if (body) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: address?.hostname ?? url.hostname, port: address?.port ?? url.port, method: outgoing.method, path: `${url.pathname}${url.search}`, headers, signal: outgoing.signal }, (res) => {
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
