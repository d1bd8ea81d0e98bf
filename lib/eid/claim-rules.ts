/**
 * Which eID claims an ID token carries, per eID family (design §6). Adding an eID is one entry.
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

const NAMES = ["name", "given_name", "family_name"] as const;
const NSIS_LEVELS = ["loA", "ial", "aal", "fal"] as const;

interface RuleSpec {
  nationalId?: readonly string[];
  always?: readonly string[];
  /** Claims added to (not replacing) a standard scope's, e.g. MitID's `dateofbirth` under `birthdate`. */
  extraByScope?: Readonly<Record<string, readonly string[]>>;
  releaseUnlisted?: boolean;
}

const STANDARD_SCOPES: Readonly<Record<string, readonly string[]>> = {
  address: ["address"],
  email: ["email"],
  phone: ["phone_number"],
  birthdate: ["birthdate"],
  gender: ["gender"],
};

function rule(spec: RuleSpec): ClaimRule {
  const nationalIdClaims = spec.nationalId ?? [];
  const byScope: Record<string, readonly string[]> = { ...STANDARD_SCOPES, ssn: nationalIdClaims };
  for (const [scope, claims] of Object.entries(spec.extraByScope ?? {})) byScope[scope] = [...(byScope[scope] ?? []), ...claims];
  return { nationalIdClaims, always: [...NAMES, ...(spec.always ?? [])], byScope, releaseUnlisted: spec.releaseUnlisted ?? false };
}

const MITID = { nationalId: ["cprNumberIdentifier"], extraByScope: { birthdate: ["dateofbirth", "age"] } } as const;

export const CLAIM_RULES: Readonly<Record<string, ClaimRule>> = {
  "dk-mitid": rule({ ...MITID, always: ["uuid", ...NSIS_LEVELS] }),
  "dk-mitid-business": rule({
    ...MITID,
    always: ["uuid", ...NSIS_LEVELS, "cvrNumberIdentifier", "2.5.4.10", "employee", "companySignatory", "ridNumberIdentifier", "productionUnit"],
  }),
  "se-bankid": rule({ nationalId: ["ssn"], always: ["givenname", "surname", "ipaddress"] }),
  "no-bankid": rule({ nationalId: ["socialno"], always: ["uniqueuserid", "certissuer", "certsubject"] }),
  "no-vipps": rule({ nationalId: ["socialno"] }),
  "fi-ftn": rule({ nationalId: ["hetu", "satu"] }),
  "se-freja": rule({ nationalId: ["ssn"], always: ["registrationLevel"] }),
  "nl-idin": rule({}),
  "de-eid": rule({ always: ["nationality"], extraByScope: { birthdate: ["place_of_birth"] } }),
  mock: rule({ nationalId: ["ssn", "cprNumberIdentifier", "socialno", "hetu"], releaseUnlisted: true }),
};

/** An unknown family releases names and the standard scope claims, and no national id. */
const FALLBACK_RULE = rule({});

export function claimRuleFor(family: string): ClaimRule {
  return CLAIM_RULES[family] ?? FALLBACK_RULE;
}
