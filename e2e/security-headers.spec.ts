/**
 * Every kind of page in Chromium under the strict page headers (README, Security, "Headers"): the CSP blocks
 * nothing any page needs (no `securitypolicyviolation` event, no CSP message in the console), and
 * every HTML document Porta sends carries the headers, its script-src named by a fresh nonce or by
 * hashes, never 'unsafe-inline' or 'unsafe-eval'.
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import { registerClient } from "./support/porta";
import { startRelyingParty, type RelyingParty } from "./support/rp-server";
import { signIn } from "./support/dashboard";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const SE_BANKID = "urn:grn:authn:se:bankid";
const NO_BANKID = "urn:grn:authn:no:bankid";

interface Watch {
  violations: string[];
  documents: { url: string; status: number; headers: Record<string, string> }[];
}

/** Records CSP violations (event and console) and the headers of every Porta document the page loads. */
async function watch(page: Page, origin: string): Promise<Watch> {
  const seen: Watch = { violations: [], documents: [] };
  await page.exposeFunction("__reportCspViolation", (text: string) => seen.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${e.documentURI} (${e.sample})`);
    });
  });
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) seen.violations.push(`console: ${message.text()}`);
  });
  page.on("response", (response: Response) => {
    if (response.request().resourceType() !== "document" || new URL(response.url()).origin !== origin) return;
    if (response.status() >= 300 && response.status() < 400) return;
    seen.documents.push({ url: response.url(), status: response.status(), headers: response.headers() });
  });
  return seen;
}

function directive(csp: string, name: string): string | undefined {
  return csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
}

function expectStrictHeaders(seen: Watch, kinds: number): void {
  expect(seen.violations).toEqual([]);
  expect(seen.documents.length).toBeGreaterThanOrEqual(kinds);
  const nonces = new Set<string>();
  for (const doc of seen.documents) {
    const where = `${doc.status} ${doc.url}`;
    const csp = doc.headers["content-security-policy"] ?? "";
    expect(csp, where).toContain("frame-ancestors 'none'");
    expect(doc.headers["x-frame-options"], where).toBe("DENY");
    expect(doc.headers["referrer-policy"], where).toBe("no-referrer");
    expect(doc.headers["x-content-type-options"], where).toBe("nosniff");
    expect(doc.headers["cache-control"], where).toContain("no-store");
    const scripts = directive(csp, "script-src") ?? "";
    expect(scripts, where).toMatch(/'nonce-|'sha256-|'none'/);
    expect(scripts, where).not.toContain("unsafe-");
    const nonce = /'nonce-([^']+)'/.exec(scripts)?.[1];
    if (nonce) {
      expect(nonces.has(nonce), `${where} reuses a nonce`).toBe(false);
      nonces.add(nonce);
    }
  }
}

async function playground(page: Page, options: { acr: string[]; responseType?: string; responseMode?: string }) {
  await page.goto("/playground");
  for (const acr of options.acr) await page.locator(`input[name="acr_values"][value="${acr}"]`).check();
  if (options.responseType) await page.locator('select[name="response_type"]').selectOption(options.responseType);
  if (options.responseMode) await page.locator('select[name="response_mode"]').selectOption(options.responseMode);
  await page.getByTestId("playground-start").click();
}

test.describe("strict page headers in the browser", () => {
  let rp: RelyingParty;
  test.beforeAll(async () => {
    rp = await startRelyingParty();
  });
  test.afterAll(async () => {
    await rp.close();
  });

  test("home, playground, selection, simulator, form_post return, result, logout, error page and 404: no CSP violation", async ({ page, baseURL }) => {
    const seen = await watch(page, new URL(baseURL!).origin);
    await page.goto("/");
    await expect(page.locator("main")).toBeVisible();

    await playground(page, { acr: [MITID, SE_BANKID, NO_BANKID], responseMode: "form_post" });
    await expect(page).toHaveURL(/\/login\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("eid-option")).toHaveCount(3);
    await page.locator(`[data-testid="eid-option"][data-acr="${NO_BANKID}"]`).click();
    await expect(page.getByTestId("test-identity")).toBeVisible();
    await page.getByTestId("eid-approve").click();
    // The form_post page (Porta's own, hashed script) posts to the playground, which shows the result.
    await expect(page).toHaveURL(/\/playground\/result$/);
    await expect(page.getByTestId("playground-status")).toContainText("Login succeeded");

    await page.goto("/playground");
    await page.getByTestId("playground-logout").click();
    await expect(page.getByTestId("logged-out")).toBeVisible();

    await page.goto("/oauth2/authorize?client_id=no-such-client&response_type=code&scope=openid");
    await expect(page.getByTestId("error")).toBeVisible();

    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);

    expectStrictHeaders(seen, 9);
  });

  test("consent page and the consent-withdrawn notice: no CSP violation", async ({ page, request, baseURL }) => {
    const seen = await watch(page, new URL(baseURL!).origin);
    const client = await registerClient(request, { redirect_uris: [rp.callback], consent_required: true, client_name: "Header Bank" });
    const authorize = (extra: Record<string, string> = {}) =>
      `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: rp.callback, response_type: "code", scope: "openid ssn", acr_values: MITID, state: "h", ...extra })}`;
    await page.goto(authorize());
    await page.getByTestId("eid-approve").click();
    await expect(page).toHaveURL(/\/consent$/);
    await page.getByTestId("consent-accept").click();
    expect(await rp.nextResponse()).toHaveProperty("code");

    await page.goto(authorize({ prompt: "consent_revoke" }));
    await expect(page.getByTestId("consent-revoked")).toBeVisible();
    expect(await rp.nextResponse()).toMatchObject({ error: "access_denied", state: "h" });

    expectStrictHeaders(seen, 3);
  });

  test("dashboard sign-in, dashboard pages and test devices: no CSP violation", async ({ page, baseURL }) => {
    const seen = await watch(page, new URL(baseURL!).origin);
    await signIn(page, { form: true }); // the sign-in page is one of those watched
    await page.goto("/dashboard");
    const tenant = page.locator('a[href^="/dashboard/t/"]').first();
    await tenant.click();
    await expect(page).toHaveURL(/\/dashboard\/t\/[^/]+$/);
    const tenantPage = page.url();
    for (const section of ["applications/new", "eids", "keys", "audit"]) {
      await page.goto(`${tenantPage}/${section}`);
      await expect(page.locator("main").first()).toBeVisible();
    }
    // A page that calls notFound() (an eID family that does not exist).
    const missing = await page.goto(`${tenantPage}/eids/no-such-family`);
    expect(missing?.status()).toBe(404);

    await page.goto("/test/devices");
    await expect(page.locator("main")).toBeVisible();

    expectStrictHeaders(seen, 8);
  });
});
