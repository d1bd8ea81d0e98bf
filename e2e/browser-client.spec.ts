/**
 * A browser-only client (README, "Browser clients (CORS)"): a page on another loopback origin does the
 * whole code flow from the browser with oauth4webapi — discovery, PAR with PKCE, the login,
 * the code exchange, ID token validation and userinfo — because Porta answers its origin with
 * CORS. The same page on an origin no public client registered cannot read Porta's answers.
 */
import { expect, test } from "@playwright/test";
import { startBrowserClient, type BrowserClient } from "./support/browser-client";
import { registerClient } from "./support/porta";

const MITID = "urn:grn:authn:dk:mitid:substantial";

let app: BrowserClient;
let elsewhere: BrowserClient;
test.beforeAll(async () => {
  app = await startBrowserClient();
  elsewhere = await startBrowserClient();
});
test.afterAll(async () => {
  await app.close();
  await elsewhere.close();
});

test("a public client in the browser: PAR, login, code exchange, ID token and userinfo across origins", async ({ page, request, baseURL }) => {
  const client = await registerClient(request, { client_name: "Browser Bank", redirect_uris: [app.callback], token_endpoint_auth_method: "none", response_types: ["code"], grant_types: ["authorization_code"] });
  expect(client.client_secret).toBeUndefined();
  app.configure({ issuer: baseURL!, clientId: client.client_id, scope: "openid ssn", acr: MITID });

  await page.goto(app.origin);
  await page.getByTestId("start").click();
  // Porta's eID step, reached through the pushed request.
  await expect(page.getByTestId("test-identity")).toBeVisible();
  expect(new URL(page.url()).origin).toBe(baseURL);
  await page.getByTestId("eid-approve").click();

  await expect(page.getByTestId("step")).toHaveText("done");
  expect(new URL(page.url()).origin).toBe(app.origin);
  await expect(page.getByTestId("error")).toHaveText("");
  const idToken = JSON.parse(await page.getByTestId("id-token").innerText()) as Record<string, unknown>;
  expect(idToken).toMatchObject({ iss: baseURL, aud: client.client_id, acr: MITID });
  const userinfo = JSON.parse(await page.getByTestId("userinfo").innerText()) as Record<string, unknown>;
  expect(userinfo).toMatchObject({ sub: idToken.sub, cprNumberIdentifier: "1406851237" });
});

test("the same page on an origin no public client registered cannot read the PAR answer", async ({ page, request, baseURL }) => {
  const client = await registerClient(request, { client_name: "Browser Bank", redirect_uris: [app.callback], token_endpoint_auth_method: "none", response_types: ["code"], grant_types: ["authorization_code"] });
  elsewhere.configure({ issuer: baseURL!, clientId: client.client_id, redirectUri: app.callback, scope: "openid", acr: MITID });

  await page.goto(elsewhere.origin);
  await page.getByTestId("start").click();
  // Discovery answers any origin; the PAR endpoint's answer is withheld from this one.
  await expect(page.getByTestId("error")).toHaveText("par: TypeError: Failed to fetch");
  expect(new URL(page.url()).origin).toBe(elsewhere.origin);
});
