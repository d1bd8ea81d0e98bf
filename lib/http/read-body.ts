/** Request body readers with a size cap and precise errors. */
import { OAuthError, type OAuthErrorCode } from "../oauth/errors";

export const MAX_BODY_BYTES = 64 * 1024;

async function readText(request: Request, maxBytes: number, errorCode: OAuthErrorCode): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new OAuthError(errorCode, `The request body exceeds ${maxBytes} bytes`, { status: 413 });
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > maxBytes) throw new OAuthError(errorCode, `The request body exceeds ${maxBytes} bytes`, { status: 413 });
  return new TextDecoder("utf-8", { fatal: false }).decode(buffer);
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A JSON object body (RFC 7591 registration); anything else is `errorCode` with status 400. */
export async function readJsonObject(request: Request, errorCode: OAuthErrorCode): Promise<Record<string, unknown>> {
  if (mediaType(request) !== "application/json") {
    throw new OAuthError(errorCode, "The request body must be JSON (Content-Type: application/json)");
  }
  const text = await readText(request, MAX_BODY_BYTES, errorCode);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OAuthError(errorCode, "The request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new OAuthError(errorCode, "The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/**
 * An application/x-www-form-urlencoded body as a map of single values (RFC 6749 §3.2: parameters
 * must not repeat). Returns null-free strings; repeated names are `invalid_request`.
 */
export async function readForm(request: Request): Promise<Map<string, string>> {
  if (mediaType(request) !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "The request body must be application/x-www-form-urlencoded");
  }
  return uniqueParams(new URLSearchParams(await readText(request, MAX_BODY_BYTES, "invalid_request")));
}

export function uniqueParams(params: URLSearchParams): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of params) {
    if (map.has(name)) throw new OAuthError("invalid_request", `Parameter ${name} is repeated`);
    map.set(name, value);
  }
  return map;
}
