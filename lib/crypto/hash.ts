import { createHash, timingSafeEqual } from "node:crypto";

/**
 * SHA-256 (base64url) of a high-entropy bearer value. Such values (≥128 random bits) need no
 * slow password hash: the hash only keeps a database reader from using them.
 */
export function hashToken(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("base64url");
}

/** Constant-time string comparison (lengths are compared through their hashes). */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a, "utf8").digest();
  const hb = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(ha, hb);
}
