/**
 * The dashboard loses nothing (whatever registration can set, its page shows and saves back), in
 * the browser: an application registered through RFC 7591 with CIBA and headless grants, ping
 * delivery and encrypted tokens shows every setting on its page; saving it untouched leaves its
 * RFC 7592 configuration exactly as it was, changing one input changes only that member, and a
 * refused change shows its error at the input and changes nothing.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signIn } from "./support/dashboard";
import { registerPensionBackoffice } from "./support/pension-backoffice";

test.describe.configure({ mode: "serial" });

let pagePath = "";
let registrationUri = "";
let registrationToken = "";

async function configuration(request: APIRequestContext): Promise<Record<string, unknown>> {
  const response = await request.get(registrationUri, { headers: { Authorization: `Bearer ${registrationToken}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

test.beforeAll(async ({ request }) => {
  const body = await registerPensionBackoffice(request);
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
