/**
 * An eID that logs a person in without any page of Porta's (CIBA, headless; README "Decoupled
 * logins"): the person answers in the eID's app, and Porta asks the eID how the login stands while
 * the relying party polls. Production tenants reach it through their connection (the Swedish
 * BankID RP API, or an upstream OpenID Connect provider's CIBA endpoint); test tenants answer on
 * the simulated devices instead (lib/decoupled/devices.ts).
 *
 * The connector keeps what it must remember in a state the core seals on the login,
 * and the core decides when a check may run (at most one per `checkIntervalMs` per login, across
 * instances, as `nextCheckInMs` says), so a connector never keeps time itself.
 */
import type { LoginHint } from "../oauth/authorization/request";
import type { EidMethod } from "./catalogue";
import type { EidFailure } from "./connector";
import type { EidResult } from "./types";

export interface DecoupledLogin {
  method: EidMethod;
  /** `sub:` names the person (always for CIBA); `action:`/`message:` say what the app shows. */
  loginHint: LoginHint;
  /** CIBA binding_message: shown in the app when the login_hint carries no `message:`. */
  bindingMessage?: string;
  /** The address of the relying party's request (no browser is involved). */
  endUserIp: string;
}

/** What the relying party may show while the person answers (headless `acr_data`). */
export interface DecoupledView {
  hintCode: string;
  /** Changes every second (BankID's animated QR code). */
  qrData?: string;
  autoStartToken?: string;
}

export type DecoupledCheck =
  | { kind: "pending"; state: Record<string, unknown> }
  | { kind: "complete"; result: EidResult }
  | { kind: "failed"; failure: EidFailure };

export interface DecoupledConnector {
  /** The longest one call to the eID may take (the connection's time limit). */
  readonly callTimeoutMs: number;
  /**
   * How long after a check (or the start) that left `state` the eID may next be asked: BankID's
   * 2 s between collects, an upstream provider's CIBA `interval`.
   */
  nextCheckInMs(state: Record<string, unknown>): number;
  /** Begins the login at the eID; throws EidFailure when it cannot. */
  start(login: DecoupledLogin): Promise<Record<string, unknown>>;
  /** Asks the eID once how the login stands. Never throws: a failure is an outcome. */
  check(method: EidMethod, state: Record<string, unknown>): Promise<DecoupledCheck>;
  /** What the relying party may show at `now` (ms since the epoch), from the state alone. */
  view(state: Record<string, unknown>, now: number): DecoupledView;
  /** Lets the eID release the order (the login expired); best effort. */
  cancel(state: Record<string, unknown>): Promise<void>;
}
