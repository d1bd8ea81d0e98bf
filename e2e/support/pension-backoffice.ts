import { expect, type APIRequestContext } from "@playwright/test";
import { exportJWK, generateKeyPair } from "jose";
import { ADMIN_TOKEN } from "./porta";

export const SE_BANKID = "urn:grn:authn:se:bankid";
export const FTN = "urn:grn:authn:fi:bank-id";
const CIBA = "urn:openid:params:grant-type:ciba";
const HEADLESS = "urn:grn:params:grant-type:headless";

export interface RegisteredBackoffice {
  client_id: string;
  tenant_id: string;
  registration_client_uri: string;
  registration_access_token: string;
}

/**
 * Registers an application that uses nearly every setting the dashboard's application page shows:
 * CIBA and headless grants, private_key_jwt, signed and encrypted ID tokens and userinfo, PAR,
 * static scopes, consent and a webhook.
 */
export async function registerPensionBackoffice(request: APIRequestContext): Promise<RegisteredBackoffice> {
  const enc = await generateKeyPair("RSA-OAEP-256", { extractable: true });
  const sig = await generateKeyPair("ES256", { extractable: true });
  const response = await request.post("/oauth2/register", {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: {
      client_name: "Nordic Pension Backoffice",
      redirect_uris: ["https://pension.example/callback", "http://localhost:8400/callback"],
      post_logout_redirect_uris: ["https://pension.example/logged-out"],
      grant_types: ["authorization_code", CIBA, HEADLESS],
      token_endpoint_auth_method: "private_key_jwt",
      jwks: { keys: [{ ...(await exportJWK(enc.publicKey)), kid: "pension-enc", use: "enc", alg: "RSA-OAEP-256" }, { ...(await exportJWK(sig.publicKey)), kid: "pension-sig", use: "sig", alg: "ES256" }] },
      id_token_signed_response_alg: "PS256",
      id_token_encrypted_response_alg: "RSA-OAEP-256",
      userinfo_signed_response_alg: "ES256",
      userinfo_encrypted_response_alg: "RSA-OAEP-256",
      request_object_signing_alg: "ES256",
      token_endpoint_auth_signing_alg: "ES256",
      require_pushed_authorization_requests: true,
      backchannel_token_delivery_mode: "ping",
      backchannel_client_notification_endpoint: "https://pension.example/ciba/notify",
      enabled_acr_values: [SE_BANKID, FTN],
      default_acr_values: [SE_BANKID],
      scope_strategy: "static",
      static_scopes: { [SE_BANKID]: ["ssn"], [FTN]: ["ssn", "address"] },
      require_jti: true,
      consent_required: true,
      webhook: { url: "https://hooks.pension.example/porta", claim_whitelist: ["email"], timeout_ms: 4000 },
    },
  });
  const body = (await response.json()) as RegisteredBackoffice;
  expect(response.status(), JSON.stringify(body)).toBe(201);
  return body;
}
