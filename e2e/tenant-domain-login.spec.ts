/**
 * The hosted login on a tenant domain in a real browser: Chromium reaches
 * acme.localhost and beta.localhost on loopback; the login runs on the domain from the
 * authorization request to the code, its cookies are the domain's own, and a login of one tenant
 * opened on the other's domain shows the error page.
 */
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/dashboard";
import { ADMIN_TOKEN } from "./support/porta";
import { startRelyingParty, type RelyingParty } from "./support/rp-server";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const port = Number(process.env.E2E_PORT ?? 3210);
const acmeHost = `acme.localhost:${port}`;
const betaHost = `beta.localhost:${port}`;

/** One request to Porta on 127.0.0.1 with `host` as Host (Node does not resolve *.localhost names). */
function call(host: string, method: string, path: string, body?: { json?: unknown; form?: Record<string, string> }, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = body?.json !== undefined ? JSON.stringify(body.json) : body?.form ? new URLSearchParams(body.form).toString() : undefined;
  const all: Record<string, string> = { host, ...headers };
  if (text !== undefined) {
    all["content-type"] = body?.json !== undefined ? "application/json" : "application/x-www-form-urlencoded";
    all["content-length"] = String(Buffer.byteLength(text));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers: all }, (res) => {
      let answer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (answer += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(answer || "{}") as Record<string, unknown> }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(text);
  });
}

let rp: RelyingParty;
let client: { client_id: string; client_secret: string };

test.beforeAll(async () => {
  rp = await startRelyingParty();
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  for (const [name, host] of [["Acme (e2e)", acmeHost], ["Beta (e2e)", betaHost]]) {
    const created = await call(new URL(`http://localhost:${port}`).host, "POST", "/api/v1/tenants", { json: { name, environment: "test", domains: [host] } }, admin);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  }
  const registered = await call(acmeHost, "POST", "/oauth2/register", { json: { client_name: "Acme Shop", redirect_uris: [rp.callback], response_types: ["code"], grant_types: ["authorization_code"] } }, admin);
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  client = registered.json as unknown as typeof client;
});

test.afterAll(async () => {
  await rp.close();
});

function authorizeUrl(host: string, state: string): string {
  const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: rp.callback, response_type: "code", scope: "openid", acr_values: MITID, state });
  return `http://${host}/oauth2/authorize?${query}`;
}

test("the hosted login runs on the tenant's domain, with its own cookies, and its code is that issuer's", async ({ page }) => {
  const response = rp.nextResponse();
  await page.goto(authorizeUrl(acmeHost, "e2e-domain"));
  await expect(page).toHaveURL(new RegExp(`^http://${acmeHost}/login/[0-9a-f-]{36}/eid$`));
  await expect(page.getByText("Acme Shop").first()).toBeVisible();
  await page.getByTestId("eid-approve").click();
  const params = await response;
  expect(params).toMatchObject({ iss: `http://${acmeHost}`, state: "e2e-domain" });
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name.startsWith("porta_")).map((c) => c.domain)).toEqual(expect.arrayContaining(["acme.localhost"]));
  expect(cookies.filter((c) => c.name.startsWith("porta_") && c.domain !== "acme.localhost")).toEqual([]);
  const tokens = await call(acmeHost, "POST", "/oauth2/token", { form: { grant_type: "authorization_code", code: params.code!, redirect_uri: rp.callback } }, { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}` });
  expect(tokens.status, JSON.stringify(tokens.json)).toBe(200);
});

test("a login of acme opened on beta's domain is the error page, even with acme's browser cookie", async ({ page }) => {
  await page.goto(authorizeUrl(acmeHost, "e2e-cross"));
  await expect(page).toHaveURL(new RegExp(`^http://${acmeHost}/login/[0-9a-f-]{36}/eid$`));
  const path = new URL(page.url()).pathname;
  const browser = (await page.context().cookies()).find((c) => c.name === "porta_browser" && c.domain === "acme.localhost");
  expect(browser).toBeDefined();
  await page.context().addCookies([{ name: "porta_browser", value: browser!.value, domain: "beta.localhost", path: "/" }]);
  await page.goto(`http://${betaHost}${path}`);
  await expect(page.getByTestId("error")).toBeVisible();
  await expect(page.getByText("Acme Shop")).toHaveCount(0);
  // On its own domain the login is still there.
  await page.goto(`http://${acmeHost}${path}`);
  await expect(page.getByTestId("eid-approve")).toBeVisible();
});

test("the playground runs on a tenant domain once an owner turns it on, as that tenant's relying party", async ({ page }) => {
  const shopHost = `shop.localhost:${port}`;
  await signIn(page);
  await page.locator("#tenant-name").fill("Shop (playground)");
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  const tenantId = new URL(page.url()).pathname.split("/").at(-1)!;
  await page.goto(`/dashboard/t/${tenantId}/domains`);
  await page.getByTestId("domains-input").fill(shopHost);
  await page.getByTestId("domains-save").click();
  await expect(page.getByTestId("domains-saved")).toBeVisible();

  // Off until turned on: the domain has no playground (and the demo application is not served there).
  const before = await page.goto(`http://${shopHost}/playground`);
  expect(before?.status()).toBe(404);

  await page.goto(`/dashboard/t/${tenantId}/domains`);
  await page.getByTestId("playground-enable").click();
  const link = page.getByTestId("domain-playground-link");
  await expect(link).toHaveText(`http://${shopHost}/playground`);

  await link.click();
  await expect(page).toHaveURL(`http://${shopHost}/playground`);
  await expect(page.getByTestId("playground-issuer")).toHaveText(`http://${shopHost}`);
  await expect(page.getByTestId("playground-client-id")).toHaveText(`porta-playground-${tenantId}`);
  await page.locator(`input[name="acr_values"][value="${MITID}"]`).check();
  await page.getByTestId("playground-start").click();
  await expect(page).toHaveURL(new RegExp(`^http://${shopHost}/login/[0-9a-f-]{36}/eid$`));
  await page.getByTestId("eid-approve").click();
  await expect(page).toHaveURL(`http://${shopHost}/playground/result`);
  await expect(page.getByTestId("playground-status")).toContainText("Login succeeded; the ID token was decrypted");
  const claims = JSON.parse((await page.getByTestId("playground-id-token").innerText()).trim()) as Record<string, unknown>;
  expect(claims).toMatchObject({ iss: `http://${shopHost}`, aud: `porta-playground-${tenantId}`, acr: MITID });

  // Another tenant's domain has no playground of its own, and never this one's.
  const beta = await page.goto(`http://${betaHost}/playground`);
  expect(beta?.status()).toBe(404);
});
