/**
 * The private key that signs for an owner and algorithm now (the `current` one), decrypted and
 * imported once and cached for KEY_CACHE_TTL_MS, so signing does no database or AES work per token.
 */
import { importJWK, type CryptoKey, type JWK } from "jose";
import { decryptAtRest } from "../crypto/encryption";
import { db } from "../db/client";
import type { KeyPurpose } from "../db/generated/client";
import { ttlCache } from "../process/ttl-cache";
import { KEY_CACHE_TTL_MS, type SigningAlg } from "./algorithms";

export interface ActiveSigningKey {
  kid: string;
  alg: SigningAlg;
  key: CryptoKey;
}

const cache = ttlCache<string, ActiveSigningKey>({ name: "signing-keys", ttlMs: KEY_CACHE_TTL_MS });

export class NoSigningKeyError extends Error {
  override name = "NoSigningKeyError";
}

async function loadKey(purpose: KeyPurpose, tenantId: string | null, alg: SigningAlg): Promise<ActiveSigningKey> {
  const row = await (await db()).prisma.signingKey.findFirst({
    where: { purpose, tenantId, alg, state: "current" },
    orderBy: { activatedAt: "desc" },
  });
  if (!row) throw new NoSigningKeyError(`no current ${alg} key for ${purpose}${tenantId ? ` of tenant ${tenantId}` : ""}`);
  const jwk = JSON.parse(decryptAtRest(row.privateKey, `signing-key:${row.kid}`)) as JWK;
  const key = (await importJWK(jwk, alg)) as CryptoKey;
  return { kid: row.kid, alg, key };
}

export function activeSigningKey(purpose: KeyPurpose, tenantId: string | null, alg: SigningAlg): Promise<ActiveSigningKey> {
  return cache.load(`${purpose}:${tenantId ?? "-"}:${alg}`, () => loadKey(purpose, tenantId, alg));
}

export function clearSigningKeyCache(): void {
  cache.clear();
}
