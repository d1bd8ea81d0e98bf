import { describe, expect, it } from "vitest";
import { cprBirthDate, isValidCpr, isValidCvr, isValidFodselsnummer, isValidPersonnummer, fodselsnummerBirthDate, personnummerBirthDate } from "./checksums";
import { claimsAtAcr, findTestIdentity, personKeyOf, testIdentitiesFor } from "./test-identities";

const NOW = new Date("2025-06-01T12:00:00Z");
const FAMILIES = ["dk-mitid", "dk-mitid-business", "se-bankid", "no-bankid"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("testIdentitiesFor", () => {
  it.each(FAMILIES)("%s has at least three identities with unique ids, labels and person keys", (family) => {
    const identities = testIdentitiesFor(family, NOW);
    expect(identities.length).toBeGreaterThanOrEqual(3);
    for (const identity of identities) expect(identity.family).toBe(family);
    expect(new Set(identities.map((i) => i.id)).size).toBe(identities.length);
    expect(new Set(identities.map((i) => i.label)).size).toBe(identities.length);
    expect(new Set(identities.map(personKeyOf)).size).toBe(identities.length);
  });

  it.each(FAMILIES)("%s: at least one identity has no address (protected address)", (family) => {
    expect(testIdentitiesFor(family, NOW).some((i) => i.claims.address === undefined)).toBe(true);
  });

  it.each(["dk-mitid", "dk-mitid-business", "no-bankid"])("%s: exactly one identity lacks an address, the others have an OIDC address", (family) => {
    const identities = testIdentitiesFor(family, NOW);
    const withAddress = identities.filter((i) => i.claims.address !== undefined);
    expect(withAddress).toHaveLength(identities.length - 1);
    for (const identity of withAddress) {
      expect(identity.claims.address).toEqual({
        formatted: expect.any(String),
        street_address: expect.any(String),
        postal_code: expect.stringMatching(/^\d{4}$/),
        locality: expect.any(String),
        country: expect.any(String),
      });
    }
  });

  it("has a default person for the mock eID", () => {
    const [person] = testIdentitiesFor("mock", NOW);
    expect(person?.claims.name).toBe("Mock Person");
    expect(personKeyOf(person ?? { id: "", family: "", label: "", claims: {} })).toBe("mock-default");
  });

  it("is empty for a family without test identities", () => {
    expect(testIdentitiesFor("de-eid", NOW)).toEqual([]);
  });

  it("hands out copies: changing one does not change the next call's", () => {
    const first = testIdentitiesFor("mock", NOW)[0];
    if (first) first.claims.name = "Changed";
    expect(testIdentitiesFor("mock", NOW)[0]?.claims.name).toBe("Mock Person");
  });
});

describe("national ids pass the validators and agree with birthdate", () => {
  it.each(testIdentitiesFor("dk-mitid", NOW))("MitID $id", (identity) => {
    const { cprNumberIdentifier, birthdate, dateofbirth, uuid } = identity.claims;
    expect(typeof cprNumberIdentifier).toBe("string");
    expect(isValidCpr(String(cprNumberIdentifier))).toBe(true);
    expect(cprBirthDate(String(cprNumberIdentifier))).toBe(birthdate);
    expect(dateofbirth).toBe(birthdate);
    expect(identity.nationalId).toBe(cprNumberIdentifier);
    expect(uuid).toMatch(UUID);
    expect(identity.claims.loA).toBe("https://data.gov.dk/concept/core/nsis/loa/Substantial");
  });

  it.each(testIdentitiesFor("dk-mitid-business", NOW))("MitID Erhverv $id", (identity) => {
    const { cprNumberIdentifier, cvrNumberIdentifier, birthdate } = identity.claims;
    expect(isValidCvr(String(cvrNumberIdentifier))).toBe(true);
    expect(identity.claims["2.5.4.10"]).toEqual(expect.any(String));
    expect(identity.claims.uuid).toMatch(UUID);
    expect(identity.claims.employee === "true" || identity.claims.companySignatory === "true").toBe(true);
    if (cprNumberIdentifier !== undefined) {
      expect(isValidCpr(String(cprNumberIdentifier))).toBe(true);
      expect(cprBirthDate(String(cprNumberIdentifier))).toBe(birthdate);
    }
  });

  it.each(testIdentitiesFor("se-bankid", NOW))("Swedish BankID $id", (identity) => {
    const { ssn, birthdate, givenname, given_name, surname, family_name } = identity.claims;
    expect(ssn).toMatch(/^\d{12}$/);
    expect(isValidPersonnummer(String(ssn))).toBe(true);
    expect(personnummerBirthDate(String(ssn))).toBe(birthdate);
    expect(givenname).toBe(given_name);
    expect(surname).toBe(family_name);
  });

  it.each(testIdentitiesFor("no-bankid", NOW))("Norwegian BankID $id", (identity) => {
    const { socialno, birthdate, certsubject, uniqueuserid } = identity.claims;
    expect(isValidFodselsnummer(String(socialno))).toBe(true);
    expect(fodselsnummerBirthDate(String(socialno))).toBe(birthdate);
    expect(String(certsubject)).toContain(`SERIALNUMBER=${String(uniqueuserid)}`);
  });
});

describe("age", () => {
  it("is computed from birthdate at the given time (Danish calendar date)", () => {
    expect(findTestIdentity("dk-mitid", "mitid-1", new Date("2025-06-13T12:00:00Z"))?.claims.age).toBe(39);
    expect(findTestIdentity("dk-mitid", "mitid-1", new Date("2025-06-14T12:00:00Z"))?.claims.age).toBe(40);
    // 23:30 UTC on 13 June is already 14 June in Copenhagen
    expect(findTestIdentity("dk-mitid", "mitid-1", new Date("2025-06-13T23:30:00Z"))?.claims.age).toBe(40);
  });

  it("treats a 29 February birthday as reached on 1 March", () => {
    expect(findTestIdentity("dk-mitid", "mitid-3", new Date("2025-02-28T12:00:00Z"))?.claims.age).toBe(20);
    expect(findTestIdentity("dk-mitid", "mitid-3", new Date("2025-03-01T12:00:00Z"))?.claims.age).toBe(21);
  });
});

describe("findTestIdentity and personKeyOf", () => {
  it("finds by family and id", () => {
    expect(findTestIdentity("se-bankid", "se-bankid-2", NOW)?.claims.name).toBe("Erik Johansson");
    expect(findTestIdentity("se-bankid", "mitid-1", NOW)).toBeUndefined();
    expect(findTestIdentity("unknown", "mitid-1", NOW)).toBeUndefined();
  });

  it("keys MitID persons by uuid and others by national id", () => {
    const mitid = findTestIdentity("dk-mitid", "mitid-1", NOW);
    const business = findTestIdentity("dk-mitid-business", "mitid-business-1", NOW);
    const norwegian = findTestIdentity("no-bankid", "no-bankid-1", NOW);
    expect(mitid && personKeyOf(mitid)).toBe(mitid?.claims.uuid);
    expect(business && personKeyOf(business)).toBe(business?.claims.uuid);
    expect(norwegian && personKeyOf(norwegian)).toBe("22048712359");
  });
});

describe("claimsAtAcr", () => {
  it("sets MitID's NSIS levels from the acr", () => {
    const identity = findTestIdentity("dk-mitid", "mitid-1", NOW);
    if (!identity) throw new Error("missing test identity");
    expect(claimsAtAcr(identity, "urn:grn:authn:dk:mitid:high")).toMatchObject({
      loA: "https://data.gov.dk/concept/core/nsis/loa/High",
      ial: "https://data.gov.dk/concept/core/nsis/ial/High",
      aal: "https://data.gov.dk/concept/core/nsis/aal/High",
      fal: "https://data.gov.dk/concept/core/nsis/fal/High",
    });
    expect(claimsAtAcr(identity, "urn:grn:authn:dk:mitid:low").loA).toBe("https://data.gov.dk/concept/core/nsis/loa/Low");
  });

  it("drops certsubject for Norwegian BankID biometrics", () => {
    const identity = findTestIdentity("no-bankid", "no-bankid-1", NOW);
    if (!identity) throw new Error("missing test identity");
    expect(claimsAtAcr(identity, "urn:grn:authn:no:bankid:substantial")).not.toHaveProperty("certsubject");
    expect(claimsAtAcr(identity, "urn:grn:authn:no:bankid")).toHaveProperty("certsubject");
  });
});
