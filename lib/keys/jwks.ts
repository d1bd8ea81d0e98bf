import { createHash } from "node:crypto";
import type { JWK } from "jose";
import { db } from "../db/client";
import type { KeyPurpose } from "../db/generated/client";
import { KEY_CACHE_TTL_MS } from "./algorithms";
import { publishedKeys } from "./key-store";
import { processCache } from "../process-cache";

/** A serialised JWKS and its entity tag (RFC 9110 §8.8.3): the tag changes when the key set does. */
export interface JwksBody {
  body: string;
  etag: string;
}

interface CachedJwks extends JwksBody {
  expiresAt: number;
}

const cache = processCache<KeyPurpose, CachedJwks>("jwks");
const inflight = processCache<KeyPurpose, Promise<CachedJwks>>("jwks-inflight");
/** Bumped by every clear: a read that began before a rotation does not refill the cache after it. */
const generation = processCache<"n", number>("jwks-generation");

export function entityTag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

async function load(purpose: KeyPurpose): Promise<CachedJwks> {
  const started = generation.get("n") ?? 0;
  const keys = await publishedKeys(await db(), purpose);
  const body = JSON.stringify({ keys: keys.map((k): JWK => k.publicJwk) });
  const entry = { body, etag: entityTag(body), expiresAt: Date.now() + KEY_CACHE_TTL_MS };
  if ((generation.get("n") ?? 0) === started) cache.set(purpose, entry);
  return entry;
}

/**
 * The serialised JWKS for a purpose, cached in-process for KEY_CACHE_TTL_MS: a key rotated through
 * another instance appears here within that time (a rotation here clears the cache at once).
 * Concurrent requests after expiry share one database read.
 */
export async function jwksBody(purpose: KeyPurpose): Promise<JwksBody> {
  const hit = cache.get(purpose);
  if (hit && hit.expiresAt > Date.now()) return hit;
  let pending = inflight.get(purpose);
  if (!pending) {
    pending = load(purpose).finally(() => inflight.delete(purpose));
    inflight.set(purpose, pending);
  }
  return pending;
}

export async function jwksDocument(purpose: KeyPurpose): Promise<string> {
  return (await jwksBody(purpose)).body;
}

export function clearJwksCache(): void {
  generation.set("n", (generation.get("n") ?? 0) + 1);
  cache.clear();
  inflight.clear();
}
