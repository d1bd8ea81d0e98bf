import { describe, expect, it } from "vitest";
import { ClientMetadataError, invalidMetadata } from "@/lib/clients/client-metadata-error";
import { validateClientMetadata } from "@/lib/clients/validate-metadata";
import { FormInputError, formFieldOf, valuesToMetadata, type FormValues } from "./application-form-data";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const BANKID = "urn:grn:authn:se:bankid";

/** What the form posts for a valid application in a test tenant. */
const VALID: FormValues = {
  client_name: "My RP",
  redirect_uris: "https://rp.example/callback",
  post_logout_redirect_uris: "",
  "response_types[]": ["code"],
  token_endpoint_auth_method: "client_secret_basic",
  jwks: "",
  jwks_uri: "",
  id_token_signed_response_alg: "RS256",
  request_object_signing_alg: "",
  scope_strategy: "dynamic",
  "enabled_acr_values[]": [MITID, BANKID],
  "default_acr_values[]": [],
  webhook_url: "",
  webhook_claim_whitelist: "",
  webhook_timeout_ms: "",
};

/** The form field the dashboard shows the refusal of `values` at. */
function fieldFor(values: FormValues): string {
  try {
    validateClientMetadata(valuesToMetadata({ ...VALID, ...values }), "test");
  } catch (error) {
    if (error instanceof FormInputError) return error.field;
    if (error instanceof ClientMetadataError) return formFieldOf(error);
    throw error;
  }
  throw new Error("expected the form to be refused");
}

const WEBHOOK = { webhook_url: "https://hooks.example.com/porta" };
const EC_KEY = { kty: "EC", crv: "P-256", x: "x", y: "y" };
const RSA_ENC = { kty: "RSA", n: "n", e: "AQAB", kid: "enc-1", use: "enc" };
const FTN = "urn:grn:authn:fi:bank-id";

describe("application form: each bad input is shown at its field", () => {
  it("accepts the valid form", () => {
    expect(() => validateClientMetadata(valuesToMetadata(VALID), "test")).not.toThrow();
  });

  it.each<[string, FormValues, string]>([
    ["a client name that is too long", { client_name: "x".repeat(201) }, "client_name"],
    ["no redirect URI", { redirect_uris: "" }, "redirect_uris"],
    ["a plain http redirect URI", { redirect_uris: "http://rp.example/callback" }, "redirect_uris"],
    ["a post-logout URI with a wildcard", { post_logout_redirect_uris: "https://*.rp.example/" }, "post_logout_redirect_uris"],
    ["no response type", { "response_types[]": [] }, "response_types"],
    ["private_key_jwt without keys", { token_endpoint_auth_method: "private_key_jwt" }, "token_endpoint_auth_method"],
    ["a JWKS that is not JSON", { jwks: "{keys" }, "jwks"],
    ["a JWKS with a private key", { jwks: JSON.stringify({ keys: [{ ...EC_KEY, d: "private" }] }) }, "jwks"],
    ["a JWKS without keys", { jwks: JSON.stringify({ keys: [] }) }, "jwks"],
    ["both JWKS and JWKS URL", { jwks: JSON.stringify({ keys: [EC_KEY] }), jwks_uri: "https://rp.example/jwks" }, "jwks"],
    ["a plain http JWKS URL", { jwks_uri: "http://rp.example/jwks" }, "jwks_uri"],
    ["an unknown ID token alg", { id_token_signed_response_alg: "none" }, "id_token_signed_response_alg"],
    ["a symmetric request object alg", { request_object_signing_alg: "HS256" }, "request_object_signing_alg"],
    ["an unknown scope strategy", { scope_strategy: "fixed" }, "scope_strategy"],
    ["no eID enabled", { "enabled_acr_values[]": [] }, "enabled_acr_values"],
    ["a default eID that is not enabled", { "enabled_acr_values[]": [MITID], "default_acr_values[]": [BANKID] }, "default_acr_values"],
    ["a static scope that does not exist", { scope_strategy: "static", [`static_scopes[${MITID}][]`]: ["profile"] }, "static_scopes"],
    ["a plain http webhook", { webhook_url: "http://hooks.example.com/porta" }, "webhook_url"],
    ["a webhook allowed to set sub", { ...WEBHOOK, webhook_claim_whitelist: "email, sub" }, "webhook_claim_whitelist"],
    ["a webhook timeout below 1 s", { ...WEBHOOK, webhook_timeout_ms: "500" }, "webhook_timeout_ms"],
    ["ID token encryption without an encryption key", { id_token_encrypted_response_alg: "RSA-OAEP-256" }, "id_token_encrypted_response_alg"],
    ["ECDH-ES with only an RSA key", { jwks: JSON.stringify({ keys: [RSA_ENC] }), id_token_encrypted_response_alg: "ECDH-ES" }, "id_token_encrypted_response_alg"],
    ["an ID token content encryption Porta does not offer", { jwks: JSON.stringify({ keys: [RSA_ENC] }), id_token_encrypted_response_alg: "RSA-OAEP-256", id_token_encrypted_response_enc: "A128CBC-HS256" }, "id_token_encrypted_response_enc"],
    ["an unknown userinfo signing alg", { userinfo_signed_response_alg: "HS256" }, "userinfo_signed_response_alg"],
    ["userinfo encryption Porta does not offer", { userinfo_encrypted_response_alg: "RSA1_5" }, "userinfo_encrypted_response_alg"],
  ])("%s → %s", (_what, values, field) => {
    expect(fieldFor(values)).toBe(field);
  });
});

describe("application form: ID token and userinfo settings", () => {
  const ENCRYPTING: FormValues = {
    jwks: JSON.stringify({ keys: [RSA_ENC] }),
    id_token_encrypted_response_alg: "RSA-OAEP-256",
    id_token_encrypted_response_enc: "A256GCM",
    userinfo_signed_response_alg: "PS256",
    userinfo_encrypted_response_alg: "RSA-OAEP-256",
    userinfo_encrypted_response_enc: "A256GCM",
  };

  it("sends each setting under its metadata name", () => {
    const v = validateClientMetadata(valuesToMetadata({ ...VALID, ...ENCRYPTING }), "production");
    expect(v).toMatchObject({
      id_token_encrypted_response_alg: "RSA-OAEP-256",
      id_token_encrypted_response_enc: "A256GCM",
      userinfo_signed_response_alg: "PS256",
      userinfo_encrypted_response_alg: "RSA-OAEP-256",
      userinfo_encrypted_response_enc: "A256GCM",
    });
  });

  it("sends no enc without its alg (the select always holds one)", () => {
    const metadata = valuesToMetadata({ ...VALID, id_token_encrypted_response_alg: "", id_token_encrypted_response_enc: "A256GCM", userinfo_signed_response_alg: "" });
    expect(metadata.id_token_encrypted_response_enc).toBeUndefined();
    expect(metadata.userinfo_signed_response_alg).toBeUndefined();
  });

  it.each(["test", "production"] as const)("FTN without encrypted ID tokens in a %s tenant is refused at the encryption field; with them it is accepted", (environment) => {
    let field = "";
    try {
      validateClientMetadata(valuesToMetadata({ ...VALID, "enabled_acr_values[]": [MITID, FTN] }), environment);
    } catch (error) {
      if (error instanceof ClientMetadataError) field = formFieldOf(error);
    }
    expect(field).toBe("id_token_encrypted_response_alg");
    expect(() => validateClientMetadata(valuesToMetadata({ ...VALID, ...ENCRYPTING, "enabled_acr_values[]": [MITID, FTN] }), environment)).not.toThrow();
  });
});

describe("members without an input of their own", () => {
  it.each<[string, string, ClientMetadataError]>([
    ["grant_types (the form offers response types)", "response_types", invalidMetadata("grant_types", "grant_types must include implicit")],
    ["tenant_id", "form", invalidMetadata("tenant_id", "tenant_id cannot be changed")],
    ["backchannel_token_delivery_mode", "form", invalidMetadata("backchannel_token_delivery_mode", "backchannel_token_delivery_mode (poll or ping) is required")],
    ["the webhook as a whole", "form", invalidMetadata("webhook", "webhook: Invalid input")],
    ["no member (the request)", "form", invalidMetadata(undefined, "The application no longer exists")],
  ])("%s → %s", (_what, field, error) => {
    expect(formFieldOf(error)).toBe(field);
  });
});
