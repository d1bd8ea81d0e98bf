/** Request body readers with a size cap and precise errors. */
import { OAuthError, type OAuthErrorCode } from "../oauth/errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth";
import { invalidTextPath, isValidText } from "./valid-text";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Bodies Porta's server read whole before it made the Request (server/node-adapter.ts). Such a
 * Request is made without a body stream: building one and draining it again costs more than a
 * small protocol body itself. Its bytes are kept here and read by the functions below. Everything
 * in lib/ reads request bodies through this module (eslint.config.mjs), so none of it looks at
 * the absent stream.
 */
const bufferedBodies = new WeakMap<Request, Uint8Array>();

/** A Request whose body the server has already read whole. */
export function requestWithBufferedBody(url: URL, init: { method: string; headers: Headers }, body: Uint8Array): Request {
  const request = new Request(url, init);
  bufferedBodies.set(request, body);
  return request;
}

/** A copy of the request whose body can be read beside the original's. */
export function copyRequest(request: Request): Request {
  const copy = request.clone();
  const buffered = bufferedBodies.get(request);
  if (buffered) bufferedBodies.set(copy, buffered);
  return copy;
}

/**
 * The body's bytes, read as they arrive and abandoned as soon as they pass `maxBytes` (413), so
 * an oversized body is never buffered whole — also where no server in front capped it (Next).
 */
async function readCappedBytes(request: Request, maxBytes: number, errorCode: OAuthErrorCode): Promise<Uint8Array> {
  const tooLarge = () => new OAuthError(errorCode, `The request body exceeds ${maxBytes} bytes`, { status: 413 });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const buffered = bufferedBodies.get(request);
  if (buffered) {
    if (buffered.byteLength > maxBytes) throw tooLarge();
    return buffered;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/** The body as UTF-8 text, at most `maxBytes`; bytes that are not UTF-8 are `errorCode`. */
export async function readCappedText(request: Request, maxBytes = MAX_BODY_BYTES, errorCode: OAuthErrorCode = "invalid_request"): Promise<string> {
  const bytes = await readCappedBytes(request, maxBytes, errorCode);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new OAuthError(errorCode, "The request body is not valid UTF-8");
  }
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * A member of a JSON body nested deeper than MAX_JSON_DEPTH (json-depth.ts): 400 `errorCode`,
 * naming the top-level member that holds it (the admin API answers it as a field error).
 */
export class JsonBodyTooDeepError extends OAuthError {
  constructor(
    errorCode: OAuthErrorCode,
    readonly member: string,
  ) {
    super(errorCode, `${member} nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`);
  }
}

/** A JSON object body (RFC 7591 registration, the admin API); anything else is `errorCode` with status 400. */
export async function readJsonObject(request: Request, errorCode: OAuthErrorCode): Promise<Record<string, unknown>> {
  if (mediaType(request) !== "application/json") {
    throw new OAuthError(errorCode, "The request body must be JSON (Content-Type: application/json)");
  }
  const text = await readCappedText(request, MAX_BODY_BYTES, errorCode);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OAuthError(errorCode, "The request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new OAuthError(errorCode, "The request body must be a JSON object");
  }
  // Before anything walks the value: the body itself is one level, its members may hold the rest.
  for (const [member, inner] of Object.entries(value)) {
    if (exceedsJsonDepth(inner, MAX_JSON_DEPTH - 1)) throw new JsonBodyTooDeepError(errorCode, member);
  }
  const invalid = invalidTextPath(value);
  if (invalid !== undefined) throw new OAuthError(errorCode, `${invalid} holds a NUL character or text that is not valid UTF-8`);
  return value as Record<string, unknown>;
}

/**
 * An application/x-www-form-urlencoded body as a map of single values (RFC 6749 §3.2: parameters
 * must not repeat). Repeated names, and names or values holding NUL or invalid UTF-8, are
 * `invalid_request`.
 */
export async function readForm(request: Request): Promise<Map<string, string>> {
  if (mediaType(request) !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "The request body must be application/x-www-form-urlencoded");
  }
  return uniqueParams(new URLSearchParams(await readCappedText(request)));
}

export function uniqueParams(params: URLSearchParams): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of params) {
    assertValidParam(name, value);
    if (map.has(name)) throw new OAuthError("invalid_request", `Parameter ${name} is repeated`);
    map.set(name, value);
  }
  return map;
}

/** A query or form parameter whose name or value is not valid text → `invalid_request`. */
export function assertValidParam(name: string, value: string): void {
  if (!isValidText(name)) throw new OAuthError("invalid_request", "A parameter name holds a NUL character or text that is not valid UTF-8");
  if (!isValidText(value)) throw new OAuthError("invalid_request", `Parameter ${name} holds a NUL character or text that is not valid UTF-8`);
}
