import { describe, expect, it } from "vitest";
import { EID_METHODS } from "../catalogue";
import { testIdentitiesFor } from "../test-identities";
import { simulateEid } from "./simulator";

describe("simulateEid: authenticationmethod per eID", () => {
  it.each([
    ["urn:grn:authn:dk:mitid:low", "mitid-1", "mitid:app"],
    ["urn:grn:authn:dk:mitid:business", "mitid-business-2", "mitid:app"],
    ["urn:grn:authn:se:bankid", "se-bankid-1", "bankid:app"],
    ["urn:grn:authn:se:bankid:same-device", "se-bankid-1", "bankid:same-device"],
    ["urn:grn:authn:se:bankid:another-device:qr", "se-bankid-1", "bankid:another-device"],
    ["urn:grn:authn:no:bankid", "no-bankid-1", "bankid:app"],
    ["urn:grn:authn:no:bankid:substantial", "no-bankid-1", "bankid:biometrics"],
    ["urn:grn:authn:no:vipps", "vipps-1", "vipps:app"],
    ["urn:grn:authn:fi:bank-id", "ftn-1", "ftn:nordea"],
    ["urn:grn:authn:fi:all", "ftn-2", "ftn:op"],
    ["urn:grn:authn:fi:mobile-id", "ftn-3", "ftn:dna"],
    ["urn:grn:authn:se:frejaid", "freja-2", "freja:app"],
    ["urn:grn:authn:nl:idin", "idin-2", "idin:rabobank"],
    ["urn:grn:authn:de:personalausweis", "de-eid-1", "deeid:card"],
  ])("%s as %s → %s", (acr, identity, method) => {
    expect(simulateEid(acr, identity).method).toBe(method);
  });

  it("every simulated method has test identities and a method that is not the generic fallback", () => {
    for (const method of EID_METHODS.filter((m) => m.family !== "mock")) {
      const [first] = testIdentitiesFor(method.family);
      expect(first, method.acr).toBeDefined();
      expect(simulateEid(method.acr, first?.id ?? "").method, method.acr).not.toMatch(/:simulated$/);
    }
  });

  it("keys the person and yields the claims at the acr", () => {
    const result = simulateEid("urn:grn:authn:fi:mobile-id", "ftn-1");
    expect(result).toMatchObject({ acr: "urn:grn:authn:fi:mobile-id", personKey: "120384-457K" });
    expect(result.claims).toHaveProperty("satu", "10234567A");
    expect(result.claims).not.toHaveProperty("hetu");
  });

  it("refuses an identity of another eID", () => {
    expect(() => simulateEid("urn:grn:authn:nl:idin", "ftn-1")).toThrow(/No test identity/);
  });
});
