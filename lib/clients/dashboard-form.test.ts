import { describe, expect, it } from "vitest";
import { invalidMetadata, type ClientMetadataError } from "./client-metadata-error";
import { APPLICATION_FORM_MEMBERS, applicationFormValues, FormInputError, formToMetadataPatch, formToNewMetadata, readFormValues, toFormData, type FormValues } from "./dashboard-form";
import { formErrorsOf, formFieldOf } from "./dashboard-form-errors";
import type { TEditableMetadata } from "./editable-metadata";
import { GRANT_TYPES, ZClientMetadataSchema } from "./schemas";
import { withoutUnchangedMembers } from "./unchanged-members";
import { validateClientMetadata } from "./validate-metadata";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const BANKID = "urn:grn:authn:se:bankid";
const FTN = "urn:grn:authn:fi:bank-id";
const CIBA = GRANT_TYPES.ciba;
const HEADLESS = GRANT_TYPES.headless;

/** What the form posts for a valid application in a test tenant. */
const VALID: FormValues = {
  client_name: "My RP",
  redirect_uris: "https://rp.example/callback",
  post_logout_redirect_uris: "",
  "grant_types[]": [GRANT_TYPES.authorizationCode],
  token_endpoint_auth_method: "client_secret_basic",
  jwks: "",
  jwks_uri: "",
  id_token_signed_response_alg: "RS256",
  request_object_signing_alg: "",
  backchannel_token_delivery_mode: "",
  backchannel_client_notification_endpoint: "",
  scope_strategy: "dynamic",
  "enabled_acr_values[]": [MITID, BANKID],
  "default_acr_values[]": [],
  webhook_url: "",
  webhook_claim_whitelist: "",
  webhook_timeout_ms: "",
};

/** The form field the dashboard shows the refusal of `values` at. */
function fieldFor(values: FormValues, environment: "test" | "production" = "test"): string {
  try {
    validateClientMetadata(formToNewMetadata({ ...VALID, ...values }), environment);
  } catch (error) {
    return Object.keys(formErrorsOf(error))[0] ?? "";
  }
  throw new Error("expected the form to be refused");
}

const WEBHOOK = { webhook_url: "https://hooks.example.com/porta" };
const EC_KEY = { kty: "EC", crv: "P-256", x: "x", y: "y" } as const;
const RSA_ENC = { kty: "RSA", n: "n", e: "AQAB", kid: "enc-1", use: "enc" } as const;
const ENCRYPTING: FormValues = {
  jwks: JSON.stringify({ keys: [RSA_ENC] }),
  id_token_encrypted_response_alg: "RSA-OAEP-256",
  id_token_encrypted_response_enc: "A256GCM",
  userinfo_signed_response_alg: "PS256",
  userinfo_encrypted_response_alg: "RSA-OAEP-256",
  userinfo_encrypted_response_enc: "A256GCM",
};

describe("the application form shows every registration setting", () => {
  it("has an input for every member registration stores (all but tenant_id)", () => {
    const members = Object.keys(ZClientMetadataSchema.shape).filter((m) => m !== "tenant_id");
    expect([...APPLICATION_FORM_MEMBERS].sort()).toEqual(members.sort());
  });

  it("a submitted form sets exactly the members it shows", () => {
    expect(Object.keys(formToMetadataPatch(VALID)).sort()).toEqual([...APPLICATION_FORM_MEMBERS].sort());
  });

  const RICH: TEditableMetadata = {
    client_name: "Every setting",
    redirect_uris: ["https://rp.example/cb?list=a,b", "https://rp.example/other"],
    post_logout_redirect_uris: ["https://rp.example/bye"],
    grant_types: [HEADLESS, CIBA, GRANT_TYPES.implicit, GRANT_TYPES.authorizationCode],
    response_types: ["id_token", "code"],
    token_endpoint_auth_method: "private_key_jwt",
    token_endpoint_auth_signing_alg: "ES256",
    jwks: { keys: [RSA_ENC, { ...EC_KEY, kid: "sig-1", use: "sig" }] },
    require_jti: true,
    id_token_signed_response_alg: "ES256",
    id_token_encrypted_response_alg: "RSA-OAEP-256",
    id_token_encrypted_response_enc: "A256GCM",
    userinfo_signed_response_alg: "PS256",
    userinfo_encrypted_response_alg: "RSA-OAEP-256",
    userinfo_encrypted_response_enc: "A256GCM",
    request_object_signing_alg: "PS256",
    require_pushed_authorization_requests: true,
    consent_required: true,
    backchannel_token_delivery_mode: "ping",
    backchannel_client_notification_endpoint: "https://rp.example/ciba",
    scope_strategy: "static",
    enabled_acr_values: [FTN, BANKID],
    default_acr_values: [BANKID],
    static_scopes: { [MITID]: ["ssn", "address"], [FTN]: ["email"] },
    webhook: { url: "https://hooks.example.com/porta", claim_whitelist: ["email", "phone_number"], timeout_ms: 5000 },
  };

  it("rendering metadata and posting the form unchanged changes nothing (set order and defaults aside)", () => {
    const posted = readFormValues(toFormData(applicationFormValues(RICH)));
    expect(withoutUnchangedMembers(formToMetadataPatch(posted), RICH)).toEqual({});
    // The same values are valid metadata, as registration checks them.
    expect(() => validateClientMetadata(formToNewMetadata(posted), "test")).not.toThrow();
  });

  it("changing one input changes exactly its member", () => {
    const posted = { ...applicationFormValues(RICH), backchannel_token_delivery_mode: "poll" };
    expect(withoutUnchangedMembers(formToMetadataPatch(posted), RICH)).toEqual({ backchannel_token_delivery_mode: "poll" });
  });

  it("emptying an optional input removes its member (null), and a cleared timeout means the default", () => {
    const posted = { ...applicationFormValues(RICH), userinfo_signed_response_alg: "", webhook_timeout_ms: "" };
    expect(withoutUnchangedMembers(formToMetadataPatch(posted), RICH)).toEqual({
      userinfo_signed_response_alg: null,
      webhook: { url: "https://hooks.example.com/porta", claim_whitelist: ["email", "phone_number"] },
    });
  });

  it("response types follow the grants; no browser grant sends none", () => {
    expect(formToMetadataPatch({ ...VALID, "grant_types[]": [GRANT_TYPES.implicit, GRANT_TYPES.authorizationCode] }).response_types).toEqual(["id_token", "code"]);
    expect(formToMetadataPatch({ ...VALID, "grant_types[]": [CIBA] }).response_types).toBeNull();
  });

  it("a CIBA-only confidential client without redirect URLs is valid", () => {
    const values = { ...VALID, redirect_uris: "", "grant_types[]": [CIBA], backchannel_token_delivery_mode: "poll" };
    expect(validateClientMetadata(formToNewMetadata(values), "test")).toMatchObject({ grant_types: [CIBA], response_types: [] });
  });
});

describe("application form: each bad input is shown at its field", () => {
  it("accepts the valid form", () => {
    expect(() => validateClientMetadata(formToNewMetadata(VALID), "test")).not.toThrow();
  });

  it.each<[string, FormValues, string]>([
    ["a client name that is too long", { client_name: "x".repeat(201) }, "client_name"],
    ["no redirect URI", { redirect_uris: "" }, "redirect_uris"],
    ["a plain http redirect URI", { redirect_uris: "http://rp.example/callback" }, "redirect_uris"],
    ["a post-logout URI with a wildcard", { post_logout_redirect_uris: "https://*.rp.example/" }, "post_logout_redirect_uris"],
    ["no grant type", { "grant_types[]": [] }, "grant_types"],
    ["an unknown grant type", { "grant_types[]": ["password"] }, "grant_types"],
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
    ["CIBA without a delivery mode", { "grant_types[]": [GRANT_TYPES.authorizationCode, CIBA] }, "backchannel_token_delivery_mode"],
    ["an unknown delivery mode", { "grant_types[]": [CIBA], backchannel_token_delivery_mode: "push" }, "backchannel_token_delivery_mode"],
    ["ping without a notification endpoint", { "grant_types[]": [CIBA], backchannel_token_delivery_mode: "ping" }, "backchannel_client_notification_endpoint"],
    ["a plain http notification endpoint", { "grant_types[]": [CIBA], backchannel_token_delivery_mode: "ping", backchannel_client_notification_endpoint: "http://rp.example/ciba" }, "backchannel_client_notification_endpoint"],
    ["headless for a public client", { "grant_types[]": [HEADLESS], token_endpoint_auth_method: "none" }, "token_endpoint_auth_method"],
    ["a plain http webhook", { webhook_url: "http://hooks.example.com/porta" }, "webhook_url"],
    ["a webhook allowed to set sub", { ...WEBHOOK, webhook_claim_whitelist: "email, sub" }, "webhook_claim_whitelist"],
    ["a webhook timeout below 1 s", { ...WEBHOOK, webhook_timeout_ms: "500" }, "webhook_timeout_ms"],
    ["a webhook timeout that is no number", { ...WEBHOOK, webhook_timeout_ms: "soon" }, "webhook_timeout_ms"],
    ["ID token encryption without an encryption key", { id_token_encrypted_response_alg: "RSA-OAEP-256" }, "id_token_encrypted_response_alg"],
    ["ECDH-ES with only an RSA key", { jwks: JSON.stringify({ keys: [RSA_ENC] }), id_token_encrypted_response_alg: "ECDH-ES" }, "id_token_encrypted_response_alg"],
    ["an ID token content encryption Porta does not offer", { jwks: JSON.stringify({ keys: [RSA_ENC] }), id_token_encrypted_response_alg: "RSA-OAEP-256", id_token_encrypted_response_enc: "A128CBC-HS256" }, "id_token_encrypted_response_enc"],
    ["an unknown userinfo signing alg", { userinfo_signed_response_alg: "HS256" }, "userinfo_signed_response_alg"],
    ["userinfo encryption Porta does not offer", { userinfo_encrypted_response_alg: "RSA1_5" }, "userinfo_encrypted_response_alg"],
  ])("%s → %s", (_what, values, field) => {
    expect(fieldFor(values)).toBe(field);
  });

  it("a JWKS that is not JSON is refused before validation, at the JWKS input", () => {
    expect(() => formToMetadataPatch({ ...VALID, jwks: "{keys" })).toThrow(FormInputError);
  });
});

describe("application form: ID token and userinfo settings", () => {
  it("sends each setting under its metadata name", () => {
    const v = validateClientMetadata(formToNewMetadata({ ...VALID, ...ENCRYPTING }), "production");
    expect(v).toMatchObject({
      id_token_encrypted_response_alg: "RSA-OAEP-256",
      id_token_encrypted_response_enc: "A256GCM",
      userinfo_signed_response_alg: "PS256",
      userinfo_encrypted_response_alg: "RSA-OAEP-256",
      userinfo_encrypted_response_enc: "A256GCM",
    });
  });

  it("sends no enc without its alg (the select always holds one)", () => {
    const patch = formToMetadataPatch({ ...VALID, id_token_encrypted_response_alg: "", id_token_encrypted_response_enc: "A256GCM", userinfo_signed_response_alg: "" });
    expect(patch.id_token_encrypted_response_enc).toBeNull();
    expect(patch.userinfo_signed_response_alg).toBeNull();
  });

  it.each(["test", "production"] as const)("FTN without encrypted ID tokens in a %s tenant is refused at the encryption field; with them it is accepted", (environment) => {
    expect(fieldFor({ "enabled_acr_values[]": [MITID, FTN] }, environment)).toBe("id_token_encrypted_response_alg");
    expect(() => validateClientMetadata(formToNewMetadata({ ...VALID, ...ENCRYPTING, "enabled_acr_values[]": [MITID, FTN] }), environment)).not.toThrow();
  });
});

describe("members without an input of their own", () => {
  it.each<[string, string, ClientMetadataError]>([
    ["response_types (the form offers grants)", "grant_types", invalidMetadata("response_types", "grant_types includes implicit, so response_types must include id_token")],
    ["tenant_id", "form", invalidMetadata("tenant_id", "tenant_id cannot be changed")],
    ["client_id", "form", invalidMetadata("client_id", "client_id in the body must equal the client being updated")],
    ["the webhook as a whole", "form", invalidMetadata("webhook", "webhook: Invalid input")],
    ["no member (the request)", "form", invalidMetadata(undefined, "The application no longer exists")],
  ])("%s → %s", (_what, field, error) => {
    expect(formFieldOf(error)).toBe(field);
  });

  it("an error that is no refusal is not turned into a form error", () => {
    expect(() => formErrorsOf(new Error("database down"))).toThrow("database down");
  });
});
