/**
 * A tenant's admins end to end: an owner invites a member from the Admins page and sees the link
 * once; the member opens it, sets a name and a password, signs in, finds the eID connections,
 * API tokens and admins read-only, and changes their password (a wrong current one is refused).
 * A used or unknown link shows a clear page. The owner cannot demote the last owner, sees the
 * member's sign-ins, failed sign-in and password change in the audit log, and removes the member,
 * whose open session stops working at the next request.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";
import { signIn } from "./support/dashboard";

test.describe.configure({ mode: "serial" });

const MEMBER_EMAIL = "maja@harbour.example";
const FIRST_PASSWORD = "maja's first long password";
const SECOND_PASSWORD = "maja's second long password";

let tenantPath = "";
let inviteUrl = "";

async function signInAs(page: Page, email: string, password: string) {
  await page.getByTestId("signin-email").fill(email);
  await page.getByTestId("signin-password").fill(password);
  await page.getByTestId("signin-submit").click();
}

/** A second, separate browser (its own cookies): the invited person. */
async function memberPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

test.beforeEach(async ({ page }) => {
  page.on("dialog", (dialog) => void dialog.accept());
});

test("an owner invites a member from the Admins page and sees the link once", async ({ page }) => {
  await signIn(page);
  await page.locator("#tenant-name").fill("Harbour Mutual");
  await page.locator("#tenant-environment").selectOption("production");
  await page.getByTestId("tenant-create").click();
  await expect(page).toHaveURL(/\/dashboard\/t\/[0-9a-f-]{36}$/);
  tenantPath = new URL(page.url()).pathname;

  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Admins", exact: true }).click();
  await expect(page).toHaveURL(`${tenantPath}/admins`);
  await expect(page.getByTestId("admin-row")).toHaveCount(1);
  await expect(page.getByTestId("admin-row").first()).toHaveAttribute("data-role", "owner");

  // The only owner cannot demote themselves.
  await page.getByTestId("admin-role-select").selectOption("member");
  await page.getByTestId("admin-role-save").click();
  await expect(page.getByTestId("admin-row-error")).toHaveText("A tenant needs at least one owner: make another admin an owner first.");
  await page.reload();
  await expect(page.getByTestId("admin-row").first()).toHaveAttribute("data-role", "owner");

  await page.getByTestId("invite-email").fill("not an email");
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("error-invite-email-error")).toHaveText("Enter an email address");

  await page.getByTestId("invite-email").fill(MEMBER_EMAIL);
  await page.getByTestId("invite-role").selectOption("member");
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("invite-created")).toContainText(`Send this link to ${MEMBER_EMAIL}`);
  inviteUrl = (await page.getByTestId("invite-url").innerText()).trim();
  expect(inviteUrl).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("invitation-row")).toHaveAttribute("data-email", MEMBER_EMAIL);
  await expectAccessible(page, "admins");

  // Shown once: a fresh view of the page lists the invitation, never its link.
  await page.reload();
  await expect(page.getByTestId("invite-url")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(inviteUrl.split("/").pop()!);
});

test("the member opens the link, sets a password, signs in and finds protected settings read-only", async ({ browser }) => {
  const page = await memberPage(browser);
  await page.goto(inviteUrl);
  await expect(page.getByTestId("invite-summary")).toContainText("Harbour Mutual");
  await expect(page.getByTestId("invite-email-shown")).toHaveText(MEMBER_EMAIL);
  await expectAccessible(page, "invite-accept");

  await page.getByTestId("invite-name").fill("Maja Berg");
  await page.getByTestId("invite-password").fill(FIRST_PASSWORD);
  await page.getByTestId("invite-confirmPassword").fill("something else entirely");
  await page.getByTestId("invite-accept").click();
  await expect(page.getByTestId("error-invite-confirmPassword-error")).toHaveText("The passwords differ");
  await expect(page.getByTestId("invite-name")).toHaveValue("Maja Berg");

  await page.getByTestId("invite-password").fill(FIRST_PASSWORD);
  await page.getByTestId("invite-confirmPassword").fill(FIRST_PASSWORD);
  await page.getByTestId("invite-accept").click();
  await expect(page).toHaveURL(/\/dashboard\/signin\?/);
  await expect(page.getByTestId("signin-joined")).toBeVisible();

  await signInAs(page, MEMBER_EMAIL, "a wrong password for maja");
  await expect(page.getByTestId("signin-error")).toHaveText("Wrong email or password.");
  await signInAs(page, MEMBER_EMAIL, FIRST_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${tenantPath}$`));

  // eID connections: the form is read-only and offers no save or delete.
  await page.goto(`${tenantPath}/eids/dk-mitid`);
  await expect(page.getByTestId("read-only")).toHaveText("Only owners of this tenant can change its eID connections.");
  await expect(page.getByTestId("eid-connection-submit")).toHaveCount(0);
  await expect(page.getByTestId("delete-connection")).toHaveCount(0);

  await page.goto(`${tenantPath}/tokens`);
  await expect(page.getByTestId("read-only")).toBeVisible();
  await expect(page.getByTestId("token-create")).toHaveCount(0);

  await page.goto(`${tenantPath}/admins`);
  await expect(page.getByTestId("admins-read-only")).toBeVisible();
  await expect(page.getByTestId("invite-form")).toHaveCount(0);
  await expect(page.getByTestId("admin-remove")).toHaveCount(0);
  await expect(page.getByTestId("admin-row")).toHaveCount(2);

  // The link was spent.
  await page.goto(inviteUrl);
  await expect(page.getByTestId("invite-problem")).toHaveAttribute("data-state", "used");
  await expect(page.getByTestId("invite-problem")).toContainText("This invitation was already used");
  await page.goto(`${new URL(inviteUrl).origin}/invite/${"A".repeat(43)}`);
  await expect(page.getByTestId("invite-problem")).toHaveAttribute("data-state", "unknown");
  await page.context().close();
});

test("the member changes their password: a wrong current one is refused, the new one signs in, the other session ends", async ({ browser }) => {
  // The member is also signed in in another browser.
  const other = await memberPage(browser);
  await other.goto("/dashboard/account");
  await signInAs(other, MEMBER_EMAIL, FIRST_PASSWORD);
  await expect(other).toHaveURL(/\/dashboard\/account$/);

  const page = await memberPage(browser);
  await page.goto("/dashboard/account");
  await signInAs(page, MEMBER_EMAIL, FIRST_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/account$/);

  await page.getByTestId("password-currentPassword").fill("not my password at all");
  await page.getByTestId("password-newPassword").fill(SECOND_PASSWORD);
  await page.getByTestId("password-confirmPassword").fill(SECOND_PASSWORD);
  await page.getByTestId("password-submit").click();
  await expect(page.getByTestId("error-currentPassword-error")).toHaveText("The current password is wrong.");

  await page.getByTestId("password-currentPassword").fill(FIRST_PASSWORD);
  await page.getByTestId("password-newPassword").fill(SECOND_PASSWORD);
  await page.getByTestId("password-confirmPassword").fill(SECOND_PASSWORD);
  await page.getByTestId("password-submit").click();
  await expect(page.getByTestId("password-changed")).toHaveText("Your password was changed. Your other dashboard sessions have ended.");

  // The session that made the change stays; the other one has ended.
  await page.goto("/dashboard/account");
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await other.reload();
  await expect(other).toHaveURL(/\/dashboard\/signin\?callbackUrl=/);
  await other.context().close();

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/dashboard\/signin/);
  await signInAs(page, MEMBER_EMAIL, FIRST_PASSWORD);
  await expect(page.getByTestId("signin-error")).toHaveText("Wrong email or password.");
  await signInAs(page, MEMBER_EMAIL, SECOND_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().close();
});

test("the owner sees the invitation, the member's sign-ins and password change in the audit log, then removes the member, whose session ends", async ({ page, browser }) => {
  const member = await memberPage(browser);
  await member.goto(`${tenantPath}/admins`);
  await signInAs(member, MEMBER_EMAIL, SECOND_PASSWORD);
  await expect(member).toHaveURL(new RegExp(`${tenantPath}/admins$`));

  await signIn(page);
  await page.goto(`${tenantPath}/audit?action=admin.`);
  const entries = page.getByTestId("audit-list").locator("li");
  const actions = await page.getByTestId("audit-action").allInnerTexts();
  for (const expected of ["admin.invite", "admin.invite_accept", "admin.sign_in", "admin.sign_in_failed", "admin.password_change"]) expect(actions).toContain(expected);
  await expect(entries.filter({ hasText: "admin.password_change" })).toContainText(MEMBER_EMAIL);
  await expect(entries.filter({ hasText: "admin.sign_in_failed" }).first()).toContainText(MEMBER_EMAIL);
  await expect(page.locator("body")).not.toContainText(FIRST_PASSWORD);
  await expect(page.locator("body")).not.toContainText("a wrong password for maja");

  await page.goto(`${tenantPath}/admins`);
  await page.locator(`[data-testid="admin-row"][data-email="${MEMBER_EMAIL}"]`).getByTestId("admin-remove").click();
  await expect(page.getByTestId("admin-row")).toHaveCount(1);

  // The member's next request: the session names an account that no longer exists.
  await member.reload();
  await expect(member).toHaveURL(/\/dashboard\/signin\?callbackUrl=/);
  await signInAs(member, MEMBER_EMAIL, SECOND_PASSWORD);
  await expect(member.getByTestId("signin-error")).toHaveText("Wrong email or password.");
  await member.context().close();

  await page.goto(`${tenantPath}/audit?action=admin.remove`);
  await expect(page.getByTestId("audit-action")).toHaveText(["admin.remove"]);
});
