/** Node http <-> Web Request/Response, for the protocol fast path and the test server. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { EndpointDocument } from "../lib/endpoints/discovery";
import { matchesEntityTag } from "../lib/endpoints/discovery";
import { requestWithBufferedBody } from "../lib/http/read-body";
import { jsonTextOf } from "../lib/http/responses";

/**
 * Largest request body the protocol endpoints read (each endpoint applies its own, smaller cap;
 * this one only bounds what is buffered before the endpoint sees it).
 */
export const SERVER_MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** The whole request body, buffered (cheaper than a Web stream for small protocol bodies). */
export function readBody(req: IncomingMessage, maxBytes = SERVER_MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > maxBytes) {
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners("data");
        req.pause();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.once("error", reject);
  });
}

/**
 * The Web Request lib/ answers, with `extra` headers set over any the client sent. A body is read
 * whole first and handed over as bytes (lib/http/read-body.ts), not as a stream.
 */
export async function toWebRequest(req: IncomingMessage, origin: string, extra: Record<string, string>): Promise<Request> {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  for (const name in extra) headers.set(name, extra[name]!);
  const url = new URL(req.url ?? "/", origin);
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  return requestWithBufferedBody(url, { method, headers }, await readBody(req));
}

export async function writeWebResponse(res: ServerResponse, response: Response, isHead: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  let body: Buffer | string | undefined;
  // A JSON answer's text first: asking for its body would make the stream it does without.
  if (!isHead) body = jsonTextOf(response) ?? (response.body !== null ? Buffer.from(await response.arrayBuffer()) : undefined);
  if (body !== undefined && !("content-length" in headers)) headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(response.status, headers);
  res.end(body);
}

/** A document's answers, made once per document: its body's bytes and writeHead's header lists. */
interface PreparedDocument {
  bytes: Buffer;
  ok: string[];
  notModified: string[];
}

const prepared = new WeakMap<EndpointDocument, PreparedDocument>();

function prepare(doc: EndpointDocument): PreparedDocument {
  let answer = prepared.get(doc);
  if (!answer) {
    const bytes = Buffer.from(doc.body);
    const notModified = [...Object.entries(doc.headers).flat(), "ETag", doc.etag];
    answer = { bytes, notModified, ok: [...notModified, "Content-Length", String(bytes.length)] };
    prepared.set(doc, answer);
  }
  return answer;
}

/**
 * A cached GET document, with 304 for a matching If-None-Match; no Web objects on the way, and
 * the headers as one flat list (with the request id), which Node writes without a header map.
 */
export function writeDocument(req: IncomingMessage, res: ServerResponse, doc: EndpointDocument, requestId: string): void {
  const answer = prepare(doc);
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && matchesEntityTag(ifNoneMatch, doc.etag)) {
    res.writeHead(304, [...answer.notModified, "X-Request-Id", requestId]);
    res.end();
    return;
  }
  res.writeHead(200, [...answer.ok, "X-Request-Id", requestId]);
  res.end(req.method === "HEAD" ? undefined : answer.bytes);
}
