import { exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { OAuthError } from "../oauth/errors";
import { ClientMetadataError, type ClientMetadataField } from "./client-metadata-error";
import { checkOutboundUrl, checkRedirectUri, validateClientMetadata } from "./validate-metadata";

/** Runs `fn` and returns the OAuthError it throws (fails the test when it throws nothing else). */
function oauthErrorOf(fn: () => unknown): OAuthError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthError);
    return error as OAuthError;
  }
  throw new Error("expected an OAuthError, but nothing was thrown");
}

const REDIRECT = "https://rp.example/callback";

describe("checkRedirectUri", () => {
  it.each([
    ["https://rp.example/callback", "test"],
    ["https://rp.example/callback", "production"],
    ["https://rp.example:8443/cb?tenant=a", "production"],
    ["http://localhost/cb", "test"],
    ["http://localhost:8080/cb", "test"],
    ["http://127.0.0.1:5000/cb", "test"],
    ["http://[::1]:5000/cb", "test"],
    ["http://shop.localhost:3000/playground/callback", "test"],
  ] as const)("accepts %s in a %s tenant", (uri, environment) => {
    expect(() => checkRedirectUri(uri, environment)).not.toThrow();
  });

  it.each([
    ["a fragment", "https://rp.example/cb#section", "test", /fragment/],
    ["an empty fragment", "https://rp.example/cb#", "test", /fragment/],
    ["a wildcard host", "https://*.rp.example/cb", "test", /wildcard/],
    ["a wildcard path", "https://rp.example/*", "test", /wildcard/],
    ["a relative path", "/callback", "test", /absolute/],
    ["no scheme", "rp.example/callback", "test", /absolute/],
    ["an empty string", "", "test", /absolute/],
    ["credentials", "https://user:pass@rp.example/cb", "test", /credentials/],
    ["http to a public host", "http://rp.example/cb", "test", /localhost or 127\.0\.0\.1/],
    ["http to a host that starts like loopback", "http://127.0.0.1.rp.example/cb", "test", /https/],
    ["http to localhost in a production tenant", "http://localhost:8080/cb", "production", /production/],
    ["http to a *.localhost name in a production tenant", "http://shop.localhost:3000/cb", "production", /production/],
    ["http to a name that merely ends in localhost", "http://evillocalhost/cb", "test", /https/],
    ["http to 127.0.0.1 in a production tenant", "http://127.0.0.1:8080/cb", "production", /production/],
    ["a custom scheme", "com.example.app:/cb", "test", /must use https/],
    ["javascript:", "javascript:alert(1)", "test", /must use https/],
    ["data:", "data:text/html,hi", "test", /must use https/],
  ] as const)("refuses %s → invalid_redirect_uri", (_what, uri, environment, why) => {
    const error = oauthErrorOf(() => checkRedirectUri(uri, environment));
    expect(error.code).toBe("invalid_redirect_uri");
    expect(error.status).toBe(400);
    expect(error.description).toMatch(why);
    expect(error.description).toContain("redirect_uris");
  });

  it("names the field it checks", () => {
    const error = oauthErrorOf(() => checkRedirectUri("https://rp.example/bye#x", "test", "post_logout_redirect_uris"));
    expect(error.description).toMatch(/^post_logout_redirect_uris: /);
  });
});

describe("checkOutboundUrl (without ALLOW_PRIVATE_OUTBOUND)", () => {
  it("accepts a public https URL", () => {
    expect(() => checkOutboundUrl("https://hooks.example.com/porta", "webhook.url")).not.toThrow();
  });

  it.each([
    ["http", "http://hooks.example.com/porta", /must use https/],
    ["ftp", "ftp://hooks.example.com/porta", /must use https/],
    ["relative", "/hook", /absolute/],
    ["credentials", "https://u:p@hooks.example.com/", /credentials/],
    ["fragment", "https://hooks.example.com/#x", /fragment/],
    ["127.0.0.1", "https://127.0.0.1/hook", /loopback or private/],
    ["127.1.2.3", "https://127.1.2.3/hook", /loopback or private/],
    ["localhost", "https://localhost/hook", /loopback or private/],
    ["10.0.0.1", "https://10.0.0.1/hook", /loopback or private/],
    ["172.16.5.4", "https://172.16.5.4/hook", /loopback or private/],
    ["192.168.1.1", "https://192.168.1.1/hook", /loopback or private/],
    ["169.254.169.254", "https://169.254.169.254/latest", /loopback or private/],
    ["[::1]", "https://[::1]/hook", /loopback or private/],
    ["[fd00::1]", "https://[fd00::1]/hook", /loopback or private/],
    ["[::ffff:127.0.0.1]", "https://[::ffff:127.0.0.1]/hook", /loopback or private/],
    ["[::ffff:10.0.0.1]", "https://[::ffff:10.0.0.1]/hook", /loopback or private/],
    ["decimal 2130706433", "https://2130706433/hook", /loopback or private/],
    ["hex 0x7f000001", "https://0x7f000001/hook", /loopback or private/],
  ])("refuses %s → invalid_client_metadata", (_what, url, why) => {
    const error = oauthErrorOf(() => checkOutboundUrl(url, "webhook.url"));
    expect(error.code).toBe("invalid_client_metadata");
    expect(error.description).toMatch(/^webhook\.url /);
    expect(error.description).toMatch(why);
  });
});

describe("validateClientMetadata", () => {
  it("fills the RFC 7591 defaults for a minimal confidential client", () => {
    const v = validateClientMetadata({ redirect_uris: [REDIRECT] }, "test");
    expect(v).toMatchObject({
      client_name: undefined,
      redirect_uris: [REDIRECT],
      post_logout_redirect_uris: [],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "RS256",
      require_pushed_authorization_requests: false,
      default_acr_values: [],
      scope_strategy: "dynamic",
      require_jti: false,
      consent_required: false,
    });
  });

  it("ignores unknown fields (RFC 7591 §2)", () => {
    const v = validateClientMetadata({ redirect_uris: [REDIRECT], logo_uri: "https://rp.example/logo.png", client_secret: "x" }, "test");
    expect(v).not.toHaveProperty("logo_uri");
    expect(v).not.toHaveProperty("client_secret");
  });

  it("trims client_name", () => {
    expect(validateClientMetadata({ redirect_uris: [REDIRECT], client_name: "  My RP  " }, "test").client_name).toBe("My RP");
  });

  it("derives response_types id_token from an implicit-only grant", () => {
    const v = validateClientMetadata({ redirect_uris: [REDIRECT], grant_types: ["implicit"] }, "test");
    expect(v.response_types).toEqual(["id_token"]);
    expect(v.grant_types).toEqual(["implicit"]);
  });

  it("derives grant_types from response_types when grant_types is absent", () => {
    const v = validateClientMetadata({ redirect_uris: [REDIRECT], response_types: ["code", "id_token"] }, "test");
    expect(v.grant_types).toEqual(["authorization_code", "implicit"]);
  });

  it("stores the CIBA and headless aliases under their standard names", () => {
    const v = validateClientMetadata(
      {
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code", "urn:ietf:params:oauth:grant-type:ciba", "urn:service:params:grant-type:headless"],
        backchannel_token_delivery_mode: "poll",
      },
      "test",
    );
    expect(v.grant_types).toEqual(["authorization_code", "urn:openid:params:grant-type:ciba", "urn:grn:params:grant-type:headless"]);
  });

  it("a CIBA-only confidential client needs no redirect URI and no response type", () => {
    const v = validateClientMetadata({ grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "poll" }, "test");
    expect(v.grant_types).toEqual(["urn:openid:params:grant-type:ciba"]);
    expect(v.response_types).toEqual([]);
    expect(v.redirect_uris).toEqual([]);
  });

  it("a CIBA ping client with a public https notification endpoint is accepted", () => {
    const v = validateClientMetadata(
      {
        grant_types: ["urn:openid:params:grant-type:ciba"],
        backchannel_token_delivery_mode: "ping",
        backchannel_client_notification_endpoint: "https://rp.example/ciba",
      },
      "test",
    );
    expect(v.backchannel_client_notification_endpoint).toBe("https://rp.example/ciba");
  });

  it("accepts private_key_jwt with a generated public JWKS", async () => {
    const { publicKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "k1", use: "sig" };
    const v = validateClientMetadata({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [jwk] } }, "test");
    expect(v.jwks?.keys[0]).toMatchObject({ kty: "RSA", kid: "k1", use: "sig" });
  });

  it("accepts private_key_jwt with an https jwks_uri", () => {
    const v = validateClientMetadata({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks_uri: "https://rp.example/jwks" }, "production");
    expect(v.jwks_uri).toBe("https://rp.example/jwks");
  });

  it("accepts encrypted ID tokens with an RSA enc key", async () => {
    const { publicKey } = await generateKeyPair("RSA-OAEP-256");
    const jwk = { ...(await exportJWK(publicKey)), use: "enc" };
    const v = validateClientMetadata({ redirect_uris: [REDIRECT], jwks: { keys: [jwk] }, id_token_encrypted_response_alg: "RSA-OAEP-256" }, "test");
    expect(v.id_token_encrypted_response_alg).toBe("RSA-OAEP-256");
  });

  it("offers the mock eID to test tenants only", () => {
    expect(validateClientMetadata({ redirect_uris: [REDIRECT], default_acr_values: ["urn:grn:authn:mock"] }, "test").default_acr_values).toEqual(["urn:grn:authn:mock"]);
    const error = oauthErrorOf(() => validateClientMetadata({ redirect_uris: [REDIRECT], default_acr_values: ["urn:grn:authn:mock"] }, "production"));
    expect(error.code).toBe("invalid_client_metadata");
    expect(error.description).toMatch(/not available in production/);
  });

  it("accepts static scopes for known acr values", () => {
    const v = validateClientMetadata(
      { redirect_uris: [REDIRECT], scope_strategy: "static", static_scopes: { "urn:grn:authn:se:bankid": ["openid", "ssn"] } },
      "production",
    );
    expect(v.static_scopes).toEqual({ "urn:grn:authn:se:bankid": ["openid", "ssn"] });
  });

  it("accepts a webhook with defaults and an unprotected whitelist", () => {
    const v = validateClientMetadata({ redirect_uris: [REDIRECT], webhook: { url: "https://hooks.example.com/x", claim_whitelist: ["email"] } }, "test");
    expect(v.webhook).toEqual({ url: "https://hooks.example.com/x", claim_whitelist: ["email"], timeout_ms: 10000 });
  });

  const ec = { kty: "EC", crv: "P-256", x: "x", y: "y" };
  const refused: [string, unknown, "invalid_redirect_uri" | "invalid_client_metadata", RegExp, ClientMetadataField | undefined][] = [
    ["a body that is not an object", [REDIRECT], "invalid_client_metadata", /JSON object/, undefined],
    ["null", null, "invalid_client_metadata", /JSON object/, undefined],
    ["missing redirect_uris", {}, "invalid_redirect_uri", /at least one redirect URI/, "redirect_uris"],
    ["redirect_uris that is a string", { redirect_uris: REDIRECT }, "invalid_redirect_uri", /^redirect_uris/, "redirect_uris"],
    ["a redirect URI that is not a string", { redirect_uris: [42] }, "invalid_redirect_uri", /^redirect_uris\.0/, "redirect_uris"],
    ["a redirect URI with a fragment", { redirect_uris: ["https://rp.example/cb#x"] }, "invalid_redirect_uri", /fragment/, "redirect_uris"],
    ["an unknown token_endpoint_auth_method", { redirect_uris: [REDIRECT], token_endpoint_auth_method: "tls_client_auth" }, "invalid_client_metadata", /^token_endpoint_auth_method/, "token_endpoint_auth_method"],
    ["an unknown response type", { redirect_uris: [REDIRECT], response_types: ["token"] }, "invalid_client_metadata", /^response_types/, "response_types"],
    ["empty response_types", { redirect_uris: [REDIRECT], response_types: [] }, "invalid_client_metadata", /^response_types/, "response_types"],
    ["empty grant_types", { redirect_uris: [REDIRECT], grant_types: [] }, "invalid_client_metadata", /grant_types must include authorization_code/, "grant_types"],
    ["an unsupported grant", { redirect_uris: [REDIRECT], grant_types: ["client_credentials"] }, "invalid_client_metadata", /client_credentials.*not supported/, "grant_types"],
    ["response_types id_token with only authorization_code", { redirect_uris: [REDIRECT], response_types: ["id_token"], grant_types: ["authorization_code"] }, "invalid_client_metadata", /must include implicit/, "grant_types"],
    ["response_types code with only implicit", { redirect_uris: [REDIRECT], response_types: ["code"], grant_types: ["implicit"] }, "invalid_client_metadata", /must include authorization_code/, "grant_types"],
    ["implicit without id_token", { redirect_uris: [REDIRECT], response_types: ["code"], grant_types: ["authorization_code", "implicit"] }, "invalid_client_metadata", /response_types must include id_token/, "response_types"],
    ["authorization_code without code", { redirect_uris: [REDIRECT], response_types: ["id_token"], grant_types: ["authorization_code", "implicit"] }, "invalid_client_metadata", /response_types must include code/, "response_types"],
    ["both jwks and jwks_uri", { redirect_uris: [REDIRECT], jwks: { keys: [ec] }, jwks_uri: "https://rp.example/jwks" }, "invalid_client_metadata", /mutually exclusive/, "jwks"],
    ["an empty jwks", { redirect_uris: [REDIRECT], jwks: { keys: [] } }, "invalid_client_metadata", /^jwks\.keys/, "jwks"],
    ["a private member d", { redirect_uris: [REDIRECT], jwks: { keys: [{ ...ec, d: "private" }] } }, "invalid_client_metadata", /private key members \(d\)/, "jwks"],
    ["RSA private members", { redirect_uris: [REDIRECT], jwks: { keys: [{ kty: "RSA", n: "n", e: "AQAB", p: "p", q: "q" }] } }, "invalid_client_metadata", /private key members \(p, q\)/, "jwks"],
    ["a symmetric key", { redirect_uris: [REDIRECT], jwks: { keys: [{ kty: "oct", k: "c2VjcmV0" }] } }, "invalid_client_metadata", /symmetric keys are not accepted/, "jwks"],
    ["duplicate kids", { redirect_uris: [REDIRECT], jwks: { keys: [{ ...ec, kid: "a" }, { ...ec, kid: "a" }] } }, "invalid_client_metadata", /kid must be unique/, "jwks"],
    ["private_key_jwt without keys", { redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata", /private_key_jwt requires jwks or jwks_uri/, "token_endpoint_auth_method"],
    ["an http jwks_uri", { redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks_uri: "http://rp.example/jwks" }, "invalid_client_metadata", /jwks_uri must use https/, "jwks_uri"],
    ["a private jwks_uri", { redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks_uri: "https://192.168.0.10/jwks" }, "invalid_client_metadata", /jwks_uri points to a loopback or private address/, "jwks_uri"],
    ["an unknown signing alg", { redirect_uris: [REDIRECT], id_token_signed_response_alg: "none" }, "invalid_client_metadata", /^id_token_signed_response_alg/, "id_token_signed_response_alg"],
    ["id token encryption without an enc key", { redirect_uris: [REDIRECT], jwks: { keys: [{ ...ec, use: "sig" }] }, id_token_encrypted_response_alg: "RSA-OAEP-256" }, "invalid_client_metadata", /RSA key with use "enc"/, "id_token_encrypted_response_alg"],
    ["an enc without its alg", { redirect_uris: [REDIRECT], userinfo_encrypted_response_enc: "A256GCM" }, "invalid_client_metadata", /userinfo_encrypted_response_enc requires userinfo_encrypted_response_alg/, "userinfo_encrypted_response_enc"],
    ["an unknown scope_strategy", { redirect_uris: [REDIRECT], scope_strategy: "fixed" }, "invalid_client_metadata", /^scope_strategy/, "scope_strategy"],
    ["static scopes for an unknown acr", { redirect_uris: [REDIRECT], static_scopes: { "urn:grn:authn:xx": ["openid"] } }, "invalid_client_metadata", /^static_scopes/, "static_scopes"],
    ["static scopes with an unknown scope", { redirect_uris: [REDIRECT], static_scopes: { "urn:grn:authn:se:bankid": ["profile"] } }, "invalid_client_metadata", /^static_scopes/, "static_scopes"],
    ["an unknown acr in default_acr_values", { redirect_uris: [REDIRECT], default_acr_values: ["urn:grn:authn:xx:nothing"] }, "invalid_client_metadata", /^default_acr_values\.0: is not a known acr value/, "default_acr_values"],
    ["a malformed tenant_id", { redirect_uris: [REDIRECT], tenant_id: "tenant-1" }, "invalid_client_metadata", /^tenant_id/, "tenant_id"],
    ["a public client with CIBA", { redirect_uris: [REDIRECT], grant_types: ["authorization_code", "urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "poll", token_endpoint_auth_method: "none" }, "invalid_client_metadata", /confidential client/, "token_endpoint_auth_method"],
    ["a public client with headless", { grant_types: ["urn:grn:params:grant-type:headless"], token_endpoint_auth_method: "none" }, "invalid_client_metadata", /confidential client/, "token_endpoint_auth_method"],
    ["CIBA without a delivery mode", { grant_types: ["urn:openid:params:grant-type:ciba"] }, "invalid_client_metadata", /backchannel_token_delivery_mode \(poll or ping\) is required/, "backchannel_token_delivery_mode"],
    ["CIBA push delivery", { grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "push" }, "invalid_client_metadata", /^backchannel_token_delivery_mode/, "backchannel_token_delivery_mode"],
    ["ping without a notification endpoint", { grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "ping" }, "invalid_client_metadata", /backchannel_client_notification_endpoint is required/, "backchannel_client_notification_endpoint"],
    ["a loopback notification endpoint", { grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "ping", backchannel_client_notification_endpoint: "https://127.0.0.1/ciba" }, "invalid_client_metadata", /loopback or private/, "backchannel_client_notification_endpoint"],
    ["an http webhook", { redirect_uris: [REDIRECT], webhook: { url: "http://hooks.example.com/x" } }, "invalid_client_metadata", /webhook\.url must use https/, "webhook"],
    ["a loopback webhook", { redirect_uris: [REDIRECT], webhook: { url: "https://127.0.0.1/x" } }, "invalid_client_metadata", /webhook\.url points to a loopback or private address/, "webhook"],
    ["a private webhook", { redirect_uris: [REDIRECT], webhook: { url: "https://10.0.0.1/x" } }, "invalid_client_metadata", /webhook\.url points to a loopback or private address/, "webhook"],
    ["a webhook setting sub", { redirect_uris: [REDIRECT], webhook: { url: "https://hooks.example.com/x", claim_whitelist: ["sub"] } }, "invalid_client_metadata", /sub is protected/, "webhook"],
    ["a webhook setting acr", { redirect_uris: [REDIRECT], webhook: { url: "https://hooks.example.com/x", claim_whitelist: ["name", "acr"] } }, "invalid_client_metadata", /acr is protected/, "webhook"],
    ["a webhook timeout below 1 s", { redirect_uris: [REDIRECT], webhook: { url: "https://hooks.example.com/x", timeout_ms: 500 } }, "invalid_client_metadata", /^webhook\.timeout_ms/, "webhook"],
    ["a blank client_name", { redirect_uris: [REDIRECT], client_name: " " }, "invalid_client_metadata", /^client_name/, "client_name"],
  ];

  it.each(refused)("refuses %s", (_what, input, code, why, field) => {
    const error = oauthErrorOf(() => validateClientMetadata(input, "test"));
    expect(error.code).toBe(code);
    expect(error.status).toBe(400);
    expect(error.description).toMatch(why);
    expect(error).toBeInstanceOf(ClientMetadataError);
    expect((error as ClientMetadataError).field).toBe(field);
  });

  it("names where inside the webhook the error is", () => {
    const at = (webhook: unknown) => (oauthErrorOf(() => validateClientMetadata({ redirect_uris: [REDIRECT], webhook }, "test")) as ClientMetadataError).path;
    expect(at({ url: "http://hooks.example.com/x" })).toEqual(["url"]);
    expect(at({ url: "https://hooks.example.com/x", claim_whitelist: ["sub"] })).toEqual(["claim_whitelist"]);
    expect(at({ url: "https://hooks.example.com/x", timeout_ms: 500 })).toEqual(["timeout_ms"]);
  });

  it("an eID that is not available is refused at the member that offers it", () => {
    const refusedMember = (input: Record<string, unknown>) =>
      (oauthErrorOf(() => validateClientMetadata({ redirect_uris: [REDIRECT], ...input }, "production")) as ClientMetadataError).field;
    expect(refusedMember({ default_acr_values: ["urn:grn:authn:mock"] })).toBe("default_acr_values");
    expect(refusedMember({ static_scopes: { "urn:grn:authn:mock": ["openid"] } })).toBe("static_scopes");
    expect(refusedMember({ enabled_acr_values: ["urn:grn:authn:mock"] })).toBe("enabled_acr_values");
  });

  it("the wire form of a refused member is only error and error_description", () => {
    const error = oauthErrorOf(() => validateClientMetadata({ redirect_uris: [REDIRECT], jwks: { keys: [] } }, "test"));
    expect(JSON.parse(JSON.stringify(error))).toEqual({ error: "invalid_client_metadata", error_description: "jwks.keys: must hold at least one key" });
  });

  it("checks post_logout_redirect_uris like redirect URIs", () => {
    const error = oauthErrorOf(() => validateClientMetadata({ redirect_uris: [REDIRECT], post_logout_redirect_uris: ["https://*.rp.example/"] }, "test"));
    expect(error.code).toBe("invalid_redirect_uri");
    expect(error.description).toMatch(/^post_logout_redirect_uris: .*wildcard/);
  });

  it("checks every redirect URI, not only the first", () => {
    const error = oauthErrorOf(() => validateClientMetadata({ redirect_uris: [REDIRECT, "http://rp.example/second"] }, "test"));
    expect(error.code).toBe("invalid_redirect_uri");
    expect(error.description).toContain("http://rp.example/second");
  });

  it("accepts webhook null as no webhook", () => {
    expect(validateClientMetadata({ redirect_uris: [REDIRECT], webhook: null }, "test").webhook).toBeNull();
  });
});
