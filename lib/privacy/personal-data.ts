/**
 * Personal data kept between the steps of a login (README, Security, "Personal data at rest"): a
 * login's claims, an SSO session's eID result, the person named by a login's request. Sealed with
 * AES-256-GCM under the key derived from PORTA_SECRET; the additional data names the purpose and
 * the row, so a value cannot be moved to another row or read as something else. One seal or open is
 * microseconds and needs no query.
 */
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";

type Json = Record<string, unknown>;

const loginClaimsContext = (loginId: string) => `login-claims:${loginId}`;
const sessionIdentityContext = (sessionId: string) => `session-identity:${sessionId}`;
const loginRequestContext = (loginId: string) => `login-request:${loginId}`;
const pushedRequestContext = (requestIdHash: string) => `pushed-request:${requestIdHash}`;

function seal(value: Json, context: string): string {
  return encryptAtRest(JSON.stringify(value), context);
}

function open(sealed: string, context: string): Json {
  return JSON.parse(decryptAtRest(sealed, context)) as Json;
}

/** A login's claims; an access token carries its login's sealed claims under the same context. */
export function sealLoginClaims(loginId: string, claims: Json): string {
  return seal(claims, loginClaimsContext(loginId));
}

/** The claims sealed by `sealLoginClaims`; none when they were cleared. */
export function openLoginClaims(loginId: string, sealed: string | null): Json {
  return sealed === null ? {} : open(sealed, loginClaimsContext(loginId));
}

export function sealSessionIdentity(sessionId: string, identity: Json): string {
  return seal(identity, sessionIdentityContext(sessionId));
}

/** The eID result of an SSO session; null when the session ended (it was cleared). */
export function openSessionIdentity(sessionId: string, sealed: string | null): Json | null {
  return sealed === null ? null : open(sealed, sessionIdentityContext(sessionId));
}

export function sealLoginRequestPart(loginId: string, part: Json): string {
  return seal(part, loginRequestContext(loginId));
}

export function openLoginRequestPart(loginId: string, sealed: string): Json {
  return open(sealed, loginRequestContext(loginId));
}

/**
 * A pushed request's parameters (RFC 9126): a `login_hint` may name the person by national id.
 * Stored as one sealed JSON string, bound to the request's id hash.
 */
export function sealPushedParams(requestIdHash: string, params: Record<string, string>): string {
  return seal(params, pushedRequestContext(requestIdHash));
}

/** The parameters sealed by `sealPushedParams`; a plain object (stored before sealing) as it is. */
export function openPushedParams(requestIdHash: string, stored: unknown): Record<string, string> {
  if (typeof stored === "string") return open(stored, pushedRequestContext(requestIdHash)) as Record<string, string>;
  return stored as Record<string, string>;
}
