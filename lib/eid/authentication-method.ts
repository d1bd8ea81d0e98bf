import type { EidMethod } from "./catalogue";
import { familyOf } from "./families";
import { providerAtAcr } from "./test-identities";
import type { TestIdentity } from "./types";

/**
 * What `authenticationmethod` says for a login at `acr` (each family decides): "mitid:app",
 * "bankid:same-device", "bankid:another-device", "bankid:biometrics" (Norwegian BankID
 * substantial), "vipps:app", "ftn:<bank or operator>", "freja:app", "idin:<bank>", "deeid:card",
 * "mock". A simulated login names the test person's bank or operator.
 */
export function authenticationMethodFor(method: EidMethod, acr: string, identity?: TestIdentity): string {
  return familyOf(method.family).authenticationMethod(acr, identity ? providerAtAcr(identity, acr) : undefined);
}
