/**
 * The validated authorization request, as stored on the login (JSON), and its
 * decoupled variant (CIBA, headless), which the same check pipeline produces (pipeline.ts).
 */
import type { LoginAction } from "../../eid/types";
import type { ResponseMode } from "../authorization-response";

export type Prompt = "none" | "login" | "consent" | "consent_revoke" | "select_account";

/** The endpoints whose requests pass the check pipeline (its applicability table's columns). */
export type AuthorizationEndpoint = "authorize" | "par" | "ciba" | "headless";
export type DecoupledEndpoint = Extract<AuthorizationEndpoint, "ciba" | "headless">;

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

/** CIBA Core §7.1 authorization_details as Porta accepts them (RFC 9396; BankID's phone orders). */
export interface PhoneAuthDetail {
  type: "phoneAuth";
  callInitiator: "RP" | "user";
}

/** What only a decoupled request carries (CIBA Core §7.1; headless: README, "Decoupled logins"). */
export interface DecoupledParams {
  /**
   * The person, from login_hint=sub:ssn:<national id>: always for CIBA; for headless only when the
   * relying party knows them (otherwise whoever scans the QR code or opens the app logs in).
   */
  nationalId?: string;
  bindingMessage?: string;
  authorizationDetails?: PhoneAuthDetail[];
  /** requested_expiry in seconds, as asked; the endpoint bounds it. */
  requestedExpiry?: number;
  /** Ping mode's bearer token for the client's notification endpoint (CIBA Core §7.1, §10.2). */
  clientNotificationToken?: string;
}

/** A validated CIBA or headless request: the authorization request's shared fields and its own. */
export type DecoupledAuthorizationRequest = Pick<AuthorizationRequest, "clientId" | "scopes" | "nonce" | "acrValues" | "acrRequested" | "loginHint"> &
  DecoupledParams & {
    endpoint: DecoupledEndpoint;
    /** The eID that runs the login: the first of acrValues (each supports this endpoint). */
    acr: string;
  };
