/**
 * Checks every endpoint of the pipeline applies (authorize, PAR, CIBA, headless): repeated
 * parameters, scope and nonce mean the same in a browser login and a decoupled one.
 */
import { OAuthError, invalidRequest } from "../errors";
import { spaceSeparated, type CheckContext } from "./context";

/**
 * RFC 6749 §3.1 (and §3.2 for the back-channel bodies): request parameters must not be included
 * more than once. Back-channel forms refuse repeats as they are read; this catches the rest.
 */
export function checkNoDuplicates(ctx: CheckContext): void {
  const first = [...ctx.duplicated][0];
  if (first) throw invalidRequest(`${first} is repeated`);
}

/**
 * scope: required, space-separated, must contain openid (OIDC Core §3.1.2.1, CIBA Core §7.1); `scope:`
 * values of the login_hint are added (quirks mode for clients that cannot send scope); unknown values are ignored
 * (OIDC Core §3.1.2.1).
 */
export function checkScope(ctx: CheckContext): void {
  const raw = ctx.params.get("scope");
  if (!raw || !raw.trim()) throw new OAuthError("invalid_scope", "scope is required and must contain openid");
  const scopes = [...new Set([...spaceSeparated(raw), ...(ctx.hint?.extraScopes ?? [])])];
  if (!scopes.includes("openid")) throw new OAuthError("invalid_scope", "scope must contain openid");
  ctx.request.scopes = scopes;
}

/**
 * nonce: 1 to 512 characters, echoed in the ID token (OIDC Core §3.1.2.1); required with
 * response_type=id_token (OIDC Core §3.2.2.1). A decoupled request's nonce reaches its ID token
 * too, so it is held to the same length.
 */
export function checkNonce(ctx: CheckContext): void {
  const nonce = ctx.params.get("nonce");
  if (nonce !== undefined) {
    if (nonce.length === 0 || nonce.length > 512) throw invalidRequest("nonce must be 1 to 512 characters");
    ctx.request.nonce = nonce;
  }
  if (ctx.request.responseType === "id_token" && nonce === undefined) {
    throw invalidRequest("nonce is required with response_type=id_token");
  }
}
