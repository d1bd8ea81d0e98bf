/**
 * The one shape every eID takes towards the login core: the built-in simulators of test tenants
 * and the connectors of production tenants (one per connection kind, lib/eid/connection-kinds).
 * The login core calls `start`, then `finish` (and `poll` while the person answers in an
 * app); it never knows which kind runs.
 *
 * A connector keeps what it must remember between steps in `ConnectorLogin.state`: the core seals
 * it (AES-GCM, like signing keys) on the login and hands it back on the next step.
 */
import type { LoginHint } from "../oauth/authorization/request";
import { OAuthError } from "../oauth/errors";
import type { EidMethod } from "./catalogue";
import type { ConnectionKindName } from "./connection-kinds";
import type { EidResult } from "./types";

/** Which connector it is: a test tenant's simulator or mock eID, or a connection's kind. */
export type ConnectorKind = "simulator" | "mock" | ConnectionKindName;

/** What a connector knows of the login it serves. */
export interface ConnectorLogin {
  loginId: string;
  tenantId: string;
  /** The acr value the person is logging in with (one catalogue method). */
  acr: string;
  method: EidMethod;
  loginHint: LoginHint;
  /** The login page's language (en, da, sv, nb, fi). */
  locale: string;
  /** The person's IP address as Porta saw it (BankID's `endUserIp`). */
  endUserIp: string;
  /** Porta's issuer URL (callbacks are built from it). */
  issuer: string;
  /** What this connector stored at the previous step; null before `start`. */
  state: Record<string, unknown> | null;
}

export type StartOutcome =
  /**
   * The browser goes to the eID (upstream authorization endpoint). `ref` is the value the eID
   * sends back (the upstream `state`): the core stores its hash to find the login on return.
   */
  | { kind: "redirect"; location: string; state: Record<string, unknown>; ref: string }
  /** Porta shows its own page for the eID (simulator picker, BankID QR and app launch). */
  | { kind: "page"; state: Record<string, unknown> | null }
  /** The eID authenticated without any page (the mock eID): the eID step is done. */
  | { kind: "complete"; result: EidResult };

/** Progress of a login that the person completes in an app (BankID): the page polls it. */
export type PollOutcome =
  | {
      kind: "pending";
      /** The eID's progress code (BankID hintCode: outstandingTransaction, userSign, ...). */
      hintCode: string;
      /** Content of the QR code to show now (changes every second). */
      qrData?: string;
      /** For launching the app on this device (BankID autoStartToken). */
      autoStartToken?: string;
      state?: Record<string, unknown>;
    }
  | { kind: "complete"; state: Record<string, unknown> }
  | { kind: "failed"; failure: EidFailure; state: Record<string, unknown> };

/**
 * Why a person could not log in with the eID, as the relying party hears it (`access_denied` when
 * the person cancelled or was refused, `server_error` when the eID or its configuration failed)
 * and as the person reads it (`reason`, a key of the `eidFailure` messages in every UI language).
 */
export type EidFailureReason =
  | "cancelled"
  | "expired"
  | "refused"
  | "certificate"
  | "startFailed"
  | "unavailable"
  | "invalidResponse"
  | "misconfigured";

/**
 * What the relying party reads for a `server_error`: one fixed sentence per reason, because
 * upstream and network error text may name internal addresses or the provider's internals and so
 * never reaches it. The connector's own account (addresses, errno, the provider's error text) is
 * the failure's `detail`, which only the log gets.
 */
const SERVER_ERROR_DESCRIPTIONS: Record<EidFailureReason, string> = {
  cancelled: "The eID login was cancelled",
  expired: "The eID login expired",
  refused: "The eID did not log the person in",
  certificate: "The person's eID cannot be used",
  startFailed: "The eID login could not be started",
  unavailable: "The eID provider could not be reached",
  invalidResponse: "The eID provider's answer could not be used",
  misconfigured: "The eID connection could not be used",
};

export class EidFailure extends OAuthError {
  override name = "EidFailure";
  /** The connector's account of the failure, for the log only (may hold upstream text). */
  readonly detail: string;
  /**
   * `description` is what happened in the connector's words. A `server_error` reaches the relying
   * party with a fixed sentence for its reason instead; an `access_denied` description is sent as
   * it is, so it must be Porta's own text (put anything from upstream in `options.detail`).
   */
  constructor(
    code: "access_denied" | "server_error",
    readonly reason: EidFailureReason,
    description: string,
    options: { cause?: unknown; detail?: string } = {},
  ) {
    super(code, code === "server_error" ? SERVER_ERROR_DESCRIPTIONS[reason] : description, { cause: options.cause });
    this.detail = options.detail ?? description;
  }
}

export interface EidConnector {
  readonly kind: ConnectorKind;
  /** Begins the eID step: send the browser to the eID, show Porta's page for it, or answer at once. */
  start(login: ConnectorLogin): Promise<StartOutcome>;
  /**
   * The browser came back: the upstream callback's query (OIDC), or the form posted from Porta's
   * page (simulator identity, BankID after the poll said complete). Throws EidFailure (or
   * OAuthError invalid_request for a bad form) when no identity results.
   */
  finish(login: ConnectorLogin, input: URLSearchParams): Promise<EidResult>;
  /**
   * Asks the eID how the login stands (app-based eIDs); absent for redirect-based ones. Porta's
   * page calls it about once a second; `query` is the page's poll query string.
   */
  poll?(login: ConnectorLogin, query: URLSearchParams): Promise<PollOutcome>;
  /** The person gave up on Porta's page: release what the eID holds (BankID /cancel). */
  cancel?(login: ConnectorLogin): Promise<void>;
}
