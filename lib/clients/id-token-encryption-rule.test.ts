import { describe, expect, it } from "vitest";
import { ClientMetadataError } from "./client-metadata-error";
import { fitsEncryptionAlg } from "./encryption-algorithms";
import { canServeAcr, checkIdTokenEncryptionRule, defaultEnabledAcrValues } from "./id-token-encryption-rule";
import { validateClientMetadata } from "./validate-metadata";

const FTN = "urn:grn:authn:fi:bank-id";
const MITID = "urn:grn:authn:dk:mitid:substantial";
const REDIRECT = "https://rp.example/callback";
const RSA_ENC = { kty: "RSA", n: "n", e: "AQAB", kid: "enc-rsa", use: "enc" };
const EC_ENC = { kty: "EC", crv: "P-256", x: "x", y: "y", kid: "enc-ec", use: "enc" };

function refusal(run: () => unknown): ClientMetadataError {
  try {
    run();
  } catch (error) {
    if (error instanceof ClientMetadataError) return error;
    throw error;
  }
  throw new Error("expected a ClientMetadataError");
}

describe("FTN needs encrypted ID tokens, in test tenants as in production", () => {
  it.each<[string, Record<string, unknown>, "test" | "production"]>([
    ["enabled", { enabled_acr_values: [MITID, FTN] }, "production"],
    ["default", { default_acr_values: [FTN] }, "production"],
    ["enabled with a key but no alg", { enabled_acr_values: [FTN], jwks: { keys: [RSA_ENC] } }, "production"],
    ["enabled (test tenant)", { enabled_acr_values: [MITID, FTN] }, "test"],
    ["default (test tenant)", { enabled_acr_values: [FTN], default_acr_values: [FTN] }, "test"],
  ])("FTN %s without id_token_encrypted_response_alg → invalid_client_metadata at that field", (_what, metadata, environment) => {
    const error = refusal(() => validateClientMetadata({ redirect_uris: [REDIRECT], ...metadata }, environment));
    expect(error.code).toBe("invalid_client_metadata");
    expect(error.field).toBe("id_token_encrypted_response_alg");
    expect(error.description).toMatch(/^Finnish bank ID \(urn:grn:authn:fi:bank-id\) requires encrypted ID tokens: set id_token_encrypted_response_alg/);
  });

  it("accepts FTN with an RSA key and RSA-OAEP-256, or an EC key and ECDH-ES, in either environment", () => {
    for (const environment of ["test", "production"] as const) {
      for (const [key, alg] of [[RSA_ENC, "RSA-OAEP-256"], [EC_ENC, "ECDH-ES"]] as const) {
        const v = validateClientMetadata({ redirect_uris: [REDIRECT], enabled_acr_values: [FTN], jwks: { keys: [key] }, id_token_encrypted_response_alg: alg }, environment);
        expect(v.id_token_encrypted_response_alg).toBe(alg);
      }
    }
    // A jwks_uri is read when Porta encrypts.
    expect(() => validateClientMetadata({ redirect_uris: [REDIRECT], enabled_acr_values: [FTN], jwks_uri: "https://rp.example/jwks", id_token_encrypted_response_alg: "ECDH-ES" }, "production")).not.toThrow();
  });

  it("an alg whose key type the JWKS lacks → invalid_client_metadata naming the alg", () => {
    const error = refusal(() => validateClientMetadata({ redirect_uris: [REDIRECT], jwks: { keys: [RSA_ENC] }, id_token_encrypted_response_alg: "ECDH-ES" }, "production"));
    expect(error.field).toBe("id_token_encrypted_response_alg");
    expect(error.description).toBe('id_token_encrypted_response_alg ECDH-ES requires an EC key with use "enc" in jwks or jwks_uri');
  });

  it("the rule itself asks only for the alg; other eIDs need none", () => {
    expect(() => checkIdTokenEncryptionRule({ enabled_acr_values: [FTN], default_acr_values: [FTN] })).toThrow(ClientMetadataError);
    expect(() => checkIdTokenEncryptionRule({ enabled_acr_values: [FTN], default_acr_values: [FTN], id_token_encrypted_response_alg: "ECDH-ES" })).not.toThrow();
    expect(() => checkIdTokenEncryptionRule({ enabled_acr_values: [MITID, "urn:grn:authn:mock"], default_acr_values: [] })).not.toThrow();
  });

  it.each(["test", "production"] as const)("an application naming no eIDs in a %s tenant gets every eID it can use", (environment) => {
    const finnish = (acrs: string[]) => acrs.filter((acr) => acr.startsWith("urn:grn:authn:fi:"));
    expect(defaultEnabledAcrValues(environment, false)).toContain(MITID);
    expect(finnish(defaultEnabledAcrValues(environment, false))).toEqual([]);
    expect(finnish(defaultEnabledAcrValues(environment, true))).toEqual([FTN, "urn:grn:authn:fi:mobile-id", "urn:grn:authn:fi:all"]);
  });

  it("a stored application serves FTN only with an encryption alg, whatever its tenant", () => {
    expect(canServeAcr({ idTokenEncryptedResponseAlg: null }, FTN)).toBe(false);
    expect(canServeAcr({ idTokenEncryptedResponseAlg: null }, MITID)).toBe(true);
    expect(canServeAcr({ idTokenEncryptedResponseAlg: "RSA-OAEP-256" }, FTN)).toBe(true);
  });
});

describe("which keys an encryption alg encrypts to", () => {
  it.each<[string, Record<string, string>, "RSA-OAEP-256" | "ECDH-ES", boolean]>([
    ["an RSA enc key", RSA_ENC, "RSA-OAEP-256", true],
    ["an RSA key for signing", { ...RSA_ENC, use: "sig" }, "RSA-OAEP-256", false],
    ["an RSA key without use", { kty: "RSA", n: "n", e: "AQAB" }, "RSA-OAEP-256", false],
    ["an RSA key for another alg", { ...RSA_ENC, alg: "RSA-OAEP" }, "RSA-OAEP-256", false],
    ["an EC enc key for RSA-OAEP-256", EC_ENC, "RSA-OAEP-256", false],
    ["an EC P-256 enc key", EC_ENC, "ECDH-ES", true],
    ["an EC P-521 enc key with its alg", { ...EC_ENC, crv: "P-521", alg: "ECDH-ES" }, "ECDH-ES", true],
    ["an EC key on secp256k1", { ...EC_ENC, crv: "secp256k1" }, "ECDH-ES", false],
  ])("%s → %s: %s", (_what, key, alg, fits) => {
    expect(fitsEncryptionAlg(key, alg)).toBe(fits);
  });
});
