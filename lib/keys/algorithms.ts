/** Signing algorithms Porta issues with, and the key each needs. */
export const SIGNING_ALGS = ["RS256", "PS256", "ES256"] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];

export function isSigningAlg(value: unknown): value is SigningAlg {
  return typeof value === "string" && (SIGNING_ALGS as readonly string[]).includes(value);
}

/** Algorithms a purpose keeps keys for: ID tokens in every alg, webhook tokens in RS256 (the one alg webhook receivers must verify). */
export const ALGS_BY_PURPOSE = {
  oidc: SIGNING_ALGS,
  extension: ["RS256"],
} as const satisfies Record<"oidc" | "extension", readonly SigningAlg[]>;

/**
 * A retired key stays in the JWKS this long after it stopped signing: longer than anything it
 * signed lives (ID tokens 1200 s, webhook tokens 300 s) plus clock skew and caches.
 */
export const RETIRED_KEY_PUBLISHED_S = 3600;

/** JWKS responses may be cached this long (shorter than any key's pre-publication). */
export const JWKS_MAX_AGE_S = 60;

/** In-process caches of keys and JWKS live this long; bounds how stale another instance can be. */
export const KEY_CACHE_TTL_MS = 10_000;
