/**
 * Test tenants' eIDs: the built-in simulators behind the same connector interface as the real
 * ones. `start` shows Porta's simulator page; `finish` takes the test identity the person picked.
 */
import { OAuthError } from "../../oauth/errors";
import { authenticationMethodFor } from "../authentication-method";
import { methodOrThrow } from "../catalogue";
import type { EidConnector } from "../connector";
import { claimsAtAcr, findTestIdentity, personKeyOf } from "../test-identities";
import type { EidResult } from "../types";

/** A simulated login of test identity `identityId` (test tenants). */
export function simulateEid(acr: string, identityId: string): EidResult {
  const method = methodOrThrow(acr);
  const identity = findTestIdentity(method.family, identityId);
  if (!identity) throw new OAuthError("invalid_request", `No test identity ${JSON.stringify(identityId)} for ${method.name}`);
  return { acr, personKey: personKeyOf(identity), claims: claimsAtAcr(identity, acr), method: authenticationMethodFor(method, acr, identity) };
}

export const simulatorConnector: EidConnector = {
  kind: "simulator",
  start: () => Promise.resolve({ kind: "page", state: null }),
  finish(login, input) {
    const identity = input.get("identity");
    if (!identity) return Promise.reject(new OAuthError("invalid_request", "Choose a test identity"));
    return Promise.resolve(simulateEid(login.acr, identity));
  },
};
