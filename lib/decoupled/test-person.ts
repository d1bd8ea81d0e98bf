/**
 * Who approves a decoupled login on the simulated devices of test tenants: the person its
 * login_hint names (a documented test identity, or one made from any checksum-valid national id,
 * so that a relying party can test with the numbers its own test data holds), or, for a headless
 * request naming nobody (the QR code decides who logs in), the test identity of the eID's family
 * chosen on /test/devices.
 */
import { findEidMethod, type EidMethod } from "../eid/catalogue";
import { authenticationMethodFor } from "../eid/authentication-method";
import { claimRuleFor } from "../eid/claim-rules";
import { familyOf } from "../eid/families";
import { claimsAtAcr, personKeyOf, testIdentitiesFor } from "../eid/test-identities";
import type { EidResult, TestIdentity } from "../eid/types";

function methodOf(acr: string): EidMethod {
  const method = findEidMethod(acr);
  if (!method) throw new Error(`decoupled login with unknown acr ${acr}`);
  return method;
}

function resultOf(method: EidMethod, acr: string, identity: TestIdentity): EidResult {
  return { acr, personKey: personKeyOf(identity), claims: claimsAtAcr(identity, acr), method: authenticationMethodFor(method, acr, identity) };
}

/** The test identities a request that names nobody may be approved as: the eID family's own. */
export function testPersonsFor(acr: string): { id: string; label: string }[] {
  return testIdentitiesFor(methodOf(acr).family).map(({ id, label }) => ({ id, label }));
}

/** A test person for the national id: a documented test identity, or one made from the number. */
export function testPersonFor(acr: string, nationalId: string): EidResult {
  const method = methodOf(acr);
  const known = testIdentitiesFor(method.family).find((i) => i.nationalId === nationalId);
  if (known) return resultOf(method, acr, known);
  const birthdate = familyOf(method.family).nationalIdNumber?.birthDate(nationalId);
  const idClaim = claimRuleFor(method.family).nationalIdClaims[0] ?? "ssn";
  return {
    acr,
    personKey: nationalId,
    claims: { [idClaim]: nationalId, name: "Test Person", given_name: "Test", family_name: "Person", ...(birthdate ? { birthdate } : {}) },
    method: authenticationMethodFor(method, acr),
  };
}

/** The family's test identity `identityId`, or undefined when the family has none by that id. */
export function chosenTestPerson(acr: string, identityId: string): EidResult | undefined {
  const method = methodOf(acr);
  const identity = testIdentitiesFor(method.family).find((i) => i.id === identityId);
  return identity ? resultOf(method, acr, identity) : undefined;
}
