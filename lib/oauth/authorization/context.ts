/**
 * What the checks of the authorization pipeline share: the parameters, the client, where the
 * request came in, and the validated fields collected so far.
 */
import type { ApplicationRecord } from "../../clients/application-record";
import type { ResponseMode } from "../authorization-response";
import type { ParsedLoginHint } from "./login-hint";
import type { AuthorizationEndpoint, AuthorizationRequest, DecoupledEndpoint, DecoupledParams } from "./request";

export interface CheckContext {
  endpoint: AuthorizationEndpoint;
  params: Map<string, string>;
  duplicated: Set<string>;
  client: ApplicationRecord;
  /** Set once the redirect_uri is verified: from then on errors go back to it. */
  redirectUri?: string;
  responseMode?: ResponseMode;
  /** The parsed login_hint, set by checkLoginHint. */
  hint?: ParsedLoginHint;
  request: Partial<AuthorizationRequest & DecoupledParams>;
  /** True when the parameters came from a pushed authorization request. */
  isPushed: boolean;
}

/** One check: enforces the rules in its header comment, or throws an OAuthError. */
export type Check = (ctx: CheckContext) => void;

export function isDecoupled(endpoint: AuthorizationEndpoint): endpoint is DecoupledEndpoint {
  return endpoint === "ciba" || endpoint === "headless";
}

/** How error messages name a decoupled flow. */
export function flowName(endpoint: DecoupledEndpoint): string {
  return endpoint === "ciba" ? "CIBA" : "headless";
}

/** A list of space-separated values, empty ones dropped (RFC 6749 §3.3 for scope). */
export function spaceSeparated(raw: string | undefined): string[] {
  return raw ? raw.split(" ").filter(Boolean) : [];
}
