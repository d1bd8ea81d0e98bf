/**
 * PKCE (RFC 7636), the one place for its syntax and its S256 check:
 * - code_verifier = 43*128unreserved (§4.1); code_challenge has the same syntax (§4.2);
 * - S256 only: challenge = BASE64URL(SHA256(ASCII(code_verifier))) (§4.2; plain is refused,
 *   RFC 9700 §2.1.1); the token endpoint compares the verifier's S256 with the challenge (§4.6).
 */
import { createHash } from "node:crypto";
import { constantTimeEqual } from "../crypto/hash";

/** unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 §2.3), 43 to 128 of them. */
const PKCE_SYNTAX = /^[A-Za-z0-9\-._~]{43,128}$/;

/** How both values must look, worded for error descriptions. */
export const PKCE_SYNTAX_DESCRIPTION = "43 to 128 characters of [A-Z a-z 0-9 - . _ ~]";

export function isCodeVerifier(value: string): boolean {
  return PKCE_SYNTAX.test(value);
}

export function isCodeChallenge(value: string): boolean {
  return PKCE_SYNTAX.test(value);
}

/** The S256 challenge of a well-formed code_verifier; null when there is none or it is malformed. */
export function s256ChallengeOf(verifier: string | undefined): string | null {
  if (verifier === undefined || !isCodeVerifier(verifier)) return null;
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** Whether `verifier` is well formed and its S256 is `challenge` (compared in constant time). */
export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  const computed = s256ChallengeOf(verifier);
  return computed !== null && constantTimeEqual(computed, challenge);
}
