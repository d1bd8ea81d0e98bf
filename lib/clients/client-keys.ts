/**
 * A client's public keys: its registered `jwks`, or its `jwks_uri` fetched through the outbound
 * guard (5 s, 256 KiB, no redirects), cached for 5 minutes, and fetched again when a `kid` is
 * unknown, so a client rotates its keys without telling Porta. That refetch happens at most once
 * a minute per URI: an attacker sending assertions with made-up `kid`s cannot make Porta hammer
 * the client's server.
 */
import { createLocalJWKSet, errors, type JWK, type JWSHeaderParameters, type FlattenedJWSInput, type CryptoKey } from "jose";
import { JsonTooDeepError, parseJson } from "../http/json-depth";
import { OutboundError, safeFetch } from "../net/safe-fetch";
import type { ApplicationRecord } from "./application-record";
import { encryptionKeyType, fitsEncryptionAlg, type EncryptionAlg } from "./encryption-algorithms";
import { ttlCache } from "../process/ttl-cache";
import { logger } from "../log";

export const JWKS_URI_TIMEOUT_MS = 5000;
export const JWKS_URI_MAX_BYTES = 256 * 1024;
export const JWKS_REFETCH_COOLDOWN_MS = 60_000;
export const JWKS_CACHE_MAX_AGE_MS = 5 * 60_000;

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

export class ClientKeysError extends Error {
  override name = "ClientKeysError";
}

const cache = ttlCache<string, JWK[]>({ name: "client-jwks", ttlMs: JWKS_CACHE_MAX_AGE_MS });
/** The URIs refetched for an unknown kid within the last minute: the limit counts from there. */
const recentlyRefetched = ttlCache<string, true>({ name: "client-jwks-refetched", ttlMs: JWKS_REFETCH_COOLDOWN_MS });

async function fetchJwks(uri: string): Promise<JWK[]> {
  let response;
  try {
    response = await safeFetch(uri, { timeoutMs: JWKS_URI_TIMEOUT_MS, maxBytes: JWKS_URI_MAX_BYTES, headers: { Accept: "application/jwk-set+json, application/json" } });
  } catch (error) {
    // The network's own words (addresses, errno) go to the log only: in the answer they would tell
    // the client what lies inside Porta's network.
    logger.warn({ err: error, jwksUri: uri }, "client jwks_uri fetch failed");
    // Timeouts and size limits are Porta's own words; network and TLS errors hold addresses and errno.
    const why = error instanceof OutboundError ? (error.kind === "timeout" || error.kind === "too_large" ? `${error.kind}: ${error.message}` : error.kind) : "unreachable";
    throw new ClientKeysError(`the client's jwks_uri could not be fetched (${why})`);
  }
  if (response.status !== 200) throw new ClientKeysError(`the client's jwks_uri answered HTTP ${response.status}`);
  let parsed: unknown;
  try {
    parsed = parseJson(response.body.toString("utf8"));
  } catch (error) {
    throw new ClientKeysError(error instanceof JsonTooDeepError ? `the client's jwks_uri answer: ${error.message}` : "the client's jwks_uri did not answer with JSON");
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) throw new ClientKeysError("the client's jwks_uri answer has no keys array");
  return keys.filter((k): k is JWK => typeof k === "object" && k !== null && !PRIVATE_MEMBERS.some((m) => m in k));
}

function loadUri(uri: string, force: boolean): Promise<JWK[]> {
  const hit = cache.get(uri);
  if (!hit || !force) return cache.load(uri, () => fetchJwks(uri));
  if (!cache.isLoading(uri)) {
    // The limit is on refetches for unknown kids, not on the fetch that filled the cache: a client
    // that rotates right after its first use must not be locked out for a minute. (A refetch
    // already under way is joined below.)
    if (recentlyRefetched.get(uri)) return Promise.resolve(hit);
    recentlyRefetched.set(uri, true);
  }
  return cache.reload(uri, () => fetchJwks(uri));
}

/** The public members of inline jwks, filtered once per jwks object (records are cached). */
const inlineKeys = new WeakMap<object, JWK[]>();

/** The client's keys; `refresh` asks for a refetch of its jwks_uri (honouring the cooldown). */
export async function clientKeySet(client: ApplicationRecord, refresh = false): Promise<JWK[]> {
  if (client.jwks && typeof client.jwks === "object") {
    let keys = inlineKeys.get(client.jwks);
    if (!keys) {
      keys = ((client.jwks as { keys?: JWK[] }).keys ?? []).filter((k) => !PRIVATE_MEMBERS.some((m) => m in k));
      inlineKeys.set(client.jwks, keys);
    }
    return keys;
  }
  if (client.jwksUri) return loadUri(client.jwksUri, refresh);
  return [];
}

type KeyGetter = (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;

/**
 * jose key sets over a key list, kept as long as the list is: a key set imports each key once,
 * so a cached client's keys are not imported again for every assertion.
 */
const signingSets = new WeakMap<JWK[], ReturnType<typeof createLocalJWKSet>>();
function signingSet(keys: JWK[]): ReturnType<typeof createLocalJWKSet> {
  let set = signingSets.get(keys);
  if (!set) {
    set = createLocalJWKSet({ keys: keys.filter((k) => k.use === undefined || k.use === "sig") });
    signingSets.set(keys, set);
  }
  return set;
}

/**
 * A jose key resolver over the client's signing keys. An unknown kid triggers one refetch of the
 * jwks_uri (cooldown permitting) before the token is refused.
 */
export function clientVerificationKeys(client: ApplicationRecord): KeyGetter {
  return async (header, token) => {
    const keys = await clientKeySet(client);
    try {
      return (await signingSet(keys)(header, token)) as CryptoKey;
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || !client.jwksUri) throw error;
      const refreshed = await clientKeySet(client, true);
      return (await signingSet(refreshed)(header, token)) as CryptoKey;
    }
  };
}

/** The client's encryption key (use "enc") for `alg`: RSA for RSA-OAEP-256, EC for ECDH-ES. */
export async function clientEncryptionKey(client: ApplicationRecord, alg: EncryptionAlg): Promise<JWK> {
  const pick = (keys: JWK[]) => keys.find((k) => fitsEncryptionAlg(k, alg));
  const key = pick(await clientKeySet(client)) ?? (client.jwksUri ? pick(await clientKeySet(client, true)) : undefined);
  if (!key) throw new ClientKeysError(`the client has no ${encryptionKeyType(alg)} key with use "enc" to encrypt to`);
  return key;
}
