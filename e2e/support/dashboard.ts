/** Shared steps of the dashboard end-to-end tests: the e2e admin's sign-in. */
import { expect, type Page } from "@playwright/test";

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
