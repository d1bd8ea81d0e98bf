/**
 * A decoupled (CIBA or headless) login request, as stored on its login: what the
 * check pipeline validated (DecoupledAuthorizationRequest) plus what Porta made for it.
 */
import type { Login } from "../db/generated/client";
import type { DecoupledEndpoint, PhoneAuthDetail } from "../oauth/authorization/request";
import { openLoginRequestPart } from "../privacy/personal-data";

export type DecoupledKind = DecoupledEndpoint;

export interface DecoupledRequest {
  kind: DecoupledKind;
  clientId: string;
  scopes: string[];
  acr: string;
  /** The person's national id from login_hint=sub:ssn:<id>; absent for a headless request naming nobody. */
  nationalId?: string;
  bindingMessage?: string;
  nonce?: string;
  authorizationDetails?: PhoneAuthDetail[];
  /** Ping mode: the client's notification token, encrypted at rest. */
  notificationTokenSealed?: string;
  /** The request id as issued, encrypted: shown by the simulated devices page of test tenants. */
  requestIdSealed: string;
  /** Headless: the BankID-style animation secrets. */
  autoStartToken?: string;
  qrStartToken?: string;
  qrStartSecret?: string;
}

/** As kept on the login: the national id sealed to the login (`login-request:<id>`). */
export type StoredDecoupledRequest = Omit<DecoupledRequest, "nationalId"> & { nationalIdSealed?: string };

export const CIBA_INTERVAL_S = 3;
export const HEADLESS_INTERVAL_S = 1;
export const DEFAULT_EXPIRY_S = 180;
export const MAX_EXPIRY_S = 600;

/** The request stored on a decoupled login, with the person's national id opened when it names one. */
export function decoupledRequestOf(login: Login): DecoupledRequest {
  const { nationalIdSealed, ...rest } = login.request as unknown as StoredDecoupledRequest;
  if (nationalIdSealed === undefined) return rest;
  const { nationalId } = openLoginRequestPart(login.id, nationalIdSealed) as { nationalId: string };
  return { ...rest, nationalId };
}
