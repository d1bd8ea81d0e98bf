/**
 * Production eID connections through the dashboard, end to end: an owner creates a production
 * tenant, connects Danish MitID to an upstream OpenID Connect broker (node-oidc-provider on
 * loopback) through the form, tests the connection, creates an application, and a person logs in
 * through the broker in the browser — the code reaches the relying party and its ID token carries
 * the broker's identity; a refusal at the broker reaches the relying party as access_denied.
 * Also: Porta's public key for private_key_jwt, the Swedish BankID form with a certificate upload,
 * delete, and the test-tenant page.
 */
import { expect, test, type Page } from "@playwright/test";
import { decodeJwt } from "jose";
import { expectAccessible } from "./support/accessibility";
import { signIn } from "./support/dashboard";
import { BROKER_ACR_SUBSTANTIAL, BROKER_PEOPLE, startUpstreamBroker, type UpstreamBroker } from "../tests/support/upstream-oidc";

test.describe.configure({ mode: "serial" });

const MITID_SUBSTANTIAL = "urn:grn:authn:dk:mitid:substantial";
/** Production tenants accept only https redirect URIs: the browser's visit there is answered by the test itself. */
const RP_CALLBACK = "https://rp.example/callback";

let broker: UpstreamBroker;
let baseURL = "";
let tenantPath = "";
let clientId = "";
let clientSecret = "";

async function createTenant(page: Page, name: string, environment: "test" | "production"): Promise<string> {
  await page.locator("#tenant-name").fill(name);
  await page.locator("#tenant-environment").selectOption(environment);
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

const familyCard = (page: Page, family: string) => page.locator(`[data-testid="eid-connection-row"][data-family="${family}"]`);

/**
 * Opens Porta's authorize URL in the browser and returns what the relying party receives, and the
 * hops the browser took to get there. rp.example does not exist: the browser's request to it is
 * observed (redirected navigations cannot be answered by a route), then the visit fails.
 */
async function loginAtRelyingParty(page: Page, params: Record<string, string>): Promise<{ received: URLSearchParams; hops: string[] }> {
  const arrived = page.waitForRequest((r) => r.url().startsWith(`${RP_CALLBACK}?`));
  const navigation = page.goto(`/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: RP_CALLBACK, response_type: "code", ...params })}`).catch(() => null);
  const request = await arrived;
  await navigation;
  const hops: string[] = [];
  for (let r = request.redirectedFrom(); r; r = r.redirectedFrom()) hops.unshift(r.url());
  return { received: new URL(request.url()).searchParams, hops };
}

test.beforeAll(async () => {
  baseURL = test.info().project.use.baseURL!;
  broker = await startUpstreamBroker({ portaIssuer: baseURL });
});

test.afterAll(async () => {
  await broker?.close();
});

test.beforeEach(async ({ page }) => {
  page.on("dialog", (dialog) => void dialog.accept());
});

test("an owner connects Danish MitID to an upstream broker through the form and tests it", async ({ page }) => {
  await signIn(page);
  tenantPath = await createTenant(page, "Nordic Pension", "production");
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "eIDs", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}${tenantPath}/eids`);
  await expect(page.getByTestId("eid-connection-row")).toHaveCount(9);
  await expect(familyCard(page, "dk-mitid").getByTestId("connection-state")).toHaveAttribute("data-state", "none");

  await familyCard(page, "dk-mitid").getByTestId("configure-eid").click();
  await expect(page).toHaveURL(`${baseURL}${tenantPath}/eids/dk-mitid`);
  await expect(page.getByTestId("redirect-uri")).toHaveText(`${baseURL}/login/callback`);
  await expect(page.getByTestId("test-connection")).toHaveCount(0); // nothing to test before a save

  // A mistake first: the scopes lack openid. The error sits at the field; the other values stay.
  await page.locator("#issuer").fill(broker.issuer);
  await page.locator("#clientId").fill(broker.clientId);
  await page.locator("#clientSecret").fill(broker.clientSecret);
  await page.locator("#scopes").fill("profile ssn");
  await page.locator(`input[name="acrValues[${MITID_SUBSTANTIAL}]"]`).fill(BROKER_ACR_SUBSTANTIAL);
  await page.locator('input[name="claimMapping[cprNumberIdentifier]"]').fill("dk.cpr");
  await page.locator("#personKeyClaim").fill("dk.mitid.uuid");
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("error-scopes-error")).toContainText("openid");
  await expect(page.locator("#scopes")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#issuer")).toHaveValue(broker.issuer);
  await expect(page.locator(`input[name="acrValues[${MITID_SUBSTANTIAL}]"]`)).toHaveValue(BROKER_ACR_SUBSTANTIAL);
  await expect(page.locator("#clientSecret")).toHaveValue(""); // a secret is never sent back to the browser
  await expectAccessible(page, "the connection form with an error");

  await page.locator("#scopes").fill("openid profile ssn");
  await page.locator("#clientSecret").fill(broker.clientSecret);
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  await expect(page.getByTestId("connection-status").getByTestId("connection-state")).toHaveAttribute("data-state", "enabled");
  await expect(page.getByTestId("secret-set-clientSecret")).toBeVisible();
  await expect(page.locator("#clientSecret")).toHaveAttribute("placeholder", "set — leave empty to keep");
  expect(await page.content()).not.toContain(broker.clientSecret);

  await page.getByTestId("test-connection").click();
  await expect(page.getByTestId("connection-status").getByTestId("last-check")).toHaveAttribute("data-ok", "true");
  await expect(page.getByTestId("connection-status").getByTestId("last-check-note")).toContainText(`Discovery of ${broker.issuer} read`);

  // Saving again without a secret keeps the stored one.
  await page.locator("#timeoutMs").fill("8000");
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  await expect(page.locator("#timeoutMs")).toHaveValue("8000");
  await expect(page.getByTestId("connection-status").getByTestId("last-check")).toHaveAttribute("data-ok", ""); // a change voids the last test
  await page.getByTestId("test-connection").click();
  await expect(page.getByTestId("connection-status").getByTestId("last-check")).toHaveAttribute("data-ok", "true");

  await page.getByRole("link", { name: "All eIDs" }).click();
  const card = familyCard(page, "dk-mitid");
  await expect(card.getByTestId("connection-state")).toHaveAttribute("data-state", "enabled");
  await expect(card).toContainText("OpenID Connect");
  await expect(card.getByTestId("last-check")).toHaveAttribute("data-ok", "true");
  await expect(familyCard(page, "se-bankid").getByTestId("connection-state")).toHaveAttribute("data-state", "none");
  await expectAccessible(page, "the eIDs list");
});

test("a person logs in with MitID through the broker at an application created in the dashboard", async ({ page, request }) => {
  await signIn(page);
  await page.goto(tenantPath);
  await page.getByTestId("new-application").first().click();
  await page.locator("#client_name").fill("Nordic Pension Online");
  await page.locator("#redirect_uris").fill(RP_CALLBACK);
  await page.getByTestId("application-submit").click();
  await expect(page.getByTestId("credentials")).toBeVisible();
  clientId = (await page.getByTestId("created-client-id").innerText()).trim();
  clientSecret = (await page.getByTestId("created-client-secret").innerText()).trim();

  broker.seen.length = 0;
  const { received: params, hops } = await loginAtRelyingParty(page, { scope: "openid ssn", acr_values: MITID_SUBSTANTIAL, state: "st-mitid", nonce: "n-mitid" });
  expect(params.get("error"), params.get("error_description") ?? "").toBeNull();
  // Porta → the broker → back to Porta's callback → the relying party.
  expect(hops.some((u) => u.startsWith(`${broker.issuer}/`)), hops.join("\n")).toBe(true);
  expect(hops.some((u) => u.startsWith(`${baseURL}/login/callback?`)), hops.join("\n")).toBe(true);
  expect(params.get("state")).toBe("st-mitid");
  expect(params.get("iss")).toBe(baseURL);
  expect(broker.seen).toContain("/request"); // pushed to the broker
  expect(broker.seen).toContain("/token");

  const token = await request.post("/oauth2/token", {
    headers: { Authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}` },
    form: { grant_type: "authorization_code", code: params.get("code")!, redirect_uri: RP_CALLBACK },
  });
  expect(token.status(), await token.text()).toBe(200);
  const claims = decodeJwt(((await token.json()) as { id_token: string }).id_token);
  const person = BROKER_PEOPLE["person-1"]!;
  expect(claims).toMatchObject({
    iss: baseURL,
    aud: clientId,
    nonce: "n-mitid",
    acr: MITID_SUBSTANTIAL,
    identityscheme: "dkmitid",
    name: person.name,
    cprNumberIdentifier: person["dk.cpr"],
  });
  expect(claims).not.toHaveProperty("dk.cpr");
});

test("a refusal at the broker reaches the relying party as access_denied", async ({ page }) => {
  broker.nextLogin = { error: "access_denied", description: "The person cancelled" };
  try {
    const { received: params } = await loginAtRelyingParty(page, { scope: "openid ssn", acr_values: MITID_SUBSTANTIAL, state: "st-denied", nonce: "n-denied" });
    expect(params.get("error")).toBe("access_denied");
    expect(params.get("state")).toBe("st-denied");
    expect(params.get("code")).toBeNull();
  } finally {
    broker.nextLogin = { accountId: "person-1", acr: BROKER_ACR_SUBSTANTIAL };
  }
});

test("private_key_jwt: Porta's public key for the provider is shown and served, never the private part", async ({ page, request }) => {
  await signIn(page);
  await page.goto(`${tenantPath}/eids/no-bankid`);
  await expect(page.getByTestId("connection-jwks")).toHaveCount(0);
  await page.locator("#issuer").fill(broker.issuer);
  await page.locator("#clientId").fill("porta-no");
  await page.locator("#clientAuth").selectOption("private_key_jwt");
  await expect(page.locator("#clientSecret")).toHaveCount(0);
  await expect(page.getByTestId("private-key-jwt-note")).toBeVisible();
  await page.getByTestId("connection-enabled").uncheck();
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  await expect(page.getByTestId("connection-status").getByTestId("connection-state")).toHaveAttribute("data-state", "disabled");

  const jwks = JSON.parse(await page.getByTestId("connection-jwks").innerText()) as { keys: Record<string, unknown>[] };
  expect(jwks.keys).toHaveLength(1);
  expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
  for (const member of ["d", "p", "q", "dp", "dq", "qi"]) expect(jwks.keys[0]).not.toHaveProperty(member);
  const jwksUrl = await page.getByTestId("connection-jwks-url").innerText();
  expect(jwksUrl).toMatch(new RegExp(`^${baseURL}/eid-connections/[0-9a-f-]{36}/jwks$`));
  const served = await request.get(jwksUrl);
  expect(served.status()).toBe(200);
  expect(await served.json()).toEqual(jwks);
  await expectAccessible(page, "a connection with Porta's JWKS");
});

test("Swedish BankID: the RP API form takes a PKCS#12 upload; delete asks first and removes the connection", async ({ page }) => {
  await signIn(page);
  await page.goto(`${tenantPath}/eids/se-bankid`);
  await expect(page.getByTestId("kind-se-bankid")).toBeChecked();
  await expect(page.getByTestId("register-upstream")).toHaveCount(0); // BankID's RP API has no redirect URI
  await page.locator("#endpoint").selectOption("https://appapi2.test.bankid.com/rp/v6.0");
  await page.locator("#caCertificate").fill("-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2E=\n-----END CERTIFICATE-----");
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("error-pkcs12-error")).toContainText("PKCS#12");
  await expect(page.locator("#endpoint")).toHaveValue("https://appapi2.test.bankid.com/rp/v6.0");
  await expectAccessible(page, "the Swedish BankID form");

  await page.locator("#pkcs12").setInputFiles({ name: "rp.p12", mimeType: "application/x-pkcs12", buffer: Buffer.from([0x30, 0x82, 0x0a, 0x3c, 0x02, 0x01, 0x03]) });
  await page.locator("#passphrase").fill("qwerty123");
  await page.getByTestId("eid-connection-submit").click();
  await expect(page.getByTestId("saved")).toBeVisible();
  await expect(page.getByTestId("secret-set-passphrase")).toBeVisible();
  await expect(page.locator("#pkcs12")).toHaveValue("");

  // The OpenID Connect route is offered too, with the redirect URI to register.
  await page.getByTestId("kind-oidc").check();
  await expect(page.locator("#issuer")).toBeVisible();
  await expect(page.getByTestId("form-redirect-uri")).toHaveText(`${baseURL}/login/callback`);

  await page.reload();
  await page.getByTestId("delete-connection").click();
  await expect(page).toHaveURL(`${baseURL}${tenantPath}/eids`);
  await expect(familyCard(page, "se-bankid").getByTestId("connection-state")).toHaveAttribute("data-state", "none");
  await expect(familyCard(page, "dk-mitid").getByTestId("connection-state")).toHaveAttribute("data-state", "enabled");
});

test("a test tenant's eIDs page explains the simulators and offers no forms", async ({ page }) => {
  await signIn(page);
  const sandbox = await createTenant(page, "Nordic Pension Sandbox", "test");
  await page.goto(`${sandbox}/eids`);
  await expect(page.getByTestId("eid-simulators")).toContainText("built-in simulators");
  await expect(page.getByTestId("configure-eid")).toHaveCount(0);
  await page.goto(`${sandbox}/eids/dk-mitid`);
  await expect(page.getByTestId("eid-connection-form")).toHaveCount(0);
  const audit = await page.goto(`${tenantPath}/audit`);
  expect(audit?.status()).toBe(200);
  const actions = await page.getByTestId("audit-action").allInnerTexts();
  for (const expected of ["eid_connection.create", "eid_connection.update", "eid_connection.delete"]) expect(actions).toContain(expected);
});
