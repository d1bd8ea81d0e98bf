/**
 * The eID catalogue: every method Porta brokers, one per acr value, from the family registry
 * (`families/`). Selection screens, discovery, registration validation and the dashboard read it.
 * acr values and identity schemes follow Idura Verify's, so existing relying parties keep working.
 */
import { OAuthError } from "../oauth/errors";
import { EID_FAMILIES, familyOf, type EidFamily } from "./families";
import type { CountryCode } from "./family-kit/definition";

export type { CountryCode } from "./family-kit/definition";

export interface EidMethod {
  /** The acr value that selects this method (urn:grn:authn:<country>:<method>[:<variant>]). */
  acr: string;
  /** The method family (one simulator or connector serves the family). */
  family: EidFamily;
  name: string;
  country: CountryCode;
  identityScheme: string;
  /** Decoupled logins (CIBA, headless). */
  supportsDecoupled: boolean;
  /** Only in test tenants, and only when requested explicitly. */
  testOnly?: boolean;
}

export const EID_METHODS: readonly EidMethod[] = EID_FAMILIES.flatMap((family) =>
  family.methods.map((m) => ({
    acr: m.acr,
    family: family.id,
    name: m.name,
    country: family.country,
    identityScheme: family.identityScheme,
    supportsDecoupled: m.supportsDecoupled,
    ...(m.testOnly ? { testOnly: true } : {}),
  })),
);

const byAcr = new Map(EID_METHODS.map((m) => [m.acr, m]));

export function findEidMethod(acr: string): EidMethod | undefined {
  return byAcr.get(acr);
}

export function isKnownAcr(acr: string): boolean {
  return byAcr.has(acr);
}

/** The method of a login's acr; invalid_request when no method has it. */
export function methodOrThrow(acr: string): EidMethod {
  const method = findEidMethod(acr);
  if (!method) throw new OAuthError("invalid_request", `Unknown eID ${acr}`);
  return method;
}

/** The methods a tenant environment offers: test tenants have every method, production all but test-only ones. */
export function methodsForEnvironment(environment: "test" | "production"): EidMethod[] {
  return EID_METHODS.filter((m) => environment === "test" || !m.testOnly);
}

/** eIDs enabling it force `require_jti` on (the Finnish Trust Network requires a jti in every client assertion). */
export function requiresJti(acr: string): boolean {
  const method = byAcr.get(acr);
  return method ? familyOf(method.family).requiresJti === true : false;
}

/**
 * Whether a login at `acr` needs an application with encrypted ID tokens (the Finnish Trust
 * Network requires them of its relying parties), in test tenants as in production, so that
 * integrators meet the rule before they go live.
 */
export function requiresIdTokenEncryption(acr: string): boolean {
  const method = byAcr.get(acr);
  return method !== undefined && familyOf(method.family).requiresIdTokenEncryption === true;
}
