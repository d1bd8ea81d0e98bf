/** Shared steps of the dashboard end-to-end tests: the e2e admin's sign-in and page screenshots. */
import { expect, type Page } from "@playwright/test";

/** The admin playwright.config.ts seeds. */
export const ADMIN_EMAIL = "admin@porta.local";
export const ADMIN_PASSWORD = "e2e-admin-password";

/** Full-page screenshots at 1280 and 375 px into docs/screenshots/<name>-<width>.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `docs/screenshots/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `docs/screenshots/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

export async function signIn(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await page.getByTestId("signin-email").fill(ADMIN_EMAIL);
  await page.getByTestId("signin-password").fill(ADMIN_PASSWORD);
  await page.getByTestId("signin-submit").click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
