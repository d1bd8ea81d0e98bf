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

describe("FTN needs encrypted ID tokens in production tenants", () => {
  it.each<[string, Record<string, unknown>]>([
    ["enabled", { enabled_acr_values: [MITID, FTN] }],
    ["default", { default_acr_values: [FTN] }],
    ["enabled with a key but no alg", { enabled_acr_values: [FTN], jwks: { keys: [RSA_ENC] } }],
  ])("FTN %s without id_token_encrypted_response_alg → invalid_client_metadata at that field", (_what, metadata) => {
    const error = refusal(() => validateClientMetadata({ redirect_uris: [REDIRECT], ...metadata }, "production"));
    expect(error.code).toBe("invalid_client_metadata");
    expect(error.field).toBe("id_token_encrypted_response_alg");
    expect(error.description).toMatch(/^Finnish bank ID \(urn:grn:authn:fi:bank-id\) requires encrypted ID tokens: set id_token_encrypted_response_alg/);
  });

  it("accepts FTN with an RSA key and RSA-OAEP-256, or an EC key and ECDH-ES", () => {
    for (const [key, alg] of [[RSA_ENC, "RSA-OAEP-256"], [EC_ENC, "ECDH-ES"]] as const) {
      const v = validateClientMetadata({ redirect_uris: [REDIRECT], enabled_acr_values: [FTN], jwks: { keys: [key] }, id_token_encrypted_response_alg: alg }, "production");
      expect(v.id_token_encrypted_response_alg).toBe(alg);
    }
    // A jwks_uri is read when Porta encrypts.
    expect(() => validateClientMetadata({ redirect_uris: [REDIRECT], enabled_acr_values: [FTN], jwks_uri: "https://rp.example/jwks", id_token_encrypted_response_alg: "ECDH-ES" }, "production")).not.toThrow();
  });

  it("an alg whose key type the JWKS lacks → invalid_client_metadata naming the alg", () => {
    const error = refusal(() => validateClientMetadata({ redirect_uris: [REDIRECT], jwks: { keys: [RSA_ENC] }, id_token_encrypted_response_alg: "ECDH-ES" }, "production"));
    expect(error.field).toBe("id_token_encrypted_response_alg");
    expect(error.description).toBe('id_token_encrypted_response_alg ECDH-ES requires an EC key with use "enc" in jwks or jwks_uri');
  });

  it("test tenants run FTN's simulator without encryption", () => {
    expect(() => checkIdTokenEncryptionRule({ enabled_acr_values: [FTN], default_acr_values: [FTN] }, "test")).not.toThrow();
  });

  it("an application naming no eIDs gets every eID of its environment it can use", () => {
    expect(defaultEnabledAcrValues("production", false)).toContain(MITID);
    expect(defaultEnabledAcrValues("production", false).filter((acr) => acr.startsWith("urn:grn:authn:fi:"))).toEqual([]);
    expect(defaultEnabledAcrValues("production", true)).toContain(FTN);
    expect(defaultEnabledAcrValues("test", false)).toContain(FTN);
  });

  it("a stored application serves FTN only with an encryption alg (production)", () => {
    const production = { tenant: { environment: "production" } } as Parameters<typeof canServeAcr>[0];
    expect(canServeAcr({ ...production, idTokenEncryptedResponseAlg: null }, FTN)).toBe(false);
    expect(canServeAcr({ ...production, idTokenEncryptedResponseAlg: null }, MITID)).toBe(true);
    expect(canServeAcr({ ...production, idTokenEncryptedResponseAlg: "RSA-OAEP-256" }, FTN)).toBe(true);
    expect(canServeAcr({ tenant: { environment: "test" }, idTokenEncryptedResponseAlg: null } as Parameters<typeof canServeAcr>[0], FTN)).toBe(true);
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
