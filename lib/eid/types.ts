/**
 * Contracts between the login core and the eIDs. A simulator (test tenants) or a connector
 * (production tenants) authenticates a person and returns an `EidResult`; the core turns it
 * into ID token claims through the scope rules of `release-claims.ts`.
 */
import type { EidFamily } from "./families";

/** A bank or operator an eID is used through (FTN, iDIN): chosen on the simulator's picker. */
export interface EidProvider {
  /** Short lowercase slug; `authenticationmethod` is `<eid>:<id>`, e.g. "ftn:nordea". */
  id: string;
  name: string;
}

/** A documented test person of one eID family (test tenants only). */
export interface TestIdentity {
  /** Stable id within the family, used in forms (e.g. "mitid-1"). */
  id: string;
  family: EidFamily;
  /** Shown in the simulator's picker, e.g. "Peter Jensen (CPR 010190-1234)". */
  label: string;
  /** The person's national identity number, when the eID has one. */
  nationalId?: string;
  /** The person's key at the eID when it is not the national id (MitID's uuid). */
  personKey?: string;
  /** Every claim the eID yields for this person, before scope filtering (eID's own names). */
  claims: Record<string, unknown>;
  /** The person's bank, for eIDs used through a bank (FTN bank ID, iDIN). */
  bank?: EidProvider;
  /** The person's mobile operator, for FTN mobile ID (Mobiilivarmenne). */
  mobileOperator?: EidProvider;
  /** The organisation an MitID Erhverv identity is bound to. */
  organisation?: string;
}

/** What a completed eID authentication yields. */
export interface EidResult {
  acr: string;
  /** A stable identifier of the person at the eID (uuid, national id, ...): input to Porta's `sub`. */
  personKey: string;
  /** eID claims before scope filtering. */
  claims: Record<string, unknown>;
  /** e.g. "mitid:app", "bankid:same-device"; becomes `authenticationmethod`. */
  method: string;
}

/** How a login_hint `action:` value is worded in the eID app (README, "login_hint"). */
export type LoginAction = "login" | "confirm" | "accept" | "approve" | "sign";
