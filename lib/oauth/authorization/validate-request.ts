/**
 * Validates an authorization request (plain or pushed) through the checks of checks.ts, in order.
 * The outcome says where an error may go: before the client and redirect_uri are verified it
 * goes to Porta's error page, never to the unverified address (RFC 9700 §4.11.2).
 */
import { findApplication, type ApplicationRecord } from "../../clients/application-service";
import { findEidMethod } from "../../eid/catalogue";
import { OAuthError } from "../errors";
import type { ResponseMode } from "../authorization-response";
import * as checks from "./checks";
import { checkMessageLimits, parseLoginHint } from "./login-hint";
import type { AuthorizationRequest } from "./request";

export interface RedirectTarget {
  redirectUri: string;
  mode: ResponseMode;
  state?: string;
}

export class AuthorizationRequestError extends Error {
  override name = "AuthorizationRequestError";
  constructor(
    readonly error: OAuthError,
    /** Where the error may be returned; undefined → show the error page. */
    readonly target: RedirectTarget | undefined,
  ) {
    super(error.message);
  }
}

export interface RawAuthorizationParams {
  params: Map<string, string>;
  duplicated: Set<string>;
}

/** Collects parameters, noting repeated names instead of failing at once (the error's destination depends on them). */
export function collectParams(search: URLSearchParams): RawAuthorizationParams {
  const params = new Map<string, string>();
  const duplicated = new Set<string>();
  for (const [name, value] of search) {
    if (params.has(name)) duplicated.add(name);
    else params.set(name, value);
  }
  return { params, duplicated };
}

export async function loadClientForAuthorization(raw: RawAuthorizationParams): Promise<ApplicationRecord> {
  if (raw.duplicated.has("client_id")) throw new AuthorizationRequestError(new OAuthError("invalid_client", "client_id is repeated"), undefined);
  const clientId = raw.params.get("client_id");
  if (!clientId) throw new AuthorizationRequestError(new OAuthError("invalid_client", "client_id is required"), undefined);
  const client = await findApplication(clientId);
  if (!client) throw new AuthorizationRequestError(new OAuthError("invalid_client", "No application is registered with this client_id"), undefined);
  return client;
}

export function validateAuthorizationRequest(
  raw: RawAuthorizationParams,
  client: ApplicationRecord,
  options: { isPushed: boolean; parRequestId?: string },
): AuthorizationRequest {
  const ctx: checks.CheckContext = { ...raw, client, request: {}, isPushed: options.isPushed };
  try {
    checks.checkRedirectUri(ctx);
  } catch (error) {
    throw new AuthorizationRequestError(error as OAuthError, undefined);
  }
  try {
    // state first, so every later error (a bad response_mode too) carries it, in the default mode.
    ctx.responseMode = checks.defaultResponseMode(ctx);
    checks.checkState(ctx);
    checks.checkResponseMode(ctx);
    checks.checkNoDuplicates(ctx);
    checks.checkRequestObjectParams(ctx);
    checks.checkRequirePar(ctx);
    checks.checkResponseType(ctx);
    const hint = parseLoginHint(ctx.params.get("login_hint"));
    checks.checkScope(ctx, hint.extraScopes);
    checks.checkNonce(ctx);
    checks.checkPkce(ctx);
    checks.checkPromptAndMaxAge(ctx);
    checks.checkAcrValues(ctx, hint.extraAcrValues);
    if (hint.hint.mock && client.tenant.environment !== "test") {
      throw new OAuthError("invalid_request", "login_hint mock: is only accepted in test tenants");
    }
    checkMessageLimits(hint, (ctx.request.acrValues ?? []).map((acr) => findEidMethod(acr)?.family ?? ""));
    checks.checkUiLocales(ctx);
    const r = ctx.request;
    return {
      clientId: client.clientId,
      redirectUri: ctx.redirectUri!,
      responseType: r.responseType!,
      responseMode: ctx.responseMode!,
      scopes: r.scopes!,
      state: r.state,
      nonce: r.nonce,
      acrValues: r.acrValues!,
      acrRequested: r.acrRequested!,
      prompt: r.prompt ?? [],
      maxAge: r.maxAge,
      uiLocales: r.uiLocales ?? [],
      loginHint: hint.hint,
      codeChallenge: r.codeChallenge,
      parRequestId: options.parRequestId,
    };
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    throw new AuthorizationRequestError(error, { redirectUri: ctx.redirectUri!, mode: ctx.responseMode ?? "query", state: ctx.request.state });
  }
}
