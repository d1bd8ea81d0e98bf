/** Shared steps of the dashboard end-to-end tests: the e2e admin's sign-in. */
import { expect, type Cookie, type Page } from "@playwright/test";
import { exportJWK, generateKeyPair } from "jose";

/** The admin playwright.config.ts seeds. */
export const ADMIN_EMAIL = "admin@porta.local";
export const ADMIN_PASSWORD = "e2e-admin-password";

/**
 * The admin's session after this worker's first sign-in through the form. Each sign-in through the
 * form hashes the password at the real cost (about half a core-second on the server) and loads
 * the sign-in page, so later tests start from the session; should it no longer hold (signed out),
 * the form signs in again.
 */
let session: Cookie[] | undefined;

/** Signs the e2e admin in and leaves the page on /dashboard. `form`: through the sign-in form, whatever the worker holds. */
export async function signIn(page: Page, options: { form?: boolean } = {}): Promise<void> {
  if (session && !options.form) {
    await page.context().addCookies(session);
    await page.goto("/dashboard");
    if (new URL(page.url()).pathname === "/dashboard") return;
  } else await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/signin\?callbackUrl=%2Fdashboard$/);
  await page.getByTestId("signin-email").fill(ADMIN_EMAIL);
  await page.getByTestId("signin-password").fill(ADMIN_PASSWORD);
  await page.getByTestId("signin-submit").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's session cookie alone: the context's other cookies (a login's browser cookie,
  // the language) stay with the test that set them.
  const dashboard = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("session-token"));
  session = dashboard.length > 0 ? dashboard : undefined;
}

/**
 * On an application's form: a fresh RSA encryption key (`kid` pension-enc-1) as the JWKS, and ID
 * tokens and userinfo encrypted to it (userinfo signed with ES256).
 */
export async function fillEncryptionSettings(page: Page): Promise<void> {
  const { publicKey } = await generateKeyPair("RSA-OAEP-256", { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: "pension-enc-1", use: "enc", alg: "RSA-OAEP-256" }] };
  await page.locator("#jwks").fill(JSON.stringify(jwks, null, 2));
  await page.locator("#id_token_encrypted_response_alg").selectOption("RSA-OAEP-256");
  await page.locator("#userinfo_signed_response_alg").selectOption("ES256");
  await page.locator("#userinfo_encrypted_response_alg").selectOption("RSA-OAEP-256");
}
