/**
 * The playground is a relying party inside Porta. It keeps its own per-login state (state, nonce,
 * PKCE verifier) and the last result in cookies sealed with AES-256-GCM (compressed first, so a
 * full ID token fits), like any server-side RP would keep them in its session. Path=/ (not
 * /playground) because an https issuer's cookies carry the `__Host-` prefix, which requires it.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";
import { readCookie, serializeCookie } from "../http/cookies";

export const PLAYGROUND_STATE_COOKIE = "porta_playground";
export const PLAYGROUND_RESULT_COOKIE = "porta_playground_result";

/** Browsers keep cookies up to 4096 bytes (name and attributes included). */
export const MAX_SEALED_BYTES = 3800;

/** The sealed value is cookie-safe as it is: "v1.<iv>.<ciphertext>.<tag>" in base64url. */
export function seal(value: unknown, purpose: string): string {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(value), "utf8")).toString("base64");
  return encryptAtRest(packed, `playground:${purpose}`);
}

export function unseal<T>(sealed: string | undefined, purpose: string): T | undefined {
  if (!sealed) return undefined;
  try {
    const packed = decryptAtRest(sealed, `playground:${purpose}`);
    return JSON.parse(inflateRawSync(Buffer.from(packed, "base64")).toString("utf8")) as T;
  } catch {
    return undefined;
  }
}

/** A sealed value as it sits in its cookie ("v1.<iv>.<ciphertext>.<tag>"); anything else is ignored. */
const SEALED_VALUE = /^[A-Za-z0-9._-]{1,4096}$/;

/** Set-Cookie for a playground cookie (named and flagged as every Porta cookie, lib/http/cookies.ts). */
export function playgroundCookie(name: string, value: string, maxAgeS: number): string {
  return serializeCookie(name, value, { maxAgeS });
}

/** The sealed value of a playground cookie in the request, if any. */
export function readPlaygroundCookie(request: Request, name: string): string | undefined {
  return readCookie(request, name, SEALED_VALUE);
}
