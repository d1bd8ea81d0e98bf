/** Pushed authorization requests in a real browser, and an application that requires them. */
import { expect, test } from "@playwright/test";
import { registerClient } from "./support/porta";
import { startRelyingParty, type RelyingParty } from "./support/rp-server";

let rp: RelyingParty;
test.beforeAll(async () => {
  rp = await startRelyingParty();
});
test.afterAll(async () => {
  await rp.close();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

test("PAR: the browser carries only client_id and request_uri; a Require-PAR application refuses a plain request", async ({ page, request }) => {
  const client = await registerClient(request, { redirect_uris: [rp.callback], require_pushed_authorization_requests: true, client_name: "PAR Bank" });

  const pushed = await request.post("/oauth2/par", {
    headers: { Authorization: basic(client.client_id, client.client_secret!) },
    form: { response_type: "code", redirect_uri: rp.callback, scope: "openid ssn", acr_values: "urn:grn:authn:se:bankid", state: "par-state", nonce: "par-nonce" },
  });
  expect(pushed.status()).toBe(201);
  const { request_uri, expires_in } = (await pushed.json()) as { request_uri: string; expires_in: number };
  expect(expires_in).toBe(120);

  await page.goto(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, request_uri })}`);
  await expect(page.getByTestId("test-identity")).toBeVisible();
  await page.reload(); // the pushed request survives a reload while its login runs
  await page.getByTestId("eid-approve").click();
  const response = await rp.nextResponse();
  expect(response).toMatchObject({ state: "par-state" });
  expect(response.code).toBeTruthy();

  // Used once: the same request_uri now shows the error page, no redirect.
  await page.goto(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, request_uri })}`);
  await expect(page.getByTestId("error")).toHaveText("invalid_request_uri");
  expect(new URL(page.url()).pathname).toBe("/oauth2/authorize");

  // A plain request to the Require-PAR application goes back with invalid_request.
  await page.goto(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: rp.callback, response_type: "code", scope: "openid", state: "plain" })}`);
  expect(await rp.nextResponse()).toMatchObject({ error: "invalid_request", state: "plain" });
});
