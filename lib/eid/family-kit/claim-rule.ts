/**
 * Which eID claims an ID token carries, per eID family (README, "Logging users in": ID token); each family states its rule
 * with `claimRule`.
 *
 * - Every login releases the person's names and the eID's non-sensitive identifiers (`always`).
 * - Scopes release the rest: `ssn` → the national id, `address` → `address`, `email` → `email`,
 *   `phone` → `phone_number`, `birthdate` → `birthdate`, `gender` → `gender`. A scope whose
 *   claims the eID does not yield releases nothing; `openid` and unknown scopes release nothing.
 */

export interface ClaimRule {
  /** The eID's national id claim(s), released by scope `ssn`. */
  nationalIdClaims: readonly string[];
  /** Released on every login. */
  always: readonly string[];
  /** Scope value → the claims it releases. */
  byScope: Readonly<Record<string, readonly string[]>>;
  /**
   * Release claims this rule does not mention. Only the mock eID: its claims come from the
   * relying party's own `mock:` login_hint, so unknown ones are the point of the test.
   */
  releaseUnlisted: boolean;
}

export interface ClaimRuleSpec {
  nationalId?: readonly string[];
  always?: readonly string[];
  /** Claims added to (not replacing) a standard scope's, e.g. MitID's `dateofbirth` under `birthdate`. */
  extraByScope?: Readonly<Record<string, readonly string[]>>;
  releaseUnlisted?: boolean;
}

const NAMES = ["name", "given_name", "family_name"] as const;

const STANDARD_SCOPES: Readonly<Record<string, readonly string[]>> = {
  address: ["address"],
  email: ["email"],
  phone: ["phone_number"],
  birthdate: ["birthdate"],
  gender: ["gender"],
};

export function claimRule(spec: ClaimRuleSpec): ClaimRule {
  const nationalIdClaims = spec.nationalId ?? [];
  const byScope: Record<string, readonly string[]> = { ...STANDARD_SCOPES, ssn: nationalIdClaims };
  for (const [scope, claims] of Object.entries(spec.extraByScope ?? {})) byScope[scope] = [...(byScope[scope] ?? []), ...claims];
  return { nationalIdClaims, always: [...NAMES, ...(spec.always ?? [])], byScope, releaseUnlisted: spec.releaseUnlisted ?? false };
}
