/**
 * Documented test persons of the simulated eIDs (test tenants only); each family keeps its own
 * in its folder (`families/<family>/identities.ts`). Every national id is synthetic but passes the
 * checks of its kind (`checksums.test.ts`, `test-identity-numbers.test.ts`); names and addresses
 * are plausible and invented.
 *
 * In every family that yields addresses exactly one person has none (a protected address, a bank
 * without one on file, a holder living abroad). `age` (MitID) is computed from `now` (default: the
 * current time); tests pass a fixed `now` to stay stable.
 */
import { findFamily, type EidFamily } from "./families";
import type { EidProvider, TestIdentity } from "./types";
import { nowMs } from "../clock";

/** The documented test identities of a family, first = default; empty for families without any. */
export function testIdentitiesFor(family: EidFamily, now: Date = new Date(nowMs())): TestIdentity[] {
  return findFamily(family)?.testIdentities(now) ?? [];
}

export function findTestIdentity(family: EidFamily, id: string, now: Date = new Date(nowMs())): TestIdentity | undefined {
  return testIdentitiesFor(family, now).find((identity) => identity.id === id);
}

/** The stable person key at the eID: MitID's uuid, otherwise the national id, otherwise the identity id. */
export function personKeyOf(identity: TestIdentity): string {
  return identity.personKey ?? identity.nationalId ?? identity.id;
}

/**
 * A test identity's claims as the eID would yield them at `acr`: MitID's NSIS levels follow the
 * requested level, Norwegian BankID biometrics (`:substantial`) carries no `certsubject`, and FTN
 * identifies by `satu` through mobile ID and by `hetu` through a bank.
 */
export function claimsAtAcr(identity: TestIdentity, acr: string): Record<string, unknown> {
  return findFamily(identity.family)?.claimsAtAcr?.(identity, acr) ?? { ...identity.claims };
}

/**
 * The bank or operator a test identity authenticates through at `acr`: FTN mobile ID → the
 * mobile operator, otherwise the bank (FTN bank ID, iDIN); undefined for eIDs without one.
 */
export function providerAtAcr(identity: TestIdentity, acr: string): EidProvider | undefined {
  const family = findFamily(identity.family);
  return family?.providerAtAcr ? family.providerAtAcr(identity, acr) : identity.bank;
}
