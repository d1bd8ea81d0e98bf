import { randomFillSync, randomUUID } from "node:crypto";

/**
 * Random bytes drawn from the CSPRNG 4 KiB at a time and handed out once each, in order: one
 * call into OpenSSL per 4 KiB instead of one per token (a call costs far more than the few bytes
 * a token takes; Node's randomUUID keeps such a cache too). A slice is never handed out twice;
 * a refill allocates a new block, so slices already handed out stay as they were.
 */
const BLOCK_BYTES = 4096;
let block = Buffer.alloc(0);
let offset = 0;

/**
 * `bytes` fresh random bytes: up to 256, a view of the current block, whose underlying ArrayBuffer
 * also holds other callers' bytes — read the view (toString, a cipher's IV), never hand on its
 * `.buffer`. Above 256, a buffer of its own.
 */
export function randomBytesPooled(bytes: number): Buffer {
  if (bytes > 256) return randomFillSync(Buffer.alloc(bytes));
  if (offset + bytes > block.length) {
    block = randomFillSync(Buffer.allocUnsafeSlow(BLOCK_BYTES));
    offset = 0;
  }
  const out = block.subarray(offset, offset + bytes);
  offset += bytes;
  return out;
}

/** A URL-safe random string carrying `bytes` bytes of entropy (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytesPooled(bytes).toString("base64url");
}

/** 32 lowercase hex characters (128 bits), the webhook conversationId format. */
export function randomHex128(): string {
  return randomBytesPooled(16).toString("hex");
}

export { randomUUID };
