import { describe, expect, it } from "vitest";
import { connectorKindsFor } from ".";
import { acrMappingProblem, ZOidcSettingsSchema } from "./oidc/schemas";
import { ZBankIdSecretsSchema } from "./se-bankid/schemas";

const base = { issuer: "https://broker.example", clientId: "porta", clientAuth: "client_secret_basic", scopes: "openid ssn" };

describe("OIDC connection settings", () => {
  it("fills the defaults", () => {
    expect(ZOidcSettingsSchema.parse(base)).toEqual({ ...base, acrValues: {}, claimMapping: {}, personKeyClaim: "sub", useUserinfo: false, usePar: true, forwardLoginHint: false, timeoutMs: 10000 });
  });

  it.each([
    [{ issuer: "ftp://broker.example" }, "issuer"],
    [{ scopes: "profile ssn" }, "scopes"],
    [{ clientAuth: "none" }, "clientAuth"],
    [{ clientId: "" }, "clientId"],
    [{ claimMapping: { "has space": "x" } }, "claimMapping"],
    [{ timeoutMs: 60000 }, "timeoutMs"],
    [{ extra: 1 }, ""],
  ])("refuses %j", (override, path) => {
    const result = ZOidcSettingsSchema.safeParse({ ...base, ...override });
    expect(result.success).toBe(false);
    expect(String(result.error!.issues[0]!.path[0] ?? "")).toBe(path);
  });

  it("accepts acr mappings only for the family's own acr values", () => {
    expect(acrMappingProblem("dk-mitid", { "urn:grn:authn:dk:mitid:high": "x" })).toBeUndefined();
    expect(acrMappingProblem("dk-mitid", { "urn:grn:authn:se:bankid": "x" })).toMatch(/not an acr value/);
  });
});

describe("BankID secrets", () => {
  it("take the certificate as PKCS#12 or as PEM pair, not both or neither", () => {
    expect(ZBankIdSecretsSchema.safeParse({ pkcs12: "MIIK", passphrase: "p" }).success).toBe(true);
    expect(ZBankIdSecretsSchema.safeParse({ certificatePem: "c", privateKeyPem: "k" }).success).toBe(true);
    expect(ZBankIdSecretsSchema.safeParse({}).success).toBe(false);
    expect(ZBankIdSecretsSchema.safeParse({ pkcs12: "MIIK", certificatePem: "c", privateKeyPem: "k" }).success).toBe(false);
    expect(ZBankIdSecretsSchema.safeParse({ certificatePem: "c" }).success).toBe(false);
  });
});

describe("connector kinds", () => {
  it("Swedish BankID may use the RP API or a broker; the mock eID has none", () => {
    expect(connectorKindsFor("se-bankid")).toEqual(["se-bankid", "oidc"]);
    expect(connectorKindsFor("dk-mitid")).toEqual(["oidc"]);
    expect(connectorKindsFor("mock")).toEqual([]);
  });
});
