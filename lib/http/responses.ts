/** Web-standard Response helpers shared by every endpoint. */
import { logger } from "../log";
import { OAuthError } from "../oauth/errors";

export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

/**
 * A JSON answer whose body stream is made only when something reads the body (a test, Next.js's
 * route handler): Porta's server writes the text it was made from, and undici builds a stream for
 * every body given to a Response, work that nothing reads on that path. Reads go to a plain
 * Response of the same text, made on first use; status and headers are this one's.
 */
class JsonResponse extends Response {
  /** The text it was made from, which Porta's server writes as it is (jsonTextOf). */
  readonly jsonText: string;
  #withBody: Response | undefined;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this.jsonText = text;
  }

  #full(): Response {
    return (this.#withBody ??= new Response(this.jsonText, { status: this.status, statusText: this.statusText, headers: this.headers }));
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#full().body;
  }
  override get bodyUsed(): boolean {
    return this.#withBody?.bodyUsed ?? false;
  }
  override text(): Promise<string> {
    return this.#full().text();
  }
  override json(): Promise<unknown> {
    return this.#full().json();
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#full().arrayBuffer();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#full().bytes();
  }
  override blob(): Promise<Blob> {
    return this.#full().blob();
  }
  override formData(): Promise<FormData> {
    return this.#full().formData();
  }
  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: the body has already been read");
    return new JsonResponse(this.jsonText, { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) });
  }
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  return new JsonResponse(text, { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } });
}

/** The body of a response made by jsonResponse, as text; undefined for any other response. */
export function jsonTextOf(response: Response): string | undefined {
  return response instanceof JsonResponse ? response.jsonText : undefined;
}

export function oauthErrorResponse(error: OAuthError): Response {
  return jsonResponse(error.toJSON(), error.status, { ...NO_STORE, ...error.headers });
}

/**
 * The OAuth channel's one error handler (lib/endpoints/channels.ts): an OAuthError is answered as
 * its RFC 6749 §5.2 JSON, anything else as serverErrorAnswer's generic 500.
 */
export function oauthErrorAnswer(error: unknown, endpoint: string, request: Request): Response {
  if (error instanceof OAuthError) return oauthErrorResponse(error);
  return serverErrorAnswer(error, endpoint, request);
}

/** An error no endpoint expects: logged with its cause and the request id, answered with a generic 500 that echoes nothing of it. */
export function serverErrorAnswer(error: unknown, endpoint: string, request: Request): Response {
  logger.error({ err: error, endpoint, reqId: request.headers.get("x-request-id") ?? undefined }, "unhandled error");
  return oauthErrorResponse(new OAuthError("server_error", "The server could not complete the request"));
}

export function methodNotAllowed(allowed: readonly string[]): Response {
  return jsonResponse(
    { error: "invalid_request", error_description: `Method not allowed; use ${allowed.join(" or ")}` },
    405,
    { Allow: allowed.join(", "), ...NO_STORE },
  );
}
