/** CIBA and headless logins approved or declined on the simulated devices page, in a real browser. */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { decodeJwt } from "jose";
import { registerClient, type E2EClient } from "./support/porta";

const basic = (c: E2EClient) => `Basic ${Buffer.from(`${encodeURIComponent(c.client_id)}:${encodeURIComponent(c.client_secret!)}`).toString("base64")}`;
const poll = async (request: APIRequestContext, client: E2EClient, form: Record<string, string>) => {
  const r = await request.post("/oauth2/token", { headers: { Authorization: basic(client) }, form });
  return { status: r.status(), body: (await r.json()) as Record<string, unknown> };
};

test("CIBA: the binding message shows on the device; approve → tokens; decline → access_denied", async ({ page, request }) => {
  const client = await registerClient(request, { grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "poll", client_name: "Phone Bank" });
  const start = async (message: string) => {
    const r = await request.post("/ciba/bc-authorize", {
      headers: { Authorization: basic(client) },
      form: { scope: "openid ssn", acr_values: "urn:grn:authn:no:bankid", login_hint: "sub:ssn:22048712359", binding_message: message, authorization_details: JSON.stringify([{ type: "phoneAuth", callInitiator: "RP" }]) },
    });
    expect(r.status()).toBe(200);
    return ((await r.json()) as { auth_req_id: string }).auth_req_id;
  };
  const approveId = await start("Code 7731");
  await page.goto("/test/devices");
  const row = page.locator(`[data-testid="device-request"][data-request-id="${approveId}"]`);
  await expect(row.getByTestId("binding-message")).toHaveText("“Code 7731”");
  await expect(row).toContainText("Phone Bank");
  expect((await poll(request, client, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: approveId })).body.error).toBe("authorization_pending");
  await row.getByTestId("device-approve").click();
  await expect(row).toHaveCount(0);
  const done = await poll(request, client, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: approveId });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(decodeJwt(done.body.id_token as string)).toMatchObject({ socialno: "22048712359", acr: "urn:grn:authn:no:bankid" });

  const declineId = await start("Code 1200");
  await page.goto("/test/devices");
  await page.locator(`[data-testid="device-request"][data-request-id="${declineId}"]`).getByTestId("device-decline").click();
  expect((await poll(request, client, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: declineId })).body.error).toBe("access_denied");
});

test("headless: the autostart link lands on the device page; approve → tokens", async ({ page, request }) => {
  const client = await registerClient(request, { grant_types: ["urn:grn:params:grant-type:headless"], client_name: "App Bank" });
  const r = await request.post("/headless/authorize", { headers: { Authorization: basic(client) }, form: { scope: "openid", acr_values: "urn:grn:authn:se:bankid", login_hint: "sub:ssn:200112246723" } });
  const { headless_req_id, acr_data } = (await r.json()) as { headless_req_id: string; acr_data: { autoStartToken: string } };
  await page.goto(`/test/devices?autostarttoken=${acr_data.autoStartToken}`);
  await expect(page.getByTestId("device-request")).toHaveCount(1);
  await page.getByTestId("device-approve").click();
  const done = await poll(request, client, { grant_type: "urn:grn:params:grant-type:headless", headless_req_id });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
});

test("headless without login_hint: the device page offers the eID's test persons; approving as one → that person's tokens", async ({ page, request }) => {
  const client = await registerClient(request, { grant_types: ["urn:grn:params:grant-type:headless"], client_name: "QR Bank" });
  const r = await request.post("/headless/authorize", { headers: { Authorization: basic(client) }, form: { scope: "openid ssn", acr_values: "urn:grn:authn:se:bankid" } });
  expect(r.status()).toBe(200);
  const { headless_req_id, acr_data } = (await r.json()) as { headless_req_id: string; acr_data: { autoStartToken: string; qrData: string } };
  expect(acr_data.qrData).toMatch(/^bankid\./);
  expect((await poll(request, client, { grant_type: "urn:grn:params:grant-type:headless", headless_req_id })).body.error).toBe("authorization_pending");

  await page.goto(`/test/devices?autostarttoken=${acr_data.autoStartToken}`);
  const row = page.getByTestId("device-request");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("choose the test person");
  const chooser = row.getByTestId("device-identity");
  await expect(chooser.locator("option")).toHaveText([/Anna Lindqvist/, /Erik Johansson/, /Sara Bergström/]);
  await chooser.selectOption("se-bankid-2");
  await row.getByTestId("device-approve").click();
  await expect(page).toHaveURL(/\/test\/devices$/);
  await expect(page.locator(`[data-testid="device-request"][data-request-id="${headless_req_id}"]`)).toHaveCount(0);

  const done = await poll(request, client, { grant_type: "urn:grn:params:grant-type:headless", headless_req_id });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(decodeJwt(done.body.id_token as string)).toMatchObject({ ssn: "197808094515", name: "Erik Johansson", acr: "urn:grn:authn:se:bankid" });
});
