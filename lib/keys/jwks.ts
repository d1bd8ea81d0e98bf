import { createHash } from "node:crypto";
import type { JWK } from "jose";
import { db } from "../db/client";
import type { KeyPurpose } from "../db/generated/client";
import { KEY_CACHE_TTL_MS } from "./algorithms";
import { publishedKeys, type PublishedKey } from "./key-store";
import { ttlCache } from "../process/ttl-cache";

/** A serialised JWKS and its entity tag (RFC 9110 §8.8.3): the tag changes when the key set does. */
export interface JwksBody {
  body: string;
  etag: string;
}

/**
 * Which keys a JWKS lists: every published key, or those of the tenants an issuer serves
 * (lib/tenants/issuer-context.ts). `key` names the selection, so its serialisation is kept with
 * the cached keys.
 */
export interface KeySelection {
  key: string;
  includes(owner: KeyOwnerOf): boolean;
}

/** Whose a published key is: its tenant and the tenant's environment (both null for Porta's own keys). */
export type KeyOwnerOf = Pick<PublishedKey, "tenantId" | "environment">;

export const ALL_KEYS: KeySelection = { key: "all", includes: () => true };

interface CachedKeys {
  keys: PublishedKey[];
  /** Serialisations by selection key, made on first use. */
  bodies: Map<string, JwksBody>;
}

/** Cleared by every rotation here: a read that began before it does not refill the cache after it. */
const cache = ttlCache<KeyPurpose, CachedKeys>({ name: "jwks", ttlMs: KEY_CACHE_TTL_MS });

export function entityTag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

async function load(purpose: KeyPurpose): Promise<CachedKeys> {
  return { keys: await publishedKeys(await db(), purpose), bodies: new Map<string, JwksBody>() };
}

function serialise(entry: CachedKeys, selection: KeySelection): JwksBody {
  let body = entry.bodies.get(selection.key);
  if (!body) {
    const text = JSON.stringify({ keys: entry.keys.filter((k) => selection.includes(k)).map((k): JWK => k.publicJwk) });
    body = { body: text, etag: entityTag(text) };
    entry.bodies.set(selection.key, body);
  }
  return body;
}

/** The serialised JWKS while the cached key set is fresh (no promise: the JWKS endpoint's hot path); undefined otherwise. */
export function cachedJwksBody(purpose: KeyPurpose, selection: KeySelection): JwksBody | undefined {
  const hit = cache.get(purpose);
  return hit && serialise(hit, selection);
}

/**
 * The serialised JWKS for a purpose, cached in-process for KEY_CACHE_TTL_MS: a key rotated through
 * another instance appears here within that time (a rotation here clears the cache at once).
 * Concurrent requests after expiry share one database read.
 */
export async function jwksBody(purpose: KeyPurpose, selection: KeySelection = ALL_KEYS): Promise<JwksBody> {
  const hit = cachedJwksBody(purpose, selection);
  return hit ?? serialise(await cache.load(purpose, () => load(purpose)), selection);
}

export async function jwksDocument(purpose: KeyPurpose, selection: KeySelection = ALL_KEYS): Promise<string> {
  return (await jwksBody(purpose, selection)).body;
}

export function clearJwksCache(): void {
  cache.clear();
}
