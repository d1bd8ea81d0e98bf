/** The validated authorization request, as stored on the login transaction (JSON). */
import type { LoginAction } from "../../eid/types";
import type { ResponseMode } from "../authorization-response";

export type Prompt = "none" | "login" | "consent" | "consent_revoke" | "select_account";

export interface LoginHint {
  action: LoginAction;
  /** Decoded confirmation text for the eID app. */
  message?: string;
  /** National id to prefill (`sub:`; CIBA uses `sub:ssn:`). */
  sub?: string;
  /** MitID re-authentication (`uuid:`). */
  uuid?: string;
  /** Claims for the mock eID (`mock:<base64url JSON>`). */
  mock?: Record<string, unknown>;
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  responseType: "code" | "id_token";
  responseMode: ResponseMode;
  scopes: string[];
  state?: string;
  nonce?: string;
  /** eID methods this request allows, in display order. */
  acrValues: string[];
  /** Whether acr_values were asked for (request or login_hint), rather than configured. */
  acrRequested: boolean;
  prompt: Prompt[];
  maxAge?: number;
  uiLocales: string[];
  loginHint: LoginHint;
  codeChallenge?: string;
  /** The pushed request this came from (RFC 9126). */
  parRequestId?: string;
}
