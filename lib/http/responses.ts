/** Web-standard Response helpers shared by every endpoint. */
import { logger } from "../log";
import { OAuthError } from "../oauth/errors";

export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

/**
 * The text each JSON response was made from, so that Porta's server writes it as it is rather
 * than reading it back out of the Response's stream (server/node-adapter.ts).
 */
const jsonTexts = new WeakMap<Response, string>();

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
  jsonTexts.set(response, text);
  return response;
}

/** The body of a response made by jsonResponse, as text; undefined for any other response. */
export function jsonTextOf(response: Response): string | undefined {
  return jsonTexts.get(response);
}

export function oauthErrorResponse(error: OAuthError): Response {
  return jsonResponse(error.toJSON(), error.status, { ...NO_STORE, ...error.headers });
}

/**
 * Runs an endpoint body and turns thrown errors into responses: OAuthError → its JSON,
 * anything else → a logged, generic 500 that echoes nothing of the cause.
 */
export async function withOAuthErrors(endpoint: string, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    logger.error({ err: error, endpoint }, "unhandled error");
    return oauthErrorResponse(new OAuthError("server_error", "The server could not complete the request"));
  }
}

export function methodNotAllowed(allowed: readonly string[]): Response {
  return jsonResponse(
    { error: "invalid_request", error_description: `Method not allowed; use ${allowed.join(" or ")}` },
    405,
    { Allow: allowed.join(", "), ...NO_STORE },
  );
}
