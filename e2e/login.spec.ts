/**
 * The hosted login in a real browser: the playground (confidential client) and an outside
 * relying party on loopback (public client with PKCE), through selection, eID simulator,
 * consent, SSO, prompt handling, cancel and logout.
 */
import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { registerClient } from "./support/porta";
import { startRelyingParty, type RelyingParty } from "./support/rp-server";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const SE_BANKID = "urn:grn:authn:se:bankid";
const NO_BANKID = "urn:grn:authn:no:bankid";

async function playground(page: Page, options: { acr?: string[]; scopes?: string[]; prompt?: string; responseType?: string; responseMode?: string; loginHint?: string }) {
  await page.goto("/playground");
  for (const acr of options.acr ?? []) await page.locator(`input[name="acr_values"][value="${acr}"]`).check();
  for (const scope of options.scopes ?? []) await page.locator(`input[name="scopes"][value="${scope}"]`).check();
  if (options.prompt) await page.locator('select[name="prompt"]').selectOption(options.prompt);
  if (options.responseType) await page.locator('select[name="response_type"]').selectOption(options.responseType);
  if (options.responseMode) await page.locator('select[name="response_mode"]').selectOption(options.responseMode);
  if (options.loginHint) await page.locator('input[name="login_hint"]').fill(options.loginHint);
  await page.getByTestId("playground-start").click();
}

async function approve(page: Page, identityIndex = 0) {
  await expect(page.getByTestId("test-identity")).toBeVisible();
  if (identityIndex > 0) {
    const value = await page.getByTestId("test-identity").locator("option").nth(identityIndex).getAttribute("value");
    await page.getByTestId("test-identity").selectOption(value!);
  }
  await page.getByTestId("eid-approve").click();
}

async function resultClaims(page: Page): Promise<Record<string, unknown>> {
  await expect(page).toHaveURL(/\/playground\/result$/);
  await expect(page.getByTestId("playground-status")).toContainText("Login succeeded");
  return JSON.parse((await page.getByTestId("playground-id-token").innerText()).trim()) as Record<string, unknown>;
}

async function resultError(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/playground\/result$/);
  return (await page.getByTestId("playground-error").innerText()).trim();
}

test.describe("code flow", () => {
  test("confidential client (playground): MitID with action and message, ID token and userinfo", async ({ page }) => {
    const message = Buffer.from("Log in to E2E Bank to see your accounts").toString("base64url");
    await playground(page, { acr: [MITID], scopes: ["ssn", "address"], loginHint: `action:approve message:${message}` });
    await expect(page).toHaveURL(/\/login\/[0-9a-f-]{36}\/eid$/);
    await expect(page.getByTestId("eid-app-text")).toContainText("Approve at Porta playground");
    await expect(page.getByTestId("eid-app-text")).toContainText("Log in to E2E Bank to see your accounts");
    await approve(page);
    const claims = await resultClaims(page);
    expect(claims).toMatchObject({ acr: MITID, identityscheme: "dkmitid", cprNumberIdentifier: "1406851237" });
    expect(claims.address).toBeTruthy();
    await expect(page.getByTestId("playground-userinfo")).toContainText("1406851237");
  });

  test("public client with PKCE at an outside relying party", async ({ page, request, baseURL }) => {
    const rp = await startRelyingParty();
    try {
      const client = await registerClient(request, { redirect_uris: [rp.callback], token_endpoint_auth_method: "none" });
      const verifier = randomBytes(32).toString("base64url");
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const url = `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: rp.callback, response_type: "code", scope: "openid ssn", acr_values: NO_BANKID, state: "st-pkce", nonce: "n-pkce", code_challenge: challenge, code_challenge_method: "S256" })}`;
      await page.goto(url);
      await approve(page, 1);
      const params = await rp.nextResponse();
      expect(params).toMatchObject({ state: "st-pkce", iss: baseURL });
      const token = await request.post("/oauth2/token", {
        form: { grant_type: "authorization_code", code: params.code!, redirect_uri: rp.callback, client_id: client.client_id, code_verifier: verifier },
      });
      expect(token.status()).toBe(200);
      const { id_token } = (await token.json()) as { id_token: string };
      const { payload } = await jwtVerify(id_token, createRemoteJWKSet(new URL(`${baseURL}/.well-known/jwks`)), { issuer: baseURL, audience: client.client_id });
      expect(payload).toMatchObject({ nonce: "n-pkce", acr: NO_BANKID, socialno: "05106334570" });
    } finally {
      await rp.close();
    }
  });
});

test.describe("implicit", () => {
  test("id_token in the fragment", async ({ page }) => {
    await playground(page, { acr: [SE_BANKID], responseType: "id_token", responseMode: "fragment" });
    await approve(page);
    const claims = await resultClaims(page);
    expect(claims).toMatchObject({ acr: SE_BANKID, identityscheme: "sebankid" });
    expect(JSON.parse(await page.getByTestId("playground-response").innerText())).toHaveProperty("id_token");
  });

  test("id_token by form_post", async ({ page }) => {
    await playground(page, { acr: [SE_BANKID], responseType: "id_token", responseMode: "form_post" });
    await approve(page, 2);
    const claims = await resultClaims(page);
    expect(claims).toMatchObject({ acr: SE_BANKID, given_name: "Sara" });
  });
});

test.describe("selection, sessions and prompts", () => {
  test("several acr_values show the selection screen; the chosen eID runs", async ({ page }) => {
    await playground(page, { acr: [MITID, SE_BANKID, NO_BANKID] });
    await expect(page).toHaveURL(/\/login\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("eid-option")).toHaveCount(3);
    await expect(page.locator(`[data-testid="eid-option"][data-acr="${SE_BANKID}"]`)).toBeVisible();
    await page.locator(`[data-testid="eid-option"][data-acr="${NO_BANKID}"]`).click();
    await approve(page);
    expect((await resultClaims(page)).acr).toBe(NO_BANKID);
  });

  test("SSO: a second login reuses the session; prompt=login asks again", async ({ page }) => {
    await playground(page, { acr: [MITID] });
    await approve(page, 1);
    const first = await resultClaims(page);

    await playground(page, { acr: [MITID] });
    const second = await resultClaims(page); // no eID page in between
    expect(second.sub).toBe(first.sub);
    expect(second.sid).toBe(first.sid);
    expect(second.auth_time).toBe(first.auth_time);

    await playground(page, { acr: [MITID], prompt: "login" });
    await expect(page.getByTestId("test-identity")).toBeVisible();
    await approve(page, 1);
    const third = await resultClaims(page);
    expect(third.sub).toBe(first.sub);
    expect(third.sid).not.toBe(first.sid);
  });

  test("prompt=none without a session → login_required", async ({ page }) => {
    await playground(page, { acr: [MITID], prompt: "none" });
    expect(await resultError(page)).toBe("login_required");
  });

  test("cancel on the eID page and on the selection screen → access_denied", async ({ page }) => {
    await playground(page, { acr: [MITID] });
    await page.getByTestId("eid-cancel").click();
    expect(await resultError(page)).toBe("access_denied");

    await playground(page, { acr: [MITID, SE_BANKID] });
    await page.getByTestId("login-cancel").click();
    expect(await resultError(page)).toBe("access_denied");
  });

  test("logout ends the session: prompt=none afterwards → login_required", async ({ page }) => {
    await playground(page, { acr: [SE_BANKID] });
    await approve(page);
    await resultClaims(page);
    await page.goto("/playground");
    await page.getByTestId("playground-logout").click();
    await expect(page.getByTestId("logged-out")).toBeVisible();
    await playground(page, { acr: [SE_BANKID], prompt: "none" });
    expect(await resultError(page)).toBe("login_required");
  });
});

test.describe("consent", () => {
  let rp: RelyingParty;
  test.beforeAll(async () => {
    rp = await startRelyingParty();
  });
  test.afterAll(async () => {
    await rp.close();
  });

  test("accept is remembered; decline → access_denied", async ({ page, request }) => {
    const client = await registerClient(request, { redirect_uris: [rp.callback], consent_required: true, client_name: "Consent Bank" });
    const authorize = (extra: Record<string, string> = {}) =>
      `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: rp.callback, response_type: "code", scope: "openid ssn email", acr_values: MITID, state: "c", ...extra })}`;

    await page.goto(authorize());
    await approve(page);
    await expect(page).toHaveURL(/\/consent$/);
    await expect(page.getByTestId("consent-scopes")).toContainText("Your national identity number");
    await page.getByTestId("consent-accept").click();
    expect(await rp.nextResponse()).toHaveProperty("code");

    await page.goto(authorize()); // remembered: straight back with a code
    expect(await rp.nextResponse()).toHaveProperty("code");

    await page.goto(authorize({ prompt: "consent" }));
    await page.getByTestId("consent-decline").click();
    expect(await rp.nextResponse()).toMatchObject({ error: "access_denied", state: "c" });
  });
});
