import type { JWK } from "jose";
import { db } from "../db/client";
import type { KeyPurpose } from "../db/generated/client";
import { KEY_CACHE_TTL_MS } from "./algorithms";
import { publishedKeys } from "./key-store";
import { processCache } from "../process-cache";

interface CachedJwks {
  body: string;
  expiresAt: number;
}

const cache = processCache<KeyPurpose, CachedJwks>("jwks");

/**
 * The serialised JWKS for a purpose, cached in-process for KEY_CACHE_TTL_MS: a key rotated through
 * another instance appears here within that time.
 */
export async function jwksDocument(purpose: KeyPurpose): Promise<string> {
  const hit = cache.get(purpose);
  if (hit && hit.expiresAt > Date.now()) return hit.body;
  const keys = await publishedKeys(await db(), purpose);
  const body = JSON.stringify({ keys: keys.map((k): JWK => k.publicJwk) });
  cache.set(purpose, { body, expiresAt: Date.now() + KEY_CACHE_TTL_MS });
  return body;
}

export function clearJwksCache(): void {
  cache.clear();
}
