import { expect, test } from "@playwright/test";
import { ADMIN_TOKEN } from "./support/porta";

test("the home page links to the playground, discovery and keys", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Porta" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Playground/ })).toHaveAttribute("href", "/playground");

  await page.getByRole("link", { name: /Discovery/ }).click();
  const discovery = JSON.parse((await page.locator("body").innerText()).trim()) as { issuer: string; jwks_uri: string };
  expect(discovery.issuer).toBe(new URL(page.url()).origin);
});

test("the playground shows the seeded demo application", async ({ page }) => {
  await page.goto("/playground");
  await expect(page.getByTestId("playground-client-id")).toHaveText("porta-demo");
  await expect(page.getByTestId("playground-issuer")).toHaveText(new URL(page.url()).origin);
  // It takes its ID tokens encrypted, so FTN is among its eIDs (FTN requires encrypted ID tokens in test tenants too).
  await expect(page.getByTestId("playground-encryption")).toContainText("RSA-OAEP-256 · A256GCM");
  await expect(page.locator('input[name="acr_values"][value="urn:grn:authn:fi:bank-id"]')).toHaveCount(1);
});

test("a registered client appears in discovery's per-client view", async ({ request }) => {
  const registered = await request.post("/oauth2/register", {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { redirect_uris: ["https://rp.example/callback"], client_name: "E2E RP" },
  });
  expect(registered.status()).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };
  const perClient = await request.get(`/.well-known/openid-configuration?client_id=${client_id}`);
  const offered = ((await perClient.json()) as { acr_values_supported: string[] }).acr_values_supported;
  expect(offered).toContain("urn:grn:authn:mock");
  // Without encrypted ID tokens a test-tenant application is not offered FTN; the demo application is.
  expect(offered.filter((acr) => acr.startsWith("urn:grn:authn:fi:"))).toEqual([]);
  const demo = await request.get("/.well-known/openid-configuration?client_id=porta-demo");
  expect(((await demo.json()) as { acr_values_supported: string[] }).acr_values_supported).toContain("urn:grn:authn:fi:bank-id");
});
