import { describe, expect, it } from "vitest";
import { claimRuleFor, type ClaimRule } from "./claim-rules";
import { EID_METHODS } from "./catalogue";
import { EID_FAMILIES, type EidFamily } from "./families";
import { releaseClaims, type ReleaseClaimsInput } from "./release-claims";
import { claimsAtAcr, findTestIdentity } from "./test-identities";

const NOW = new Date("2025-06-01T12:00:00Z");
const AUTH_TIME = new Date("2025-06-01T12:34:56.789Z");

function identityClaims(family: EidFamily, id: string): Record<string, unknown> {
  const identity = findTestIdentity(family, id, NOW);
  if (!identity) throw new Error(`missing test identity ${family}/${id}`);
  return identity.claims;
}

const mitid = (scopes: string[], id = "mitid-1"): ReleaseClaimsInput => ({
  acr: "urn:grn:authn:dk:mitid:substantial",
  family: "dk-mitid",
  identityScheme: "dkmitid",
  country: "dk",
  method: "mitid:app",
  claims: identityClaims("dk-mitid", id),
  scopes,
  authTime: AUTH_TIME,
});

const seBankid = (scopes: string[]): ReleaseClaimsInput => ({
  acr: "urn:grn:authn:se:bankid:same-device",
  family: "se-bankid",
  identityScheme: "sebankid",
  country: "se",
  method: "bankid:same-device",
  claims: identityClaims("se-bankid", "se-bankid-1"),
  scopes,
  authTime: AUTH_TIME,
});

const noBankid = (scopes: string[]): ReleaseClaimsInput => ({
  acr: "urn:grn:authn:no:bankid",
  family: "no-bankid",
  identityScheme: "nobankid-oidc",
  country: "no",
  method: "bankid:app",
  claims: identityClaims("no-bankid", "no-bankid-1"),
  scopes,
  authTime: AUTH_TIME,
});

describe("releaseClaims: claims on every token", () => {
  it("carries the authentication claims and the names", () => {
    expect(releaseClaims(mitid(["openid"]))).toMatchObject({
      identityscheme: "dkmitid",
      authenticationtype: "urn:grn:authn:dk:mitid:substantial",
      authenticationmethod: "mitid:app",
      authenticationinstant: "2025-06-01T12:34:56.789Z",
      country: "DK",
      name: "Peter Jensen",
      given_name: "Peter",
      family_name: "Jensen",
    });
  });

  it("MitID with openid only: uuid and NSIS levels, no CPR, birth date or address", () => {
    const claims = releaseClaims(mitid(["openid"]));
    expect(claims.uuid).toBe(identityClaims("dk-mitid", "mitid-1").uuid);
    expect(claims).toHaveProperty("loA");
    expect(claims).toHaveProperty("ial");
    expect(claims).toHaveProperty("aal");
    expect(claims).toHaveProperty("fal");
    for (const hidden of ["cprNumberIdentifier", "birthdate", "dateofbirth", "age", "address"]) expect(claims).not.toHaveProperty(hidden);
  });

  it("Swedish BankID with openid only: names (both spellings) and ipaddress, no ssn", () => {
    const claims = releaseClaims(seBankid(["openid"]));
    expect(claims).toMatchObject({ givenname: "Anna", surname: "Lindqvist", ipaddress: "192.0.2.15", country: "SE" });
    expect(claims).not.toHaveProperty("ssn");
    expect(claims).not.toHaveProperty("birthdate");
  });

  it("Norwegian BankID with openid only: uniqueuserid and certificate names, no socialno, email or phone", () => {
    const claims = releaseClaims(noBankid(["openid"]));
    expect(claims).toHaveProperty("uniqueuserid");
    expect(claims).toHaveProperty("certissuer");
    expect(claims).toHaveProperty("certsubject");
    for (const hidden of ["socialno", "email", "phone_number", "address", "birthdate"]) expect(claims).not.toHaveProperty(hidden);
  });

  it("MitID Erhverv releases the organisation claims without a scope, the CPR only with ssn", () => {
    const input = { ...mitid(["openid"]), family: "dk-mitid-business" as const, acr: "urn:grn:authn:dk:mitid:business" };
    const signatory = { ...input, claims: identityClaims("dk-mitid-business", "mitid-business-2") };
    const employee = { ...input, claims: identityClaims("dk-mitid-business", "mitid-business-1") };
    expect(releaseClaims(signatory)).toMatchObject({ cvrNumberIdentifier: "41293055", "2.5.4.10": "Møller & Søn Tømrerfirma ApS", companySignatory: "true" });
    expect(releaseClaims(employee)).toMatchObject({ employee: "true", ridNumberIdentifier: "45237189" });
    expect(releaseClaims(signatory)).not.toHaveProperty("cprNumberIdentifier");
    expect(releaseClaims({ ...signatory, scopes: ["openid", "ssn"] }).cprNumberIdentifier).toBe("2109791593");
  });
});

describe("releaseClaims: scope → claims", () => {
  it("ssn releases MitID's cprNumberIdentifier", () => {
    expect(releaseClaims(mitid(["openid", "ssn"])).cprNumberIdentifier).toBe("1406851237");
  });

  it("ssn releases Swedish BankID's ssn", () => {
    expect(releaseClaims(seBankid(["openid", "ssn"])).ssn).toBe("199003152387");
  });

  it("ssn releases Norwegian BankID's socialno", () => {
    expect(releaseClaims(noBankid(["openid", "ssn"])).socialno).toBe("22048712359");
  });

  it("birthdate releases MitID's birthdate, dateofbirth and age", () => {
    expect(releaseClaims(mitid(["openid", "birthdate"]))).toMatchObject({ birthdate: "1985-06-14", dateofbirth: "1985-06-14", age: 39 });
  });

  it("address releases the OIDC address object", () => {
    expect(releaseClaims(mitid(["openid", "address"])).address).toMatchObject({ street_address: "Vestergade 12, 2. th.", postal_code: "8000", locality: "Aarhus C" });
  });

  it("address for a person with a protected address releases nothing", () => {
    expect(releaseClaims(mitid(["openid", "address"], "mitid-3"))).not.toHaveProperty("address");
  });

  it("email and phone release Norwegian BankID's email and phone_number", () => {
    const claims = releaseClaims(noBankid(["openid", "email", "phone"]));
    expect(claims.email).toBe("ingrid.hansen@example.com");
    expect(claims.phone_number).toBe("+4791234501");
  });

  it("an eID without email ignores the email scope (and other scopes it cannot satisfy)", () => {
    const claims = releaseClaims(seBankid(["openid", "email", "phone", "address", "gender", "profile", "unknown"]));
    for (const absent of ["email", "phone_number", "address", "gender"]) expect(claims).not.toHaveProperty(absent);
  });

  it("gender releases gender where the eID yields it", () => {
    const input: ReleaseClaimsInput = {
      acr: "urn:grn:authn:fi:bank-id", family: "fi-ftn", identityScheme: "fitupas", country: "fi", method: "ftn:bank",
      claims: { name: "Aino Virtanen", hetu: "131052-308T", gender: "female" }, scopes: ["openid"], authTime: AUTH_TIME,
    };
    expect(releaseClaims(input)).not.toHaveProperty("gender");
    expect(releaseClaims(input)).not.toHaveProperty("hetu");
    expect(releaseClaims({ ...input, scopes: ["openid", "gender", "ssn"] })).toMatchObject({ gender: "female", hetu: "131052-308T", country: "FI" });
  });

  it("drops a claim the rules do not know", () => {
    const input = mitid(["openid", "ssn", "address", "birthdate"]);
    expect(releaseClaims({ ...input, claims: { ...input.claims, internalNote: "x" } })).not.toHaveProperty("internalNote");
  });
});

describe("releaseClaims: the mock eID", () => {
  const mock = (claims: Record<string, unknown>, scopes: string[]): ReleaseClaimsInput => ({
    acr: "urn:grn:authn:mock", family: "mock", identityScheme: "mock", country: "test", method: "mock", claims, scopes, authTime: AUTH_TIME,
  });

  it("gets country XX", () => {
    expect(releaseClaims(mock({}, ["openid"])).country).toBe("XX");
  });

  it("passes the hint's own claims, still scope-gates the standard ones", () => {
    const claims = releaseClaims(mock({ name: "A B", customerNumber: "42", ssn: "199003152387", email: "a@example.com" }, ["openid", "email"]));
    expect(claims).toMatchObject({ name: "A B", customerNumber: "42", email: "a@example.com" });
    expect(claims).not.toHaveProperty("ssn");
  });

  it("never lets an eID claim override protocol or authentication claims", () => {
    const claims = releaseClaims(mock({ sub: "evil", iss: "https://evil.example", nonce: "n", identityscheme: "other", country: "SE" }, ["openid"]));
    expect(claims).not.toHaveProperty("sub");
    expect(claims).not.toHaveProperty("iss");
    expect(claims).not.toHaveProperty("nonce");
    expect(claims.identityscheme).toBe("mock");
    expect(claims.country).toBe("XX");
  });

  it("drops null and undefined values", () => {
    expect(releaseClaims(mock({ email: null, name: undefined }, ["openid", "email"]))).not.toHaveProperty("email");
  });
});

/** A login at `acr` of test identity `id`, claims as the eID yields them at that acr. */
function login(family: EidFamily, identityScheme: string, country: string, acr: string, id: string, scopes: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const identity = findTestIdentity(family, id, NOW);
  if (!identity) throw new Error(`missing test identity ${family}/${id}`);
  return releaseClaims({ acr, family, identityScheme, country, method: `${family}:test`, claims: { ...claimsAtAcr(identity, acr), ...extra }, scopes, authTime: AUTH_TIME });
}

const COMMON = ["identityscheme", "authenticationtype", "authenticationmethod", "authenticationinstant", "country", "name", "given_name", "family_name"];

describe("releaseClaims: Vipps MobilePay, FTN, Freja, iDIN, German eID", () => {
  const vipps = (scopes: string[], id = "vipps-1") => login("no-vipps", "novippslogin", "no", "urn:grn:authn:no:vipps", id, scopes);
  const ftn = (acr: string, scopes: string[]) => login("fi-ftn", "fitupas", "fi", acr, "ftn-1", scopes);
  const freja = (scopes: string[]) => login("se-freja", "sefrejaid", "se", "urn:grn:authn:se:frejaid", "freja-1", scopes);
  const idin = (scopes: string[], id = "idin-1", extra = {}) => login("nl-idin", "nlidin", "nl", "urn:grn:authn:nl:idin", id, scopes, extra);
  const deEid = (scopes: string[], id = "de-eid-1", extra = {}) => login("de-eid", "deadesso", "de", "urn:grn:authn:de:personalausweis", id, scopes, extra);

  it("Vipps with openid only: names", () => {
    expect(Object.keys(vipps(["openid"])).sort()).toEqual([...COMMON].sort());
    expect(vipps(["openid"])).toMatchObject({ identityscheme: "novippslogin", country: "NO", name: "Jonas Solberg" });
  });

  it("Vipps: ssn → socialno, email, phone, birthdate, address", () => {
    expect(vipps(["openid", "ssn", "email", "phone", "birthdate", "address"])).toMatchObject({
      socialno: "30089112334",
      email: "jonas.solberg@example.com",
      phone_number: "+4748123401",
      birthdate: "1991-08-30",
      address: { locality: "Tromsø", postal_code: "9008" },
    });
    expect(vipps(["openid", "address"], "vipps-3")).not.toHaveProperty("address");
  });

  it("FTN bank ID: ssn → hetu; gender and birthdate by their scopes", () => {
    const claims = ftn("urn:grn:authn:fi:bank-id", ["openid", "ssn", "gender", "birthdate"]);
    expect(claims).toMatchObject({ hetu: "120384-457K", gender: "male", birthdate: "1984-03-12", country: "FI", identityscheme: "fitupas" });
    expect(claims).not.toHaveProperty("satu");
    expect(ftn("urn:grn:authn:fi:bank-id", ["openid"])).not.toHaveProperty("hetu");
    expect(ftn("urn:grn:authn:fi:bank-id", ["openid"])).not.toHaveProperty("gender");
  });

  it("FTN mobile ID: ssn → satu", () => {
    const claims = ftn("urn:grn:authn:fi:mobile-id", ["openid", "ssn"]);
    expect(claims.satu).toBe("10234567A");
    expect(claims).not.toHaveProperty("hetu");
  });

  it("Freja: registrationLevel always; ssn, email and phone by scope", () => {
    const bare = freja(["openid"]);
    expect(bare).toMatchObject({ registrationLevel: "EXTENDED", identityscheme: "sefrejaid", country: "SE" });
    for (const claim of ["ssn", "email", "phone_number", "birthdate"]) expect(bare).not.toHaveProperty(claim);
    expect(freja(["openid", "ssn", "email", "phone"])).toMatchObject({ ssn: "198605192387", email: "johanna.ek@example.com", phone_number: "+46701234501" });
  });

  it("iDIN: names, birthdate and address by scope; ssn is ignored (no national id)", () => {
    expect(idin(["openid", "birthdate", "address"])).toMatchObject({ birthdate: "1988-02-14", address: { postal_code: "1015 CJ" }, country: "NL" });
    expect(Object.keys(idin(["openid", "ssn"])).sort()).toEqual([...COMMON].sort());
    expect(idin(["openid", "address"], "idin-3")).not.toHaveProperty("address");
  });

  it("an eID without a national id releases none under ssn, even a claim named like one", () => {
    const released = idin(["openid", "ssn"], "idin-1", { ssn: "smuggled", socialno: "smuggled", hetu: "smuggled" });
    for (const claim of ["ssn", "socialno", "hetu"]) expect(released).not.toHaveProperty(claim);
    expect(deEid(["openid", "ssn"], "de-eid-1", { ssn: "smuggled" })).not.toHaveProperty("ssn");
  });

  it("German eID: nationality always; birthdate with place_of_birth; address; ssn ignored", () => {
    expect(deEid(["openid"])).toMatchObject({ nationality: "DE", country: "DE", identityscheme: "deadesso" });
    expect(deEid(["openid"])).not.toHaveProperty("place_of_birth");
    expect(deEid(["openid", "birthdate", "address"])).toMatchObject({ birthdate: "1983-07-19", place_of_birth: "München", address: { locality: "Berlin" } });
    expect(Object.keys(deEid(["openid", "ssn"])).sort()).toEqual([...COMMON, "nationality"].sort());
    expect(deEid(["openid", "address"], "de-eid-3")).not.toHaveProperty("address");
  });
});

describe("claim rules", () => {
  const CLAIM_RULES: Readonly<Record<string, ClaimRule>> = Object.fromEntries(EID_FAMILIES.map((f) => [f.id, f.claimRule]));

  it("has a rule for every family in the catalogue", () => {
    for (const family of new Set(EID_METHODS.map((m) => m.family))) expect(CLAIM_RULES[family], family).toBeDefined();
  });

  it("maps ssn to each eID's national id claim", () => {
    expect(claimRuleFor("dk-mitid").byScope.ssn).toEqual(["cprNumberIdentifier"]);
    expect(claimRuleFor("dk-mitid-business").byScope.ssn).toEqual(["cprNumberIdentifier"]);
    expect(claimRuleFor("se-bankid").byScope.ssn).toEqual(["ssn"]);
    expect(claimRuleFor("no-bankid").byScope.ssn).toEqual(["socialno"]);
    expect(claimRuleFor("no-vipps").byScope.ssn).toEqual(["socialno"]);
    expect(claimRuleFor("fi-ftn").byScope.ssn).toEqual(["hetu", "satu"]);
    expect(claimRuleFor("se-freja").byScope.ssn).toEqual(["ssn"]);
    expect(claimRuleFor("nl-idin").byScope.ssn).toEqual([]);
    expect(claimRuleFor("de-eid").byScope.ssn).toEqual([]);
  });

  it("never releases a national id without the ssn scope", () => {
    for (const [family, rule] of Object.entries(CLAIM_RULES)) {
      for (const claim of rule.nationalIdClaims) {
        expect(rule.always, family).not.toContain(claim);
        for (const [scope, claims] of Object.entries(rule.byScope)) if (scope !== "ssn") expect(claims, `${family} ${scope}`).not.toContain(claim);
      }
    }
  });

  it("an unknown family gets names and the standard scopes only", () => {
    expect(claimRuleFor("xx-new" as EidFamily)).toMatchObject({ nationalIdClaims: [], always: ["name", "given_name", "family_name"], releaseUnlisted: false });
  });
});
