/** login_hint action:sign and message: reach the simulated MitID and BankID apps. */
import { expect, test } from "@playwright/test";

const message = "Sign the loan agreement 2024-118 for DKK 250.000";
for (const [acr, name] of [
  ["urn:grn:authn:dk:mitid:substantial", "MitID"],
  ["urn:grn:authn:se:bankid", "Swedish BankID"],
] as const) {
  test(`${name} shows "Sign at …" and the message`, async ({ page }) => {
    await page.goto("/playground");
    await page.locator(`input[name="acr_values"][value="${acr}"]`).check();
    await page.locator('input[name="login_hint"]').fill(`action:sign message:${Buffer.from(message).toString("base64url")}`);
    await page.getByTestId("playground-start").click();
    const appText = page.getByTestId("eid-app-text");
    await expect(appText).toContainText("Sign at Porta playground");
    await expect(appText).toContainText(message);
  });
}
