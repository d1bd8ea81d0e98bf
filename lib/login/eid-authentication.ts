/**
 * Runs the eID step. Test tenants use the built-in simulators (test identities) and the mock eID;
 * production tenants use connectors (lib/eid/connectors).
 */
import { findEidMethod, type EidMethod } from "../eid/catalogue";
import { claimsAtAcr, findTestIdentity, personKeyOf, providerAtAcr, testIdentitiesFor } from "../eid/test-identities";
import type { EidResult, TestIdentity } from "../eid/types";
import { OAuthError } from "../oauth/errors";
import type { LoginHint } from "../oauth/authorization/request";

/** `authenticationmethod` per family, when neither the acr nor the person's bank refines it. */
const METHOD_BY_FAMILY: Readonly<Record<string, string>> = {
  "dk-mitid": "mitid:app",
  "dk-mitid-business": "mitid:app",
  "se-bankid": "bankid:app",
  "no-bankid": "bankid:app",
  "no-vipps": "vipps:app",
  "fi-ftn": "ftn:bank",
  "se-freja": "freja:app",
  "nl-idin": "idin:bank",
  "de-eid": "deeid:card",
  mock: "mock",
};

/** Prefix of `<prefix>:<bank or operator>` for eIDs used through a provider. */
const PROVIDER_PREFIX: Readonly<Record<string, string>> = { "fi-ftn": "ftn", "nl-idin": "idin" };

export function methodOrThrow(acr: string): EidMethod {
  const method = findEidMethod(acr);
  if (!method) throw new OAuthError("invalid_request", `Unknown eID ${acr}`);
  return method;
}

/**
 * What `authenticationmethod` says for a login at `acr`: "mitid:app", "bankid:same-device",
 * "bankid:another-device", "bankid:biometrics" (Norwegian BankID substantial), "vipps:app",
 * "ftn:<bank or operator>", "freja:app", "idin:<bank>", "deeid:card", "mock".
 */
export function authenticationMethodFor(method: EidMethod, acr: string, identity?: TestIdentity): string {
  const prefix = PROVIDER_PREFIX[method.family];
  const provider = identity ? providerAtAcr(identity, acr) : undefined;
  if (prefix && provider) return `${prefix}:${provider.id}`;
  if (method.family === "se-bankid" && acr.endsWith(":same-device")) return "bankid:same-device";
  if (method.family === "se-bankid" && acr.includes(":another-device")) return "bankid:another-device";
  if (acr === "urn:grn:authn:no:bankid:substantial") return "bankid:biometrics";
  return METHOD_BY_FAMILY[method.family] ?? `${method.family}:simulated`;
}

/** A simulated login of test identity `identityId` (test tenants). */
export function simulateEid(acr: string, identityId: string): EidResult {
  const method = methodOrThrow(acr);
  const identity = findTestIdentity(method.family, identityId);
  if (!identity) throw new OAuthError("invalid_request", `No test identity ${JSON.stringify(identityId)} for ${method.name}`);
  return { acr, personKey: personKeyOf(identity), claims: claimsAtAcr(identity, acr), method: authenticationMethodFor(method, acr, identity) };
}

/** The mock eID: claims from `login_hint=mock:<base64url JSON>`, or the default mock person. */
export function mockEid(hint: LoginHint): EidResult {
  const fallback = testIdentitiesFor("mock")[0];
  const claims = hint.mock ?? fallback?.claims ?? { name: "Mock Person" };
  const key = [claims.sub, claims.ssn, claims.nationalId, claims.uuid].find((v) => typeof v === "string" && v.length > 0);
  const personKey = typeof key === "string" ? key : fallback ? personKeyOf(fallback) : "mock-default";
  const { sub: _ignored, ...rest } = claims;
  return { acr: "urn:grn:authn:mock", personKey, claims: rest, method: "mock" };
}
