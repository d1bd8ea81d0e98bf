/**
 * The eID part of an ID token: the broker's own claims about the authentication plus the eID
 * claims the granted scopes release (each family's claim rule, `claim-rules.ts`). Protocol
 * claims (`iss`, `sub`, `nonce`, ...) are the token issuer's business; an eID claim never
 * overrides them.
 *
 * `country` is the eID's ISO 3166-1 alpha-2 code in upper case. The mock eID has no country; it
 * gets `XX` (user-assigned in ISO 3166-1, never a real country) so every token carries the claim.
 */
import { claimRuleFor } from "./claim-rules";
import type { EidFamily } from "./families";

export interface ReleaseClaimsInput {
  acr: string;
  family: EidFamily;
  identityScheme: string;
  /** Catalogue country code, e.g. "dk"; "test" for the mock eID. */
  country: string;
  /** e.g. "mitid:app"; becomes `authenticationmethod`. */
  method: string;
  /** Everything the eID yielded, before filtering. */
  claims: Record<string, unknown>;
  /** The effective scopes (request or static strategy), `openid` included. */
  scopes: readonly string[];
  authTime: Date;
}

const NO_COUNTRY = "XX";

/** Set by the issuer or by this function; never copied from eID claims. */
const RESERVED = new Set([
  "iss", "sub", "aud", "exp", "iat", "nbf", "jti", "nonce", "acr", "amr", "azp", "auth_time",
  "at_hash", "c_hash", "s_hash", "sid", "cnf", "events",
  "identityscheme", "authenticationtype", "authenticationmethod", "authenticationinstant", "country",
]);

export function releaseClaims(input: ReleaseClaimsInput): Record<string, unknown> {
  const rule = claimRuleFor(input.family);
  const granted = new Set(rule.always);
  for (const scope of input.scopes) for (const claim of rule.byScope[scope] ?? []) granted.add(claim);
  // Only a rule that releases unlisted claims needs the list of those it governs.
  const governed = rule.releaseUnlisted ? new Set([...rule.always, ...Object.values(rule.byScope).flat()]) : undefined;

  const released: Record<string, unknown> = {
    identityscheme: input.identityScheme,
    authenticationtype: input.acr,
    authenticationmethod: input.method,
    authenticationinstant: input.authTime.toISOString(),
    country: /^[a-z]{2}$/i.test(input.country) ? input.country.toUpperCase() : NO_COUNTRY,
  };
  for (const [name, value] of Object.entries(input.claims)) {
    if (RESERVED.has(name) || value === undefined || value === null) continue;
    if (granted.has(name) || (governed !== undefined && !governed.has(name))) released[name] = value;
  }
  return released;
}
