/**
 * How Porta encrypts ID tokens and userinfo to a client (OIDC Core §10.2, Registration §2): the
 * key management algorithms and content encryption it offers (discovery lists these), and the
 * kind of client key ("use": "enc") each algorithm encrypts to. Pure data, shared by
 * registration, issuing, discovery and the dashboard form.
 */
import type { JWK } from "jose";

/** RSA-OAEP-256 to an RSA key; ECDH-ES (direct key agreement) to an EC key on a NIST curve. */
export const ENCRYPTION_ALGS = ["RSA-OAEP-256", "ECDH-ES"] as const;
export type EncryptionAlg = (typeof ENCRYPTION_ALGS)[number];

export const ENCRYPTION_ENCS = ["A256GCM"] as const;
export type EncryptionEnc = (typeof ENCRYPTION_ENCS)[number];

/** The content encryption used when a client registers an alg without an enc (OIDC Registration §2). */
export const DEFAULT_ENCRYPTION_ENC: EncryptionEnc = "A256GCM";

const KEY_TYPE: Record<EncryptionAlg, "RSA" | "EC"> = { "RSA-OAEP-256": "RSA", "ECDH-ES": "EC" };
const EC_CURVES = ["P-256", "P-384", "P-521"];

export function isEncryptionAlg(value: unknown): value is EncryptionAlg {
  return typeof value === "string" && (ENCRYPTION_ALGS as readonly string[]).includes(value);
}

/** The key type `alg` encrypts to ("RSA" or "EC"), for messages. */
export function encryptionKeyType(alg: EncryptionAlg): "RSA" | "EC" {
  return KEY_TYPE[alg];
}

/** Whether `key` is a public key Porta can encrypt to with `alg`: its type, `use` "enc", and no other alg. */
export function fitsEncryptionAlg(key: Pick<JWK, "kty" | "use" | "alg" | "crv">, alg: EncryptionAlg): boolean {
  if (key.use !== "enc" || key.kty !== KEY_TYPE[alg]) return false;
  if (key.alg !== undefined && key.alg !== alg) return false;
  return key.kty !== "EC" || EC_CURVES.includes(key.crv ?? "");
}
