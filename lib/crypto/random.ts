import { randomBytes, randomUUID } from "node:crypto";

/** A URL-safe random string carrying `bytes` bytes of entropy (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** 32 lowercase hex characters (128 bits), the webhook conversationId format. */
export function randomHex128(): string {
  return randomBytes(16).toString("hex");
}

export { randomUUID };
