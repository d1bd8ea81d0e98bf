/**
 * Checks of the browser channel (authorize and PAR only; pipeline.ts lists where each applies):
 * what decides where the browser goes back to and how, and what only a front-channel login asks.
 * The first two decide whether an error may be sent to the redirect_uri at all
 * (RFC 6749 §4.1.2.1, RFC 9700 §4.11).
 */
import { GRANT_TYPES } from "../../clients/schemas";
import { OAuthError, invalidRequest } from "../errors";
import type { ResponseMode } from "../authorization-response";
import { PKCE_SYNTAX_DESCRIPTION, isCodeChallenge } from "../pkce";
import type { CheckContext } from "./context";
import type { Prompt } from "./request";

const RESPONSE_MODES: readonly ResponseMode[] = ["query", "fragment", "form_post"];
const PROMPTS: readonly Prompt[] = ["none", "login", "consent", "consent_revoke", "select_account"];

/** redirect_uri: required; exact string match to a registered one after removing any fragment (README, "Logging users in"). */
export function checkRedirectUri(ctx: CheckContext): void {
  if (ctx.duplicated.has("redirect_uri")) throw new OAuthError("invalid_redirect_uri", "redirect_uri is repeated");
  const raw = ctx.params.get("redirect_uri");
  if (!raw) throw new OAuthError("invalid_redirect_uri", "redirect_uri is required");
  const withoutFragment = raw.split("#")[0]!;
  if (!ctx.client.redirectUris.includes(withoutFragment)) {
    throw new OAuthError("invalid_redirect_uri", "redirect_uri is not registered for this application (it must match exactly)");
  }
  ctx.redirectUri = withoutFragment;
}

/** The response type's default mode (OAuth 2.0 Multiple Response Types: query for code, fragment for id_token), which errors use until response_mode is verified. */
export function defaultResponseMode(ctx: CheckContext): ResponseMode {
  return ctx.params.get("response_type") === "id_token" ? "fragment" : "query";
}

/**
 * response_mode: query, fragment or form_post; default query for code and fragment for id_token
 * (OAuth 2.0 Multiple Response Types). Decided before the other checks so their errors use the right mode.
 */
export function checkResponseMode(ctx: CheckContext): void {
  const raw = ctx.params.get("response_mode");
  ctx.responseMode = defaultResponseMode(ctx);
  if (ctx.duplicated.has("response_mode")) throw invalidRequest("response_mode is repeated");
  if (raw === undefined) return;
  if (!(RESPONSE_MODES as readonly string[]).includes(raw)) {
    throw invalidRequest(`response_mode ${JSON.stringify(raw)} is not supported; use query, fragment or form_post`);
  }
  ctx.responseMode = raw as ResponseMode;
  ctx.request.responseMode = ctx.responseMode;
}

/** state: returned unchanged; recorded early so every later error carries it. */
export function checkState(ctx: CheckContext): void {
  const state = ctx.params.get("state");
  if (state !== undefined) {
    if (state.length > 2048) throw invalidRequest("state is longer than 2048 characters");
    ctx.request.state = state;
  }
}

/**
 * A request object was merged and a pushed request loaded before the checks (resolve-request.ts);
 * what is left here: request_uri inside a pushed request is refused (RFC 9126 §2.1).
 */
export function checkRequestObjectParams(ctx: CheckContext): void {
  if (ctx.params.has("request_uri")) throw invalidRequest("request_uri cannot be sent inside a pushed authorization request");
  if (ctx.params.has("request")) throw new OAuthError("invalid_request_object", "request could not be processed");
}

/** Require PAR (RFC 9126 §5): a plain request may not start a login. */
export function checkRequirePar(ctx: CheckContext): void {
  if (ctx.client.requirePushedAuthorizationRequests && !ctx.isPushed) {
    throw invalidRequest("This application requires pushed authorization requests (PAR): send request_uri from the PAR endpoint");
  }
}

/** response_type: code or id_token, and registered for the application (RFC 6749 §3.1.1). */
export function checkResponseType(ctx: CheckContext): void {
  const raw = ctx.params.get("response_type");
  if (!raw) throw invalidRequest("response_type is required");
  if (raw !== "code" && raw !== "id_token") {
    throw new OAuthError("unsupported_response_type", `response_type ${JSON.stringify(raw)} is not supported; use code or id_token`);
  }
  if (!ctx.client.responseTypes.includes(raw)) {
    throw new OAuthError("unauthorized_client", `This application is not registered for response_type ${raw}`);
  }
  const grant = raw === "code" ? GRANT_TYPES.authorizationCode : GRANT_TYPES.implicit;
  if (!ctx.client.grantTypes.includes(grant)) {
    throw new OAuthError("unauthorized_client", `This application is not registered for the ${grant} grant`);
  }
  ctx.request.responseType = raw;
}

/**
 * PKCE (RFC 7636, RFC 9700 §2.1.1): code_challenge_method S256 only (plain refused); the challenge
 * is 43-128 unreserved characters; public clients must use it.
 */
export function checkPkce(ctx: CheckContext): void {
  const challenge = ctx.params.get("code_challenge");
  const method = ctx.params.get("code_challenge_method");
  if (challenge === undefined) {
    if (method !== undefined) throw invalidRequest("code_challenge_method was sent without code_challenge");
    if (ctx.client.tokenEndpointAuthMethod === "none" && ctx.request.responseType === "code") {
      throw invalidRequest("This is a public client: PKCE is required (code_challenge with code_challenge_method=S256)");
    }
    return;
  }
  if (method === undefined) throw invalidRequest("code_challenge_method is required; use S256 (plain is not accepted)");
  if (method !== "S256") throw invalidRequest(`code_challenge_method ${JSON.stringify(method)} is not supported; use S256`);
  if (!isCodeChallenge(challenge)) throw invalidRequest(`code_challenge must be ${PKCE_SYNTAX_DESCRIPTION}`);
  ctx.request.codeChallenge = challenge;
}

/** prompt (OIDC Core §3.1.2.1) and max_age. `none` cannot be combined. */
export function checkPromptAndMaxAge(ctx: CheckContext): void {
  const raw = ctx.params.get("prompt");
  const prompts = raw ? [...new Set(raw.split(" ").filter(Boolean))] : [];
  for (const p of prompts) {
    if (!(PROMPTS as readonly string[]).includes(p)) throw invalidRequest(`prompt ${JSON.stringify(p)} is not supported`);
  }
  if (prompts.includes("none") && prompts.length > 1) throw invalidRequest("prompt=none cannot be combined with other values");
  ctx.request.prompt = prompts as Prompt[];
  const maxAge = ctx.params.get("max_age");
  if (maxAge !== undefined) {
    if (!/^\d{1,9}$/.test(maxAge)) throw invalidRequest("max_age must be a non-negative integer number of seconds");
    ctx.request.maxAge = Number(maxAge);
  }
}

/**
 * ui_locales: space-separated BCP 47 tags, kept in order (OIDC Core §3.1.2.1); they choose the
 * language of Porta's pages, which only browser logins show (CIBA Core §7.1 has no ui_locales).
 */
export function checkUiLocales(ctx: CheckContext): void {
  const raw = ctx.params.get("ui_locales");
  ctx.request.uiLocales = raw ? raw.split(" ").filter((t) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(t)) : [];
}
