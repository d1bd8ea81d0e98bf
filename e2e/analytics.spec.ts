/**
 * The tenant analytics page in Chromium: logins at an application of a tenant of the test's own
 * (successes with three eIDs, a cancel, a login_required) show up in the charts (drawn as SVG,
 * under the page's strict CSP with no violation) and in their tables; another tenant's page is
 * not found. The tenant is the test's alone, so logins that other tests run at the same time
 * (the playground's, in the Demo tenant) do not change the counts it expects.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signIn } from "./support/dashboard";
import { ADMIN_TOKEN } from "./support/porta";
import { startRelyingParty, type RelyingParty } from "./support/rp-server";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const SE_BANKID = "urn:grn:authn:se:bankid";
const NO_BANKID = "urn:grn:authn:no:bankid";
const TENANT = "Analytics Bank";

test.describe.configure({ mode: "serial" });

let rp: RelyingParty;
let clientId = "";

test.beforeAll(async () => {
  rp = await startRelyingParty();
});

test.afterAll(async () => {
  await rp.close();
});

/** Opens the application's authorization request, for `acr` and `prompt`. */
async function authorize(page: Page, acr: string, prompt?: string) {
  const params = new URLSearchParams({ client_id: clientId, redirect_uri: rp.callback, response_type: "code", scope: "openid", acr_values: acr, state: "analytics" });
  if (prompt) params.set("prompt", prompt);
  await page.goto(`/oauth2/authorize?${params}`);
}

async function succeed(page: Page, acr: string) {
  await authorize(page, acr);
  await expect(page.getByTestId("test-identity")).toBeVisible();
  await page.getByTestId("eid-approve").click();
  expect(await rp.nextResponse()).toHaveProperty("code");
}

/** Runs `fn` in a browser of its own: no SSO session. */
async function inNewBrowser(browser: Browser, fn: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The tenant's analytics page, reached through the tenant navigation. */
async function openAnalytics(page: Page): Promise<string> {
  await page.goto("/dashboard");
  await page.getByTestId("tenant-list").getByRole("link", { name: new RegExp(`^${TENANT}`) }).click();
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  return page.url();
}

/** The page's figures (zero while the page shows its empty state). */
async function figures(page: Page): Promise<Record<"logins" | "success" | "cancel" | "error", number>> {
  if (await page.getByTestId("empty-state").isVisible()) return { logins: 0, success: 0, cancel: 0, error: 0 };
  const read = async (id: string) => Number(await page.getByTestId(`figure-${id}`).innerText());
  return { logins: await read("logins"), success: await read("success"), cancel: await read("cancel"), error: await read("error") };
}

/** The count in `table`'s row headed `row` (0 when the row is absent). */
async function tableCount(page: Page, table: string, row: string): Promise<number> {
  const cells = page.getByTestId(table).locator("tr", { has: page.locator("th", { hasText: new RegExp(`^${row}$`) }) }).locator("td");
  return (await cells.count()) ? Number(await cells.last().innerText()) : 0;
}

test("logins appear on the analytics page as charts and tables, under the CSP", async ({ page, browser }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sample})`));
  });

  // The test's tenant, made in the dashboard (its admin owns it), and an application registered
  // with one of its API tokens.
  await signIn(page);
  await page.locator("#tenant-name").fill(TENANT);
  await page.locator("#tenant-environment").selectOption("test");
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  await page.goto(`${new URL(page.url()).pathname}/tokens`);
  await page.getByTestId("token-name").fill("analytics");
  await page.getByTestId("token-create").click();
  const token = (await page.getByTestId("token-value").innerText()).trim();
  const registered = await page.request.post("/oauth2/register", { headers: { Authorization: `Bearer ${token}` }, data: { client_name: "Analytics Online", redirect_uris: [rp.callback] } });
  expect(registered.status()).toBe(201);
  clientId = ((await registered.json()) as { client_id: string }).client_id;

  const url = await openAnalytics(page);
  const before = await figures(page);
  const requiredBefore = before.error ? await tableCount(page, "table-errors", "login_required") : 0;

  await succeed(page, MITID);
  await succeed(page, SE_BANKID);
  await succeed(page, NO_BANKID);
  await inNewBrowser(browser, async (fresh) => {
    await authorize(fresh, MITID);
    await fresh.getByTestId("eid-cancel").click();
    expect(await rp.nextResponse()).toMatchObject({ error: "access_denied" });
  });
  // prompt=none without a session.
  await inNewBrowser(browser, async (fresh) => {
    await authorize(fresh, MITID, "none");
    expect(await rp.nextResponse()).toMatchObject({ error: "login_required" });
  });

  // Ended logins reach the counts within the analytics' flush interval (a second).
  const expected = { logins: before.logins + 5, success: before.success + 3, cancel: before.cancel + 1, error: before.error + 1 };
  await expect
    .poll(async () => {
      await page.goto(url);
      return figures(page);
    })
    .toEqual(expected);
  const after = await figures(page);

  // Every chart has its heading and is drawn as SVG once the page is hydrated.
  for (const [section, heading] of [["logins", "Logins per day by eID"], ["outcomes", "Outcomes"], ["duration", "Login duration"], ["webhooks", "Webhook failures"]]) {
    await expect(page.getByTestId(`section-${section}`).getByRole("heading", { level: 2 })).toHaveText(heading!);
  }
  for (const chart of ["chart-logins", "chart-outcomes", "chart-errors", "chart-duration"]) {
    await expect(page.getByTestId(chart).locator(".recharts-wrapper > svg")).toBeVisible();
  }
  // No webhook failed (the application has no webhook): a sentence, not an empty chart.
  if ((await page.getByTestId("figure-webhook-failures").innerText()) === "0") await expect(page.getByTestId("no-webhook-failures")).toBeVisible();
  else await expect(page.getByTestId("chart-webhooks").locator(".recharts-wrapper > svg")).toBeVisible();
  await expect(page.getByTestId("chart-logins").locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await expect(page.getByTestId("duration-median")).not.toHaveText("—");

  // The same numbers as tables, for screen readers and exact counts.
  for (const summary of await page.getByText("Show the numbers").all()) await summary.click();
  expect(await tableCount(page, "table-outcomes", "Success")).toBe(after.success);
  expect(await tableCount(page, "table-outcomes", "Cancel")).toBe(after.cancel);
  expect(await tableCount(page, "table-errors", "login_required")).toBe(requiredBefore + 1);
  const today = page.getByTestId("table-logins").locator("tbody tr").last();
  await expect(today.locator("th")).toHaveText(/^\d{1,2} [A-Z][a-z]{2}$/);
  await expect(page.getByTestId("table-logins").locator("thead")).toContainText("MitID");
  await expect(page.getByTestId("table-duration").locator("tbody tr").last().locator("td").first()).not.toHaveText("0");

  // With the tables closed, at phone width, nothing scrolls sideways: the charts fit the screen.
  await page.goto(url);
  await expect(page.getByTestId("chart-logins").locator(".recharts-wrapper > svg")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  // The charts follow the new width when their ResizeObserver fires, a frame or more later.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(violations).toEqual([]);
});

test("another tenant's analytics page is not found", async ({ page, request }) => {
  // A tenant made with the platform token: the dashboard admin is no member of it.
  const created = await request.post("/api/v1/tenants", { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` }, data: { name: `Analytics stranger ${Date.now()}`, environment: "test" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await signIn(page);
  expect((await page.goto(`/dashboard/t/${id}/analytics`))?.status()).toBe(404);
  expect((await page.goto(`/dashboard/t/not-a-tenant/analytics`))?.status()).toBe(404);
});
