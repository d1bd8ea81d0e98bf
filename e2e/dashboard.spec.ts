/**
 * The admin dashboard end to end: sign in, create a tenant and an application with every setting,
 * see the secret once, log a user in with it, change a redirect URL and see the old one refused,
 * rotate keys and see the JWKS change, create an API token and register with it, read the audit
 * log, sign out; in a production tenant, FTN refused without encrypted ID tokens and saved with
 * them.
 */
import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { ADMIN_EMAIL as EMAIL, fillEncryptionSettings, signIn } from "./support/dashboard";
import { startRelyingParty, type RelyingParty } from "./support/rp-server";

test.describe.configure({ mode: "serial" });

let rp: RelyingParty;
let webhook: Server;
let webhookUrl = "";
let tenantPath = "";
let clientId = "";
let clientSecret = "";

test.beforeAll(async () => {
  rp = await startRelyingParty();
  webhook = createServer((_req, res) => res.writeHead(204).end());
  await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as { port: number }).port}/hooks/porta`;
});

test.afterAll(async () => {
  await rp.close();
  await new Promise((resolve) => webhook.close(resolve));
});

test.beforeEach(async ({ page }) => {
  page.on("dialog", (dialog) => void dialog.accept());
});

test("sign-in refuses a wrong password and keeps the email", async ({ page }) => {
  await page.goto("/dashboard/signin");
  await page.getByTestId("signin-email").fill(EMAIL);
  await page.getByTestId("signin-password").fill("not the password");
  await page.getByTestId("signin-submit").click();
  await expect(page.getByTestId("signin-error")).toHaveText("Wrong email or password.");
  await expect(page.getByTestId("signin-email")).toHaveValue(EMAIL);
});

test("create a tenant and an application with every setting; the secret is shown once", async ({ page }) => {
  await signIn(page, { form: true });
  await page.locator("#tenant-name").fill("Acme Bank");
  await page.locator("#tenant-environment").selectOption("test");
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  tenantPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("empty-state")).toBeVisible();

  await page.getByTestId("new-application").first().click();
  await page.locator("#client_name").fill("Acme Online Banking");
  await page.locator("#redirect_uris").fill("http://rp.example/callback");
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("error-redirect_uris-error")).toContainText("must use https");
  await expect(page.locator("#client_name")).toHaveValue("Acme Online Banking"); // kept on error

  await page.locator("#redirect_uris").fill(rp.callback);
  await page.locator("#post_logout_redirect_uris").fill(`${rp.origin}/logged-out`);
  await page.locator("#token_endpoint_auth_method").selectOption("client_secret_post");
  await page.locator("#id_token_signed_response_alg").selectOption("PS256");
  await page.locator('input[name="scope_strategy"][value="static"]').check();
  // eIDs: MitID (substantial) and Swedish BankID only; MitID by default, releasing the CPR number statically.
  for (const box of await page.locator('input[name="enabled_acr_values[]"]').all()) await box.uncheck();
  await page.locator('input[name="enabled_acr_values[]"][value="urn:grn:authn:dk:mitid:substantial"]').check();
  await page.locator('input[name="enabled_acr_values[]"][value="urn:grn:authn:se:bankid"]').check();
  await page.locator('input[name="default_acr_values[]"][value="urn:grn:authn:dk:mitid:substantial"]').check();
  await page.locator('input[name="static_scopes[urn:grn:authn:dk:mitid:substantial][]"][value="ssn"]').check();
  await page.locator('input[name="require_jti"]').check();
  await page.locator('input[name="consent_required"]').check();
  await page.locator("#webhook_url").fill(webhookUrl);
  await page.locator("#webhook_claim_whitelist").fill("email, phone_number");
  await page.locator("#webhook_timeout_ms").fill("5000");
  await page.getByTestId("application-submit").click();

  await expect(page.getByTestId("credentials")).toBeVisible();
  clientId = (await page.getByTestId("created-client-id").innerText()).trim();
  clientSecret = (await page.getByTestId("created-client-secret").innerText()).trim();
  expect(clientSecret.length).toBeGreaterThanOrEqual(43);
  await page.getByTestId("open-application").click();
  await expect(page.getByTestId("app-client-id")).toHaveText(clientId);
  await expect(page.locator("body")).not.toContainText(clientSecret); // never shown again
  await page.getByTestId("send-test-event").click();
  await expect(page.getByTestId("send-test-event-result")).toContainText("204");
  await page.reload();
  await expect(page.getByTestId("delivery-log")).toContainText("continue");
  await page.goto(tenantPath);
  await expect(page.getByTestId("application-list")).toContainText("Acme Online Banking");
});

test("the new application logs a user in, with its settings applied", async ({ page, request, baseURL }) => {
  await page.goto(`/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: rp.callback, response_type: "code", scope: "openid", state: "dash", nonce: "dash-n" })}`);
  await page.getByTestId("eid-approve").click(); // the default eID (MitID) without a selection screen
  await page.getByTestId("consent-accept").click();
  const response = await rp.nextResponse();
  const token = await request.post("/oauth2/token", { form: { grant_type: "authorization_code", code: response.code!, redirect_uri: rp.callback, client_id: clientId, client_secret: clientSecret } });
  expect(token.status()).toBe(200);
  const { id_token } = (await token.json()) as { id_token: string };
  expect(decodeProtectedHeader(id_token).alg).toBe("PS256");
  const claims = decodeJwt(id_token);
  expect(claims).toMatchObject({ iss: baseURL, aud: clientId, acr: "urn:grn:authn:dk:mitid:substantial", cprNumberIdentifier: "1406851237" });
});

test("editing the redirect URL makes the old one refused at authorize", async ({ page }) => {
  await signIn(page);
  await page.goto(`${tenantPath}/applications/${encodeURIComponent(clientId)}`);
  await page.locator("#redirect_uris").fill(`${rp.origin}/callback-v2`);
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  await page.goto(`/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: rp.callback, response_type: "code", scope: "openid" })}`);
  await expect(page.getByTestId("error")).toHaveText("invalid_redirect_uri");
});

test("rotating keys changes the JWKS", async ({ page, request }) => {
  await signIn(page);
  const kids = async () => ((await (await request.get("/.well-known/jwks")).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid).sort();
  const before = await kids();
  await page.goto(`${tenantPath}/keys`);
  await page.getByTestId("rotate-keys").click();
  await expect(page.getByTestId("rotate-keys-result")).toContainText("Rotated");
  const after = await kids();
  expect(after).not.toEqual(before);
  expect(after.length).toBe(before.length + 3); // three new "next" keys; the retired ones stay published
});

test("an API token registers a client in its tenant; the audit log shows every step; sign out", async ({ page, request }) => {
  await signIn(page);
  await page.goto(`${tenantPath}/tokens`);
  await page.getByTestId("token-name").fill("CI deployment");
  await page.getByTestId("token-create").click();
  const token = (await page.getByTestId("token-value").innerText()).trim();
  const registered = await request.post("/oauth2/register", { headers: { Authorization: `Bearer ${token}` }, data: { client_name: "Registered by CI", redirect_uris: ["https://ci.example/cb"] } });
  expect(registered.status()).toBe(201);
  expect(((await registered.json()) as { tenant_id: string }).tenant_id).toBe(tenantPath.split("/").pop());

  await page.goto(`${tenantPath}/audit`);
  const actions = await page.getByTestId("audit-action").allInnerTexts();
  for (const expected of ["tenant.create", "application.create", "application.update", "keys.rotate.oidc", "admin_token.create"]) expect(actions).toContain(expected);
  expect(actions.filter((a) => a === "application.create")).toHaveLength(2); // the dashboard's and the API token's
  await expect(page.locator("body")).not.toContainText(clientSecret);

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/dashboard\/signin/);
  await page.goto(`${tenantPath}/audit`);
  await expect(page).toHaveURL(/\/dashboard\/signin\?callbackUrl=/);
});

test("a production application: FTN is refused without encrypted ID tokens, then saved with an encryption key", async ({ page }) => {
  await signIn(page);
  await page.locator("#tenant-name").fill("Suomi Pension");
  await page.locator("#tenant-environment").selectOption("production");
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  await page.getByTestId("new-application").first().click();
  // FTN starts unchecked in a production tenant, and the table says why.
  const ftn = page.locator('input[name="enabled_acr_values[]"][value="urn:grn:authn:fi:bank-id"]');
  await expect(ftn).not.toBeChecked();
  await expect(page.getByTestId("needs-encryption")).toHaveCount(3);
  await page.locator("#client_name").fill("Suomi Pension Online");
  await page.locator("#redirect_uris").fill("https://pension.example/callback");
  await ftn.check();
  await page.getByTestId("application-submit").click();
  const refusal = page.getByTestId("error-id_token_encrypted_response_alg-error");
  await expect(refusal).toContainText("Finnish bank ID (urn:grn:authn:fi:bank-id) requires encrypted ID tokens");
  await expect(page.locator("#id_token_encrypted_response_alg")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("eids-need-encryption")).toBeVisible(); // also where FTN was checked
  await expect(ftn).toBeChecked(); // what was chosen is kept
  await expect(page.locator("#client_name")).toHaveValue("Suomi Pension Online");

  await fillEncryptionSettings(page);
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("credentials")).toBeVisible();
  const created = (await page.getByTestId("created-client-id").innerText()).trim();
  await page.getByTestId("open-application").click();
  await expect(page.getByTestId("app-client-id")).toHaveText(created);
  await expect(page.getByTestId("jwks-keys")).toContainText("pension-enc-1 · RSA · RSA-OAEP-256 · use enc");
  await expect(page.locator("#id_token_encrypted_response_alg")).toHaveValue("RSA-OAEP-256");
  await expect(page.locator("#id_token_encrypted_response_enc")).toHaveValue("A256GCM");
  await expect(page.locator("#userinfo_signed_response_alg")).toHaveValue("ES256");
  await expect(page.locator("#userinfo_encrypted_response_alg")).toHaveValue("RSA-OAEP-256");
  await expect(ftn).toBeChecked();

  // Turning the encryption off while FTN stays enabled is refused, and nothing changes.
  await page.locator("#id_token_encrypted_response_alg").selectOption("");
  await page.getByTestId("application-submit").click();
  await expect(refusal).toContainText("requires encrypted ID tokens");
  await page.reload();
  await expect(page.locator("#id_token_encrypted_response_alg")).toHaveValue("RSA-OAEP-256");
});

test("a production tenant's domains: served nowhere until it has one, each domain's issuer, a taken domain refused", async ({ page }) => {
  await signIn(page);
  // The form says where each kind of tenant is served.
  await expect(page.getByTestId("tenant-environment-note")).toContainText("A production tenant is served only on its own domains");
  await page.locator("#tenant-name").fill("Fjord Pension");
  await page.locator("#tenant-environment").selectOption("production");
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  const pensionPath = new URL(page.url()).pathname;
  // PUBLIC_URL serves test tenants only: without a domain this production tenant logs nobody in.
  await expect(page.getByTestId("tenant-no-domain-warning")).toContainText("cannot log anyone in until it has one");
  await page.getByRole("link", { name: "Domains" }).click();
  await expect(page).toHaveURL(`${pensionPath}/domains`);
  await expect(page.getByTestId("domains-no-domain-warning")).toBeVisible();

  await page.getByTestId("domains-input").fill("Login.Fjord-Pension.example\nfjord.localhost:3000/oidc");
  await page.getByTestId("domains-save").click();
  await expect(page.getByTestId("error-domains-error")).toHaveText('"fjord.localhost:3000/oidc": A domain holds no path: give the host name only');
  await expect(page.getByTestId("domains-input")).toHaveAttribute("aria-invalid", "true");

  await page.getByTestId("domains-input").fill("Login.Fjord-Pension.example\nfjord.localhost:3000");
  await page.getByTestId("domains-save").click();
  await expect(page.getByTestId("domains-saved")).toBeVisible();
  await expect(page.getByTestId("domains-input")).toHaveValue("fjord.localhost:3000\nlogin.fjord-pension.example");
  await expect(page.getByTestId("domain-issuer")).toHaveText(["http://fjord.localhost:3000", "https://login.fjord-pension.example"]);
  await expect(page.getByTestId("domain-discovery").last()).toHaveText("https://login.fjord-pension.example/.well-known/openid-configuration");
  await expect(page.getByTestId("domains-no-domain-warning")).toHaveCount(0);

  // Another tenant cannot take a domain this one holds.
  await page.goto(`${tenantPath}/domains`);
  await page.getByTestId("domains-input").fill("LOGIN.fjord-pension.example");
  await page.getByTestId("domains-save").click();
  await expect(page.getByTestId("error-domains-error")).toHaveText('"login.fjord-pension.example": this domain is already used by another tenant');
  await expect(page.getByTestId("domain-list")).toHaveCount(0);

  await page.goto(`${pensionPath}/audit`);
  await expect(page.getByTestId("audit-action")).toContainText(["tenant.update"]);
});

test("another tenant's application is not found under this tenant, nor a tenant the admin does not belong to", async ({ page }) => {
  await signIn(page);
  const other = await page.goto(`${tenantPath}/applications/porta-demo`); // porta-demo belongs to the Demo tenant
  expect(other?.status()).toBe(404);
  const stranger = await page.goto(`/dashboard/t/00000000-0000-4000-8000-000000000000`);
  expect(stranger?.status()).toBe(404);
});
