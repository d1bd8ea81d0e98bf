/** Node http <-> Web Request/Response, for the protocol fast path and the test server. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error -- Node's fetch needs duplex for a streamed body; lib.dom's RequestInit lacks it
    duplex: hasBody ? "half" : undefined,
  });
}

export async function writeWebResponse(res: ServerResponse, response: Response, isHead: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = isHead || response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  if (body !== undefined && !("content-length" in headers)) headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}
