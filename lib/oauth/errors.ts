/**
 * OAuth errors (RFC 6749 §4.1.2.1, §5.2; RFC 6750 §3.1; RFC 7591 §3.2.2; RFC 9126; OIDC Core
 * §3.1.2.6; CIBA §13). One class; `code` is a literal union so `switch (e.code)` narrows.
 * The description is written for the developer of the relying party and never carries secrets.
 */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "access_denied"
  | "server_error"
  | "temporarily_unavailable"
  | "login_required"
  | "consent_required"
  | "interaction_required"
  | "invalid_request_uri"
  | "invalid_request_object"
  | "request_not_supported"
  | "request_uri_not_supported"
  | "invalid_token"
  | "insufficient_scope"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "authorization_pending"
  | "slow_down"
  | "expired_token"
  | "unknown_user_id"
  | "invalid_binding_message"
  | "method_not_allowed"
  | "not_found";

const DEFAULT_STATUS: Partial<Record<OAuthErrorCode, number>> = {
  invalid_client: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  server_error: 500,
  temporarily_unavailable: 503,
  method_not_allowed: 405,
  not_found: 404,
};

export interface OAuthErrorOptions {
  status?: number;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class OAuthError extends Error {
  override name = "OAuthError";
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    options: OAuthErrorOptions = {},
  ) {
    super(`${code}: ${description}`, { cause: options.cause });
    this.status = options.status ?? DEFAULT_STATUS[code] ?? 400;
    this.headers = options.headers ?? {};
  }

  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }
}

export const invalidRequest = (description: string) => new OAuthError("invalid_request", description);
export const invalidToken = (description: string) =>
  new OAuthError("invalid_token", description, {
    headers: { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${description.replace(/["\\]/g, "")}"` },
  });
