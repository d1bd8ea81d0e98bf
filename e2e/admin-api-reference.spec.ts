/**
 * The admin API reference page in Chromium: reached from the dashboard's header, it renders every
 * operation of the OpenAPI document grouped by tag, with parameters and schemas, loading nothing
 * from another origin and raising no CSP violation.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./support/dashboard";

test("the API reference lists every documented operation, offline-safe", async ({ page, request }) => {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sample})`));
  });
  await signIn(page);
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== new URL(page.url()).origin) foreign.push(r.url());
  });

  await page.getByTestId("api-reference-link").click();
  await expect(page).toHaveURL(/\/dashboard\/api$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin API reference");

  const spec = (await (await request.get("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { operationId: string }>>; tags: { name: string }[] };
  const operations = Object.values(spec.paths).flatMap((item) => Object.values(item));
  await expect(page.getByTestId("api-operation")).toHaveCount(operations.length);
  await expect(page.getByTestId("api-tag").getByRole("heading", { level: 2 })).toHaveText(spec.tags.map((t) => t.name));
  for (const op of operations) await expect(page.locator(`#op-${op.operationId}`)).toHaveCount(1);

  // A request body and a response schema open in place (no script needed: <details>).
  const create = page.locator("#op-createTenant");
  const body = create.getByTestId("api-request-body");
  await body.getByText("Request body (JSON)").click();
  await expect(body.getByText("environment", { exact: true })).toBeVisible();
  await expect(body.getByText(/one of: "test", "production"/)).toBeVisible();

  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});
