/**
 * The dashboard loses nothing (whatever registration can set, its page shows and saves back), in
 * the browser: an application registered through RFC 7591 with CIBA and headless grants, ping
 * delivery and encrypted tokens shows every setting on its page; saving it untouched leaves its
 * RFC 7592 configuration exactly as it was, changing one input changes only that member, and a
 * refused change shows its error at the input and changes nothing.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { exportJWK, generateKeyPair } from "jose";
import { signIn } from "./support/dashboard";
import { ADMIN_TOKEN } from "./support/porta";

test.describe.configure({ mode: "serial" });

const BANKID = "urn:grn:authn:se:bankid";
const FTN = "urn:grn:authn:fi:bank-id";
const CIBA = "urn:openid:params:grant-type:ciba";
const HEADLESS = "urn:grn:params:grant-type:headless";

let pagePath = "";
let registrationUri = "";
let registrationToken = "";

async function configuration(request: APIRequestContext): Promise<Record<string, unknown>> {
  const response = await request.get(registrationUri, { headers: { Authorization: `Bearer ${registrationToken}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

test.beforeAll(async ({ request }) => {
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
      enabled_acr_values: [BANKID, FTN],
      default_acr_values: [BANKID],
      scope_strategy: "static",
      static_scopes: { [BANKID]: ["ssn"], [FTN]: ["ssn", "address"] },
      require_jti: true,
      consent_required: true,
      webhook: { url: "https://hooks.pension.example/porta", claim_whitelist: ["email"], timeout_ms: 4000 },
    },
  });
  const body = (await response.json()) as { client_id: string; tenant_id: string; registration_client_uri: string; registration_access_token: string };
  expect(response.status(), JSON.stringify(body)).toBe(201);
  pagePath = `/dashboard/t/${body.tenant_id}/applications/${encodeURIComponent(body.client_id)}`;
  registrationUri = body.registration_client_uri;
  registrationToken = body.registration_access_token;
});

test("the page shows the CIBA, headless and encryption settings; saving it untouched changes nothing", async ({ page, request }) => {
  const before = await configuration(request);
  await signIn(page);
  await page.goto(pagePath);
  await expect(page.getByTestId("grant-ciba")).toBeChecked();
  await expect(page.getByTestId("grant-headless")).toBeChecked();
  await expect(page.getByTestId("grant-authorization-code")).toBeChecked();
  await expect(page.getByTestId("grant-implicit")).not.toBeChecked();
  await expect(page.getByLabel("CIBA token delivery mode")).toHaveValue("ping");
  await expect(page.getByLabel("Client notification endpoint")).toHaveValue("https://pension.example/ciba/notify");
  await expect(page.locator("#id_token_encrypted_response_alg")).toHaveValue("RSA-OAEP-256");
  await expect(page.locator("#userinfo_signed_response_alg")).toHaveValue("ES256");
  await expect(page.locator("#request_object_signing_alg")).toHaveValue("ES256");
  await expect(page.locator("#token_endpoint_auth_signing_alg")).toHaveValue("ES256");
  await expect(page.getByTestId("require-par")).toBeChecked();

  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  expect(await configuration(request)).toEqual(before);
  await page.reload();
  await expect(page.getByLabel("CIBA token delivery mode")).toHaveValue("ping");
});

test("changing the delivery mode changes only that member", async ({ page, request }) => {
  const before = await configuration(request);
  await signIn(page);
  await page.goto(pagePath);
  await page.getByLabel("CIBA token delivery mode").selectOption("poll");
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  expect(await configuration(request)).toEqual({ ...before, backchannel_token_delivery_mode: "poll" });
});

test("a refused change shows the error at its input, keeps what was typed, and changes nothing", async ({ page, request }) => {
  const before = await configuration(request);
  await signIn(page);
  await page.goto(pagePath);
  await page.getByLabel("CIBA token delivery mode").selectOption("");
  await page.locator("#client_name").fill("Renamed while invalid");
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("error-backchannel_token_delivery_mode-error")).toContainText("required with the CIBA grant");
  await expect(page.getByLabel("CIBA token delivery mode")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#client_name")).toHaveValue("Renamed while invalid");
  expect(await configuration(request)).toEqual(before);
});
