/**
 * The screenshots in docs/screenshots (`npm run screenshots`): every main page of the dashboard
 * and of the hosted login at 1280 and 375 px, each in a state worth showing (a form with an
 * error, a list with rows, charts with data). The end-to-end tests check these pages; this file
 * only brings them into that state and takes the pictures, so it checks no more than it needs to
 * know the page is the one it means to show.
 */
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { BROKER_ACR_SUBSTANTIAL, startUpstreamBroker, type UpstreamBroker } from "../../tests/support/upstream-oidc";
import { fillEncryptionSettings, signIn } from "../support/dashboard";
import { FTN, registerPensionBackoffice, SE_BANKID } from "../support/pension-backoffice";

test.describe.configure({ mode: "serial" });

const SCREENSHOTS = path.resolve(__dirname, "../../docs/screenshots");
const MITID = "urn:grn:authn:dk:mitid:substantial";
const NO_BANKID = "urn:grn:authn:no:bankid";

/** Full-page screenshots at 1280 and 375 px into docs/screenshots/<name>-<width>.png. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function createTenant(page: Page, name: string, environment: "test" | "production"): Promise<string> {
  await page.goto("/dashboard");
  await page.locator("#tenant-name").fill(name);
  await page.locator("#tenant-environment").selectOption(environment);
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** Gives the tenant at `tenantPath` these domains on its domains page. */
async function saveDomains(page: Page, tenantPath: string, domains: string[]): Promise<void> {
  await page.goto(`${tenantPath}/domains`);
  await page.getByTestId("domains-input").fill(domains.join("\n"));
  await page.getByTestId("domains-save").click();
  await expect(page.getByTestId("domains-saved")).toBeVisible();
}

/** A page in a browser of its own (no dashboard or SSO session). */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

async function playground(page: Page, options: { acr: string[]; scopes?: string[]; prompt?: string }) {
  await page.goto("/playground");
  for (const acr of options.acr) await page.locator(`input[name="acr_values"][value="${acr}"]`).check();
  for (const scope of options.scopes ?? []) await page.locator(`input[name="scopes"][value="${scope}"]`).check();
  if (options.prompt) await page.locator('select[name="prompt"]').selectOption(options.prompt);
  await page.getByTestId("playground-start").click();
}

let webhook: Server;
let broker: UpstreamBroker;
let baseURL = "";
let acmePath = "";

test.beforeAll(async () => {
  baseURL = test.info().project.use.baseURL!;
  webhook = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
  broker = await startUpstreamBroker({ portaIssuer: baseURL });
});

test.afterAll(async () => {
  await new Promise((resolve) => webhook?.close(resolve));
  await broker?.close();
});

test.beforeEach(async ({ page }) => {
  page.on("dialog", (dialog) => void dialog.accept());
});

test("sign-in", async ({ page }) => {
  await page.goto("/dashboard/signin");
  await expect(page.getByTestId("signin-email")).toBeVisible();
  await shoot(page, "signin");
});

test("a test tenant: applications, an application, keys, API tokens, audit log", async ({ page }) => {
  await signIn(page);
  acmePath = await createTenant(page, "Acme Bank", "test");
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await shoot(page, "applications-empty");

  await page.getByTestId("new-application").first().click();
  await page.locator("#client_name").fill("Acme Online Banking");
  await page.locator("#redirect_uris").fill("http://rp.example/callback");
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("error-redirect_uris-error")).toBeVisible();
  await shoot(page, "application-form-error");

  await page.locator("#redirect_uris").fill("https://online.acme-bank.example/callback");
  await page.locator("#post_logout_redirect_uris").fill("https://online.acme-bank.example/logged-out");
  await page.locator("#token_endpoint_auth_method").selectOption("client_secret_post");
  await page.locator("#id_token_signed_response_alg").selectOption("PS256");
  await page.locator('input[name="scope_strategy"][value="static"]').check();
  for (const box of await page.locator('input[name="enabled_acr_values[]"]').all()) await box.uncheck();
  await page.locator(`input[name="enabled_acr_values[]"][value="${MITID}"]`).check();
  await page.locator(`input[name="enabled_acr_values[]"][value="${SE_BANKID}"]`).check();
  await page.locator(`input[name="default_acr_values[]"][value="${MITID}"]`).check();
  await page.locator(`input[name="static_scopes[${MITID}][]"][value="ssn"]`).check();
  await page.locator('input[name="require_jti"]').check();
  await page.locator('input[name="consent_required"]').check();
  await page.locator("#webhook_url").fill(`http://127.0.0.1:${(webhook.address() as { port: number }).port}/hooks/porta`);
  await page.locator("#webhook_claim_whitelist").fill("email, phone_number");
  await page.locator("#webhook_timeout_ms").fill("5000");
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("credentials")).toBeVisible();
  await page.getByTestId("open-application").click();
  await page.getByTestId("send-test-event").click();
  await expect(page.getByTestId("send-test-event-result")).toContainText("204");
  await page.reload();
  await expect(page.getByTestId("delivery-log")).toContainText("continue");
  await shoot(page, "application");

  await page.goto(acmePath);
  await expect(page.getByTestId("application-list")).toContainText("Acme Online Banking");
  await shoot(page, "applications");

  await page.goto(`${acmePath}/keys`);
  await expect(page.getByTestId("rotate-keys")).toBeVisible();
  await shoot(page, "keys");

  await page.goto(`${acmePath}/tokens`);
  await page.getByTestId("token-name").fill("CI deployment");
  await page.getByTestId("token-create").click();
  await expect(page.getByTestId("token-value")).toBeVisible();
  await shoot(page, "tokens");

  await page.goto(`${acmePath}/audit`);
  await expect(page.getByTestId("audit-action").first()).toBeVisible();
  await shoot(page, "audit");
});

test("a production application: FTN refused without encrypted ID tokens, then saved with them", async ({ page }) => {
  await signIn(page);
  await createTenant(page, "Suomi Pension", "production");
  await page.getByTestId("new-application").first().click();
  await page.locator("#client_name").fill("Suomi Pension Online");
  await page.locator("#redirect_uris").fill("https://pension.example/callback");
  await page.locator(`input[name="enabled_acr_values[]"][value="${FTN}"]`).check();
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("error-id_token_encrypted_response_alg-error")).toBeVisible();
  await shoot(page, "application-ftn-refused");

  await fillEncryptionSettings(page);
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("credentials")).toBeVisible();
  await page.getByTestId("open-application").click();
  await expect(page.getByTestId("jwks-keys")).toContainText("pension-enc-1");
  await shoot(page, "application-encryption");
});

test("a production tenant's domains, and a domain another tenant holds", async ({ page }) => {
  await signIn(page);
  const pensionPath = await createTenant(page, "Fjord Pension", "production");
  await saveDomains(page, pensionPath, ["login.fjord-pension.example", "fjord.localhost:3000"]);
  await shoot(page, "domains");

  await page.goto(`${acmePath}/domains`);
  await page.getByTestId("domains-input").fill("login.fjord-pension.example");
  await page.getByTestId("domains-save").click();
  await expect(page.getByTestId("error-domains-error")).toBeVisible();
  await shoot(page, "domains-taken");
});

test("an application with CIBA, headless and encryption settings, and a refused change", async ({ page, request }) => {
  const body = await registerPensionBackoffice(request);
  await signIn(page);
  await page.goto(`/dashboard/t/${body.tenant_id}/applications/${encodeURIComponent(body.client_id)}`);
  await expect(page.getByTestId("grant-ciba")).toBeChecked();
  await shoot(page, "application-settings");

  await page.getByLabel("CIBA token delivery mode").selectOption("");
  await page.locator("#client_name").fill("Renamed while invalid");
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("error-backchannel_token_delivery_mode-error")).toBeVisible();
  await shoot(page, "application-settings-error");
});

test("eID connections: an upstream OpenID Connect broker, Porta's key for private_key_jwt, Swedish BankID, a test tenant", async ({ page }) => {
  await signIn(page);
  const tenantPath = await createTenant(page, "Nordic Pension", "production");
  // A production tenant is served only on its own domains: the redirect URI and Porta's keys are shown on them.
  await saveDomains(page, tenantPath, ["login.nordic-pension.example"]);
  await page.goto(`${tenantPath}/eids/dk-mitid`);
  await page.locator("#issuer").fill(broker.issuer);
  await page.locator("#clientId").fill(broker.clientId);
  await page.locator("#clientSecret").fill(broker.clientSecret);
  await page.locator("#scopes").fill("profile ssn");
  await page.locator(`input[name="acrValues[${MITID}]"]`).fill(BROKER_ACR_SUBSTANTIAL);
  await page.locator('input[name="claimMapping[cprNumberIdentifier]"]').fill("dk.cpr");
  await page.locator("#personKeyClaim").fill("dk.mitid.uuid");
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("error-scopes-error")).toBeVisible();
  await shoot(page, "eid-connection-form-error");

  await page.locator("#scopes").fill("openid profile ssn");
  await page.locator("#clientSecret").fill(broker.clientSecret);
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  await page.getByTestId("test-connection").click();
  await expect(page.getByTestId("connection-status").getByTestId("last-check")).toHaveAttribute("data-ok", "true");
  await shoot(page, "eid-connection");

  await page.getByRole("link", { name: "All eIDs" }).click();
  await expect(page.locator('[data-testid="eid-connection-row"][data-family="dk-mitid"]').getByTestId("connection-state")).toHaveAttribute("data-state", "enabled");
  await shoot(page, "eids");

  await page.goto(`${tenantPath}/eids/no-bankid`);
  await page.locator("#issuer").fill(broker.issuer);
  await page.locator("#clientId").fill("porta-no");
  await page.locator("#clientAuth").selectOption("private_key_jwt");
  await page.getByTestId("connection-enabled").uncheck();
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("connection-jwks")).toBeVisible();
  await shoot(page, "eid-connection-private-key-jwt");

  await page.goto(`${tenantPath}/eids/se-bankid`);
  await page.locator("#endpoint").selectOption("https://appapi2.test.bankid.com/rp/v6.0");
  await page.locator("#caCertificate").fill("-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2E=\n-----END CERTIFICATE-----");
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("error-pkcs12-error")).toBeVisible();
  await shoot(page, "eid-connection-bankid");

  const sandbox = await createTenant(page, "Nordic Pension Sandbox", "test");
  await page.goto(`${sandbox}/eids`);
  await expect(page.getByTestId("eid-simulators")).toBeVisible();
  await shoot(page, "eids-test-tenant");
});

test("admins: an invitation, and the page the invited person opens", async ({ page, browser }) => {
  await signIn(page);
  const tenantPath = await createTenant(page, "Harbour Mutual", "production");
  await page.goto(`${tenantPath}/admins`);
  await page.getByTestId("invite-email").fill("maja@harbour.example");
  await page.getByTestId("invite-role").selectOption("member");
  await page.getByTestId("invite-submit").click();
  const inviteUrl = (await page.getByTestId("invite-url").innerText()).trim();
  await shoot(page, "admins");

  const invited = await freshPage(browser);
  await invited.goto(inviteUrl);
  await expect(invited.getByTestId("invite-summary")).toContainText("Harbour Mutual");
  await shoot(invited, "invite-accept");
  await invited.context().close();
});

test("analytics of the Demo tenant after logins through the playground", async ({ page, browser }) => {
  for (const acr of [MITID, SE_BANKID, NO_BANKID]) {
    await playground(page, { acr: [acr] });
    await expect(page.getByTestId("test-identity")).toBeVisible();
    await page.getByTestId("eid-approve").click();
    await expect(page.getByTestId("playground-status")).toContainText("Login succeeded");
  }
  const cancelled = await freshPage(browser);
  await playground(cancelled, { acr: [MITID] });
  await cancelled.getByTestId("eid-cancel").click();
  await expect(cancelled.getByTestId("playground-error")).toHaveText("access_denied");
  await playground(cancelled, { acr: [MITID], prompt: "none" });
  await expect(cancelled.getByTestId("playground-error")).toHaveText("login_required");
  await cancelled.context().close();

  await signIn(page);
  await page.getByTestId("tenant-list").getByRole("link", { name: /^Demo/ }).click();
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByTestId("chart-logins").locator(".recharts-wrapper > svg")).toBeVisible();
  await expect(page.getByTestId("figure-logins")).not.toHaveText("0");
  await shoot(page, "analytics");
});

test("the admin API reference", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("api-reference-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin API reference");
  const body = page.locator("#op-createTenant").getByTestId("api-request-body");
  await body.getByText("Request body (JSON)").click();
  await expect(body.getByText("environment", { exact: true })).toBeVisible();
  await shoot(page, "admin-api-reference");
});

test("the hosted login: the eID choice, an eID simulator, consent, the error page; the playground and its result", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto("/playground");
  await expect(page.getByTestId("playground-client-id")).toHaveText("porta-demo");
  await shoot(page, "playground");

  await playground(page, { acr: [MITID, SE_BANKID, NO_BANKID] });
  await expect(page.getByTestId("eid-option")).toHaveCount(3);
  await shoot(page, "login-selection");
  await page.locator(`[data-testid="eid-option"][data-acr="${MITID}"]`).click();
  await expect(page.getByTestId("test-identity")).toBeVisible();
  await shoot(page, "login-mitid");
  await page.getByTestId("eid-approve").click();
  await expect(page.getByTestId("playground-status")).toContainText("Login succeeded");
  await shoot(page, "playground-result");

  const consent = new URLSearchParams({ client_id: "porta-demo", redirect_uri: `${baseURL}/playground/callback`, response_type: "code", scope: "openid ssn email", acr_values: MITID, prompt: "consent", state: "shots", nonce: "shots" });
  await page.goto(`/oauth2/authorize?${consent}`);
  // The session answers for MitID; should the eID ask again, the person approves there first.
  await page.getByTestId("consent-scopes").or(page.getByTestId("eid-approve")).waitFor();
  if (await page.getByTestId("eid-approve").isVisible()) await page.getByTestId("eid-approve").click();
  await expect(page.getByTestId("consent-scopes")).toBeVisible();
  await shoot(page, "login-consent");

  await page.goto("/oauth2/authorize?client_id=no-such-client&response_type=code&scope=openid");
  await expect(page.getByTestId("error")).toHaveText("invalid_client");
  await shoot(page, "login-error");
  await page.context().close();
});
