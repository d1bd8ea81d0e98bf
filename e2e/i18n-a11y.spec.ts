/**
 * The hosted login pages and Porta's own pages (error, logout) in every language (ui_locales,
 * Accept-Language, the language switcher) and an automated WCAG 2.2 AA check (axe) of the
 * selection, eID simulator, consent, error and logout pages.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const SE_BANKID = "urn:grn:authn:se:bankid";

function authorizeUrl(baseURL: string | undefined, params: { acr: string[]; uiLocales?: string; prompt?: string; scope?: string }): string {
  const query = new URLSearchParams({
    client_id: "porta-demo",
    redirect_uri: `${baseURL}/playground/callback`,
    response_type: "code",
    scope: params.scope ?? "openid",
    acr_values: params.acr.join(" "),
    state: "i18n",
    nonce: "i18n",
  });
  if (params.uiLocales) query.set("ui_locales", params.uiLocales);
  if (params.prompt) query.set("prompt", params.prompt);
  return `/oauth2/authorize?${query}`;
}

const SELECTION: Record<string, { title: string; denmark: string; sweden: string; cancel: string; secure: string; test: string }> = {
  en: { title: "Choose how to log in", denmark: "Denmark", sweden: "Sweden", cancel: "Cancel and return to", secure: "Secure login", test: "Test environment" },
  da: { title: "Vælg, hvordan du vil logge ind", denmark: "Danmark", sweden: "Sverige", cancel: "Annuller og vend tilbage til", secure: "Sikkert login", test: "Testmiljø" },
  sv: { title: "Välj hur du vill logga in", denmark: "Danmark", sweden: "Sverige", cancel: "Avbryt och gå tillbaka till", secure: "Säker inloggning", test: "Testmiljö" },
  nb: { title: "Velg hvordan du vil logge inn", denmark: "Danmark", sweden: "Sverige", cancel: "Avbryt og gå tilbake til", secure: "Sikker innlogging", test: "Testmiljø" },
  fi: { title: "Valitse tunnistustapa", denmark: "Tanska", sweden: "Ruotsi", cancel: "Peruuta ja palaa palveluun", secure: "Turvallinen kirjautuminen", test: "Testiympäristö" },
};

async function expectSelectionIn(page: Page, locale: string) {
  const text = SELECTION[locale]!;
  await expect(page).toHaveURL(/\/login\/[0-9a-f-]{36}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
  await expect(page.locator("legend").first()).toHaveText(text.denmark);
  await expect(page.locator("legend").nth(1)).toHaveText(text.sweden);
  await expect(page.getByTestId("login-cancel")).toContainText(text.cancel);
  await expect(page.locator("header")).toContainText(text.secure);
  await expect(page.locator("header")).toContainText(text.test);
  await expect(page).toHaveTitle(`${text.title} · Porta`);
}

test.describe("languages", () => {
  for (const locale of ["en", "da", "sv", "nb", "fi"]) {
    test(`selection screen with ui_locales=${locale}`, async ({ page, baseURL }) => {
      await page.goto(authorizeUrl(baseURL, { acr: [MITID, SE_BANKID], uiLocales: locale }));
      await expectSelectionIn(page, locale);
      await expect(page.getByTestId("eid-option")).toHaveCount(2);
    });
  }

  test("ui_locales: the first supported tag counts; no and nn mean Bokmål", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [MITID, SE_BANKID], uiLocales: "de-DE no" }));
    await expectSelectionIn(page, "nb");
  });

  // Chromium sends Accept-Language from the context's locale (e.g. "sv-SE,sv;q=0.9").
  test("Accept-Language when there is no ui_locales; ui_locales wins over it; English otherwise", async ({ browser, baseURL }) => {
    for (const [browserLocale, expected] of [["sv-SE", "sv"], ["da-DK", "da"], ["nb-NO", "nb"], ["fi-FI", "fi"], ["de-DE", "en"]] as const) {
      const context = await browser.newContext({ locale: browserLocale });
      const page = await context.newPage();
      await page.goto(authorizeUrl(baseURL, { acr: [MITID, SE_BANKID] }));
      await expectSelectionIn(page, expected);
      if (browserLocale === "sv-SE") {
        await page.goto(authorizeUrl(baseURL, { acr: [MITID, SE_BANKID], uiLocales: "fi" }));
        await expectSelectionIn(page, "fi");
      }
      await context.close();
    }
  });

  test("the language switcher: the choice wins over ui_locales and follows the login to the next page", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [MITID, SE_BANKID], uiLocales: "da" }));
    await expectSelectionIn(page, "da");
    const switcher = page.getByTestId("language-switcher");
    await expect(switcher).toHaveAttribute("aria-label", "Sprog");
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Dansk");

    await switcher.getByRole("link", { name: "Suomi" }).click();
    await expectSelectionIn(page, "fi"); // same URL, no ?lang left over
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Suomi");

    await page.locator(`[data-testid="eid-option"][data-acr="${SE_BANKID}"]`).click();
    await expect(page).toHaveURL(/\/eid$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fi");
    await expect(page.getByRole("button", { name: "Valitse toinen tunnistustapa" })).toBeVisible();
    await expect(page).toHaveTitle("Kirjaudu · Porta");
    await expect(page.getByTestId("eid-app-text")).toContainText("Kirjaudu palveluun Porta playground");
    await expect(page.getByTestId("eid-approve")).toHaveText("Hyväksy");

    await switcher.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/eid$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("button", { name: "Choose another eID" })).toBeVisible();
    await expect(page.getByTestId("eid-app-text")).toContainText("Log in at Porta playground");
  });

  test("consent page in Swedish", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [MITID], uiLocales: "sv", prompt: "consent", scope: "openid ssn email" }));
    await page.getByTestId("eid-approve").click();
    await expect(page).toHaveURL(/\/consent$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Vill du dela dina uppgifter med");
    await expect(page.getByTestId("consent-scopes")).toContainText("Ditt personnummer");
    await expect(page.getByTestId("consent-scopes")).toContainText("Din e-postadress");
    await expect(page.getByTestId("consent-accept")).toHaveText("Tillåt");
    await expect(page.getByTestId("consent-decline")).toHaveText("Avböj");
  });

  test("a Danish login that fails at the eID step shows the error page in Danish", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [MITID], uiLocales: "da" }));
    await expect(page.getByTestId("test-identity")).toBeVisible();
    // A person the simulator does not know (as a tampered form would send).
    await page.getByTestId("test-identity").evaluate((select: HTMLSelectElement) => {
      select.add(new Option("?", "no-such-person"));
      select.value = "no-such-person";
    });
    await page.getByTestId("eid-approve").click();
    await expect(page.getByTestId("error")).toHaveText("invalid_request");
    await expect(page.locator("html")).toHaveAttribute("lang", "da");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login-anmodningen er ikke gyldig");
    await expect(page.getByText("Fejlkode:")).toBeVisible();
    await expectAccessible(page, "error page (da)");
  });

  test("the error page and the logout page in Swedish when ui_locales=sv", async ({ page, baseURL }) => {
    await page.goto("/oauth2/authorize?client_id=no-such-client&response_type=code&scope=openid&ui_locales=sv");
    await expect(page.getByTestId("error")).toHaveText("invalid_client");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Okänd applikation");
    await expect(page.getByText("Felkod:")).toBeVisible();
    await expect(page).toHaveTitle("Okänd applikation · Porta");

    // A Swedish login to the playground, then the playground's logout with ui_locales=sv.
    await page.goto(authorizeUrl(baseURL, { acr: [MITID], uiLocales: "sv" }));
    await page.getByTestId("eid-approve").click();
    await expect(page).toHaveURL(/\/playground\/result$/);
    await page.goto("/oauth2/logout?client_id=porta-demo&ui_locales=sv");
    await expect(page.getByTestId("logged-out")).toHaveText("Du är utloggad");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page).toHaveTitle("Du är utloggad · Porta");
    await expect(page.getByText("Din session hos Porta för Porta playground har avslutats. Du kan stänga det här fönstret.")).toBeVisible();
    await expectAccessible(page, "logout page (sv)");
  });

  test("a login that has expired, in the browser's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "nb-NO" });
    const page = await context.newPage();
    await page.goto("/login/00000000-0000-4000-8000-000000000000");
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Denne innloggingen er utløpt");
    await expect(page.getByTestId("error")).toHaveText("invalid_request");
    await context.close();
  });
});

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  test("selection screen, in English and Danish", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [MITID, SE_BANKID] }));
    await expect(page.getByTestId("eid-option")).toHaveCount(2);
    await expectAccessible(page, "selection (en)");
    await page.goto(authorizeUrl(baseURL, { acr: [MITID, SE_BANKID], uiLocales: "da" }));
    await expectSelectionIn(page, "da");
    await expectAccessible(page, "selection (da)");
  });

  test("MitID simulator", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [MITID] }));
    await expect(page.getByTestId("test-identity")).toBeVisible();
    await expectAccessible(page, "MitID simulator");
  });

  test("Swedish BankID simulator", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [SE_BANKID, MITID], uiLocales: "sv" }));
    await page.locator(`[data-testid="eid-option"][data-acr="${SE_BANKID}"]`).click();
    await expect(page.getByTestId("test-identity")).toBeVisible();
    await expectAccessible(page, "Swedish BankID simulator");
  });

  test("consent page", async ({ page, baseURL }) => {
    await page.goto(authorizeUrl(baseURL, { acr: [MITID], prompt: "consent", scope: "openid ssn address" }));
    await page.getByTestId("eid-approve").click();
    await expect(page).toHaveURL(/\/consent$/);
    await expectAccessible(page, "consent");
  });

  test("error pages: unknown application and expired login", async ({ page }) => {
    await page.goto("/oauth2/authorize?client_id=unknown&response_type=code&scope=openid");
    await expect(page.getByTestId("error")).toHaveText("invalid_client");
    await expectAccessible(page, "error page");
    await page.goto("/login/00000000-0000-4000-8000-000000000000");
    await expect(page.getByTestId("error")).toHaveText("invalid_request");
    await expectAccessible(page, "expired login");
  });
});
