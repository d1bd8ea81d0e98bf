/**
 * Encryption at rest for private keys and other stored secrets: AES-256-GCM with a key derived
 * from the instance secret by HKDF-SHA256. Format: "v1.<iv>.<ciphertext>.<tag>" (base64url).
 * The `context` string is bound as additional authenticated data, so a value cannot be moved
 * to another row or purpose.
 */
import { createCipheriv, createDecipheriv, hkdfSync } from "node:crypto";
import { randomBytesPooled } from "./random";
import { instanceSecret } from "./secret";

const keyCache = new Map<string, Buffer>();
const GCM_TAG_BYTES = 16;

function derivedKey(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "porta", "porta/encryption-at-rest/v1", 32));
    keyCache.set(secret, key);
  }
  return key;
}

export function encryptAtRest(plaintext: string, context: string, secret = instanceSecret()): string {
  const iv = randomBytesPooled(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(secret), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

export function decryptAtRest(sealed: string, context: string, secret = instanceSecret()): string {
  const parts = sealed.split(".");
  const [version, iv, ciphertext, tag] = parts;
  // The ciphertext of an empty plaintext is empty; only the IV and tag are never empty.
  if (parts.length !== 4 || version !== "v1" || !iv || ciphertext === undefined || !tag) throw new Error("unrecognised encrypted value");
  const authTag = Buffer.from(tag, "base64url");
  // A shortened tag would be accepted by GCM and weaken the check: only the full 16 bytes.
  if (authTag.length !== GCM_TAG_BYTES) throw new Error("unrecognised encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey(secret), Buffer.from(iv, "base64url"), { authTagLength: GCM_TAG_BYTES });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
