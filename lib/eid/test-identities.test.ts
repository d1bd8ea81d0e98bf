import { describe, expect, it } from "vitest";
import { fodselsnummerBirthDate, isValidFodselsnummer, isValidPersonnummer, personnummerBirthDate } from "./checksums";
import type { EidFamily } from "./families";
import { claimsAtAcr, findTestIdentity, personKeyOf, providerAtAcr, testIdentitiesFor } from "./test-identities";

const NOW = new Date("2025-06-01T12:00:00Z");
const FAMILIES = ["dk-mitid", "dk-mitid-business", "se-bankid", "no-bankid", "no-vipps", "fi-ftn", "se-freja", "nl-idin", "de-eid"] as const;
/** Families whose eID yields an address. */
const WITH_ADDRESS = ["dk-mitid", "dk-mitid-business", "no-bankid", "no-vipps", "nl-idin", "de-eid"] as const;
const POSTAL_CODE: Readonly<Record<string, RegExp>> = { "nl-idin": /^\d{4} [A-Z]{2}$/, "de-eid": /^\d{5}$/ };
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

  it.each(WITH_ADDRESS)("%s: exactly one identity lacks an address, the others have an OIDC address", (family) => {
    const identities = testIdentitiesFor(family, NOW);
    const withAddress = identities.filter((i) => i.claims.address !== undefined);
    expect(withAddress).toHaveLength(identities.length - 1);
    for (const identity of withAddress) {
      expect(identity.claims.address).toEqual({
        formatted: expect.any(String),
        street_address: expect.any(String),
        postal_code: expect.stringMatching(POSTAL_CODE[family] ?? /^\d{4}$/),
        locality: expect.any(String),
        country: expect.any(String),
      });
    }
  });

  it("has a default person for the mock eID", () => {
    const [person] = testIdentitiesFor("mock", NOW);
    expect(person?.claims.name).toBe("Mock Person");
    expect(personKeyOf(person ?? { id: "", family: "mock", label: "", claims: {} })).toBe("mock-default");
  });

  it("is empty for a family without test identities", () => {
    expect(testIdentitiesFor("xx-unknown" as EidFamily, NOW)).toEqual([]);
  });

  it("hands out copies: changing one does not change the next call's", () => {
    const first = testIdentitiesFor("mock", NOW)[0];
    if (first) first.claims.name = "Changed";
    expect(testIdentitiesFor("mock", NOW)[0]?.claims.name).toBe("Mock Person");
  });
});

// The Danish and Finnish numbers are checked in test-identity-numbers.test.ts.
describe("national ids pass the validators and agree with birthdate", () => {
  it.each(testIdentitiesFor("dk-mitid", NOW))("MitID $id", (identity) => {
    const { cprNumberIdentifier, birthdate, dateofbirth, uuid } = identity.claims;
    expect(typeof cprNumberIdentifier).toBe("string");
    expect(dateofbirth).toBe(birthdate);
    expect(identity.nationalId).toBe(cprNumberIdentifier);
    expect(uuid).toMatch(UUID);
    expect(identity.claims.loA).toBe("https://data.gov.dk/concept/core/nsis/loa/Substantial");
  });

  it.each(testIdentitiesFor("dk-mitid-business", NOW))("MitID Erhverv $id", (identity) => {
    expect(identity.claims["2.5.4.10"]).toEqual(expect.any(String));
    expect(identity.claims.uuid).toMatch(UUID);
    expect(identity.claims.employee === "true" || identity.claims.companySignatory === "true").toBe(true);
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

  it.each(testIdentitiesFor("no-vipps", NOW))("Vipps MobilePay $id", (identity) => {
    const { socialno, birthdate, email, phone_number } = identity.claims;
    expect(isValidFodselsnummer(String(socialno))).toBe(true);
    expect(fodselsnummerBirthDate(String(socialno))).toBe(birthdate);
    expect(identity.nationalId).toBe(socialno);
    expect(email).toMatch(/@example\.com$/);
    expect(phone_number).toMatch(/^\+47\d{8}$/);
  });

  it.each(testIdentitiesFor("fi-ftn", NOW))("Finnish Trust Network $id", (identity) => {
    const { hetu } = identity.claims;
    expect(identity.nationalId).toBe(hetu);
    expect(identity.bank).toEqual({ id: expect.stringMatching(/^[a-z]+$/), name: expect.any(String) });
    expect(identity.mobileOperator).toEqual({ id: expect.stringMatching(/^[a-z]+$/), name: expect.any(String) });
  });

  it.each(testIdentitiesFor("se-freja", NOW))("Freja eID $id", (identity) => {
    const { ssn, birthdate, registrationLevel, email, phone_number } = identity.claims;
    expect(ssn).toMatch(/^\d{12}$/);
    expect(isValidPersonnummer(String(ssn))).toBe(true);
    expect(personnummerBirthDate(String(ssn))).toBe(birthdate);
    expect(["BASIC", "EXTENDED", "PLUS"]).toContain(registrationLevel);
    expect(email).toMatch(/@example\.com$/);
    expect(phone_number).toMatch(/^\+46\d{9}$/);
  });

  it.each(["nl-idin", "de-eid"] as const)("%s has no national id", (family) => {
    for (const identity of testIdentitiesFor(family, NOW)) {
      expect(identity.nationalId).toBeUndefined();
      expect(identity.claims.birthdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const claim of ["ssn", "socialno", "hetu", "cprNumberIdentifier"]) expect(identity.claims).not.toHaveProperty(claim);
    }
  });

  it("every iDIN person has a bank; the banks differ", () => {
    const banks = testIdentitiesFor("nl-idin", NOW).map((i) => i.bank?.id);
    expect(banks.every((b) => typeof b === "string")).toBe(true);
    expect(new Set(banks).size).toBe(banks.length);
  });

  it("German eID persons have nationality and place of birth", () => {
    for (const identity of testIdentitiesFor("de-eid", NOW)) {
      expect(identity.claims.nationality).toMatch(/^[A-Z]{2}$/);
      expect(identity.claims.place_of_birth).toEqual(expect.any(String));
    }
  });

  it("MitID Erhverv identities name their organisation in the label", () => {
    for (const identity of testIdentitiesFor("dk-mitid-business", NOW)) {
      expect(identity.organisation).toBe(identity.claims["2.5.4.10"]);
      expect(identity.label).toContain(String(identity.organisation));
    }
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
    expect(findTestIdentity("unknown" as EidFamily, "mitid-1", NOW)).toBeUndefined();
  });

  it("keys MitID persons by uuid and others by national id", () => {
    const mitid = findTestIdentity("dk-mitid", "mitid-1", NOW);
    const business = findTestIdentity("dk-mitid-business", "mitid-business-1", NOW);
    const norwegian = findTestIdentity("no-bankid", "no-bankid-1", NOW);
    expect(mitid && personKeyOf(mitid)).toBe(mitid?.claims.uuid);
    expect(business && personKeyOf(business)).toBe(business?.claims.uuid);
    expect(norwegian && personKeyOf(norwegian)).toBe("22048712359");
  });

  it("keys persons of eIDs without a national id by their identity id", () => {
    const dutch = findTestIdentity("nl-idin", "idin-2", NOW);
    const german = findTestIdentity("de-eid", "de-eid-1", NOW);
    expect(dutch && personKeyOf(dutch)).toBe("idin-2");
    expect(german && personKeyOf(german)).toBe("de-eid-1");
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

describe("FTN: hetu through a bank, satu through mobile ID", () => {
  const identity = findTestIdentity("fi-ftn", "ftn-2", NOW);
  if (!identity) throw new Error("missing test identity");

  it.each(["urn:grn:authn:fi:bank-id", "urn:grn:authn:fi:all"])("%s yields hetu, not satu", (acr) => {
    const claims = claimsAtAcr(identity, acr);
    expect(claims.hetu).toBe("270962-318X");
    expect(claims).not.toHaveProperty("satu");
    expect(providerAtAcr(identity, acr)).toEqual({ id: "op", name: "OP" });
  });

  it("mobile ID yields satu, not hetu, through the mobile operator", () => {
    const claims = claimsAtAcr(identity, "urn:grn:authn:fi:mobile-id");
    expect(claims.satu).toBe("20876543V");
    expect(claims).not.toHaveProperty("hetu");
    expect(providerAtAcr(identity, "urn:grn:authn:fi:mobile-id")).toEqual({ id: "telia", name: "Telia" });
  });

  it("eIDs without banks have no provider", () => {
    const mitid = findTestIdentity("dk-mitid", "mitid-1", NOW);
    expect(mitid && providerAtAcr(mitid, "urn:grn:authn:dk:mitid:low")).toBeUndefined();
  });
});
