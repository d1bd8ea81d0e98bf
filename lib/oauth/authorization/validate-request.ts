/**
 * Validates a browser-channel authorization request (plain, pushed, or a PAR body) through the
 * pipeline (pipeline.ts). The outcome says where an error may go: before the client and
 * redirect_uri are verified it goes to Porta's error page, never to the unverified address
 * (RFC 9700 §4.11.2).
 */
import type { ApplicationRecord } from "../../clients/application-record";
import { findServedApplication } from "../../clients/find-application";
import { isValidText } from "../../http/valid-text";
import { OAuthError } from "../errors";
import type { ResponseMode } from "../authorization-response";
import { defaultResponseMode } from "./checks";
import type { CheckContext } from "./context";
import { runChecks } from "./pipeline";
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
    // Before the client is known: the error page (nothing about this request is trusted yet).
    if (!isValidText(name) || !isValidText(value)) {
      throw new AuthorizationRequestError(new OAuthError("invalid_request", `Parameter ${isValidText(name) ? name : "name"} holds a NUL character or text that is not valid UTF-8`), undefined);
    }
    if (params.has(name)) duplicated.add(name);
    else params.set(name, value);
  }
  return { params, duplicated };
}

export async function loadClientForAuthorization(raw: RawAuthorizationParams): Promise<ApplicationRecord> {
  if (raw.duplicated.has("client_id")) throw new AuthorizationRequestError(new OAuthError("invalid_client", "client_id is repeated"), undefined);
  const clientId = raw.params.get("client_id");
  if (!clientId) throw new AuthorizationRequestError(new OAuthError("invalid_client", "client_id is required"), undefined);
  const client = await findServedApplication(clientId);
  if (!client) throw new AuthorizationRequestError(new OAuthError("invalid_client", "No application is registered with this client_id"), undefined);
  return client;
}

/**
 * Runs the pipeline for authorize or PAR. An error before the redirect_uri is verified has no
 * target (the error page); afterwards it goes back to the redirect_uri, in the response mode
 * decided so far, with the state.
 */
export function validateAuthorizationRequest(
  raw: RawAuthorizationParams,
  client: ApplicationRecord,
  options: { isPushed: boolean; parRequestId?: string; endpoint?: "authorize" | "par" },
): AuthorizationRequest {
  const ctx: CheckContext = { ...raw, endpoint: options.endpoint ?? "authorize", client, request: {}, isPushed: options.isPushed };
  try {
    runChecks("request", ctx);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const target = ctx.redirectUri ? { redirectUri: ctx.redirectUri, mode: ctx.responseMode ?? defaultResponseMode(ctx), state: ctx.request.state } : undefined;
    throw new AuthorizationRequestError(error, target);
  }
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
    loginHint: r.loginHint!,
    codeChallenge: r.codeChallenge,
    parRequestId: options.parRequestId,
  };
}
