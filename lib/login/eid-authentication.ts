/**
 * Runs the eID step. Test tenants use the built-in simulators (test identities) and the mock eID;
 * production tenants use connectors (not configured yet → a clear server_error, nothing issued).
 */
import { findEidMethod, type EidMethod } from "../eid/catalogue";
import { claimsAtAcr, findTestIdentity, personKeyOf, testIdentitiesFor } from "../eid/test-identities";
import type { EidResult } from "../eid/types";
import { OAuthError } from "../oauth/errors";
import type { LoginHint } from "../oauth/authorization/request";

const METHOD_BY_FAMILY: Record<string, string> = {
  "dk-mitid": "mitid:app",
  "dk-mitid-business": "mitid:app",
  "se-bankid": "bankid:app",
  "no-bankid": "bankid:app",
  mock: "mock",
};

export function methodOrThrow(acr: string): EidMethod {
  const method = findEidMethod(acr);
  if (!method) throw new OAuthError("invalid_request", `Unknown eID ${acr}`);
  return method;
}

/** A simulated login of test identity `identityId` (test tenants). */
export function simulateEid(acr: string, identityId: string): EidResult {
  const method = methodOrThrow(acr);
  const identity = findTestIdentity(method.family, identityId);
  if (!identity) throw new OAuthError("invalid_request", `No test identity ${JSON.stringify(identityId)} for ${method.name}`);
  let how = METHOD_BY_FAMILY[method.family] ?? `${method.family}:simulated`;
  if (acr.endsWith(":same-device")) how = "bankid:same-device";
  if (acr.includes(":another-device")) how = "bankid:another-device";
  return { acr, personKey: personKeyOf(identity), claims: claimsAtAcr(identity, acr), method: how };
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

export function simulatorAvailable(environment: "test" | "production"): boolean {
  return environment === "test";
}

export function noConnector(method: EidMethod): OAuthError {
  return new OAuthError("server_error", `${method.name} is not configured for this tenant`);
}
