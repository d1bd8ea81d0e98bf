/**
 * The playground is a relying party inside Porta. It keeps its own per-login state (state, nonce,
 * PKCE verifier) and the last result in cookies sealed with AES-256-GCM (compressed first, so a
 * full ID token fits), like any server-side RP would keep them in its session.
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";

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

export function cookieHeader(name: string, value: string, maxAgeS: number, secure: boolean): string {
  return [`${name}=${value}`, "Path=/playground", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeS}`, ...(secure ? ["Secure"] : [])].join("; ");
}

export function readRawCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
