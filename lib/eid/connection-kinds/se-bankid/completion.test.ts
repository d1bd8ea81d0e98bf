import { describe, expect, it } from "vitest";
import { findEidMethod } from "../../catalogue";
import { resultOf } from "./completion";
import type { TCompletionData } from "./rp-api";

const completion = (personalNumber: string): TCompletionData => ({
  user: { personalNumber, name: "Anna Lindqvist", givenName: "Anna", surname: "Lindqvist" },
  device: { ipAddress: "192.0.2.15", uhi: "abc" },
  bankIdIssueDate: "2023-06-01",
  stepUp: { mrtd: false },
  signature: "PFNpZ25hdHVyZS8+",
  ocspResponse: "b2NzcA==",
});

describe("a completed BankID order as an eID result", () => {
  it("yields the Swedish BankID claim names, the personal number as person key, and the method of the acr", () => {
    const method = findEidMethod("urn:grn:authn:se:bankid:same-device")!;
    expect(resultOf(method, completion("199003152387"))).toEqual({
      acr: "urn:grn:authn:se:bankid:same-device",
      personKey: "199003152387",
      method: "bankid:same-device",
      claims: {
        ssn: "199003152387",
        name: "Anna Lindqvist",
        given_name: "Anna",
        family_name: "Lindqvist",
        givenname: "Anna",
        surname: "Lindqvist",
        birthdate: "1990-03-15",
        ipaddress: "192.0.2.15",
      },
    });
  });

  it("derives the birthdate of a samordningsnummer (day + 60) and leaves it out when there is no date", () => {
    const method = findEidMethod("urn:grn:authn:se:bankid")!;
    expect(resultOf(method, completion("199003752384")).claims.birthdate).toBe("1990-03-15");
    expect(resultOf(method, completion("199013152387")).claims).not.toHaveProperty("birthdate");
  });
});
