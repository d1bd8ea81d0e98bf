/** Shared steps of the dashboard end-to-end tests: the e2e admin's sign-in. */
import { expect, type Page } from "@playwright/test";
import { exportJWK, generateKeyPair } from "jose";

/** The admin playwright.config.ts seeds. */
export const ADMIN_EMAIL = "admin@porta.local";
export const ADMIN_PASSWORD = "e2e-admin-password";

export async function signIn(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await page.getByTestId("signin-email").fill(ADMIN_EMAIL);
  await page.getByTestId("signin-password").fill(ADMIN_PASSWORD);
  await page.getByTestId("signin-submit").click();
  await expect(page).toHaveURL(/\/dashboard$/);
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
