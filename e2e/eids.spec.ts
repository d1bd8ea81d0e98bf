/**
 * One full login per eID family through the playground (the seeded demo application has every
 * test-tenant eID enabled, and takes its ID tokens encrypted, as FTN requires in every tenant):
 * the simulator page, its identity claims in the ID token, the BankID QR that changes every
 * second, and the bank pickers.
 */
import { expect, test, type Page } from "@playwright/test";

async function startLogin(page: Page, acr: string, scopes: string[] = []) {
  await page.goto("/playground");
  await page.locator(`input[name="acr_values"][value="${acr}"]`).check();
  for (const scope of scopes) await page.locator(`input[name="scopes"][value="${scope}"]`).check();
  await page.getByTestId("playground-start").click();
  await expect(page).toHaveURL(/\/login\/[0-9a-f-]{36}\/eid$/);
  await expect(page.getByTestId("test-identity")).toBeVisible();
}

async function chooseIdentity(page: Page, id: string) {
  await page.getByTestId("test-identity").selectOption(id);
}

async function approve(page: Page): Promise<Record<string, unknown>> {
  await page.getByTestId("eid-approve").click();
  await expect(page).toHaveURL(/\/playground\/result$/);
  await expect(page.getByTestId("playground-status")).toContainText("Login succeeded");
  return JSON.parse((await page.getByTestId("playground-id-token").innerText()).trim()) as Record<string, unknown>;
}

/** The result page says the ID token came encrypted to the demo application's key, and shows the JWE header. */
async function expectEncryptedIdToken(page: Page) {
  await expect(page.getByTestId("playground-status")).toContainText("the ID token was decrypted, and its signature, issuer, audience and nonce were verified");
  await expect(page.getByTestId("playground-id-token-encrypted")).toHaveAttribute("data-encrypted", "true");
  await expect(page.getByTestId("playground-id-token-encrypted")).toContainText("Encrypted ID token.");
  const jwe = JSON.parse((await page.getByTestId("playground-id-token-encryption").innerText()).trim()) as Record<string, unknown>;
  expect(jwe).toMatchObject({ alg: "RSA-OAEP-256", enc: "A256GCM", cty: "JWT", kid: expect.stringMatching(/^playground-/) });
  const header = JSON.parse((await page.getByTestId("playground-id-token-header").innerText()).trim()) as Record<string, unknown>;
  expect(header).toMatchObject({ alg: "RS256" });
}

test.describe("MitID", () => {
  for (const [level, step] of [
    ["low", "MitID app — one factor"],
    ["substantial", "MitID app"],
    ["high", "MitID app + code display"],
  ] as const) {
    test(`${level}: the ${step} step, CPR with scope ssn`, async ({ page }) => {
      const acr = `urn:grn:authn:dk:mitid:${level}`;
      await startLogin(page, acr, ["ssn"]);
      await expect(page.getByTestId("eid-authenticator")).toHaveText(step);
      await expect(page.getByTestId("eid-app-text")).toHaveText("Log in at Porta playground");
      const claims = await approve(page);
      expect(claims).toMatchObject({
        acr,
        identityscheme: "dkmitid",
        authenticationtype: acr,
        authenticationmethod: "mitid:app",
        country: "DK",
        cprNumberIdentifier: "1406851237",
        name: "Peter Jensen",
        loA: `https://data.gov.dk/concept/core/nsis/loa/${level[0]?.toUpperCase()}${level.slice(1)}`,
      });
    });
  }

  test("MitID Erhverv: an organisation-bound identity, CVR and organisation claims", async ({ page }) => {
    const acr = "urn:grn:authn:dk:mitid:business";
    await startLogin(page, acr, ["ssn"]);
    await expect(page.getByTestId("test-identity").locator("option")).toContainText(["Nordlys Solenergi ApS", "Møller & Søn Tømrerfirma ApS", "Havnens Revision A/S"]);
    await chooseIdentity(page, "mitid-business-2");
    const claims = await approve(page);
    expect(claims).toMatchObject({
      acr,
      identityscheme: "dkmitid",
      cprNumberIdentifier: "2109791593",
      cvrNumberIdentifier: "41293055",
      "2.5.4.10": "Møller & Søn Tømrerfirma ApS",
      companySignatory: "true",
    });
  });
});

test.describe("Swedish BankID", () => {
  test("same device: the Open BankID app step, ssn with scope ssn", async ({ page }) => {
    const acr = "urn:grn:authn:se:bankid:same-device";
    await startLogin(page, acr, ["ssn"]);
    await expect(page.getByTestId("bankid-qr")).toHaveCount(0);
    await expect(page.getByTestId("bankid-open-app")).toHaveAttribute("data-hydrated", "true");
    await page.getByTestId("bankid-open-app").click();
    await expect(page.getByRole("status")).toContainText("The BankID app is open");
    await expect(page.getByTestId("eid-authenticator")).toHaveText("BankID app on this device");
    const claims = await approve(page);
    expect(claims).toMatchObject({ acr, identityscheme: "sebankid", authenticationmethod: "bankid:same-device", country: "SE", ssn: "199003152387", givenname: "Anna", surname: "Lindqvist" });
  });

  test("another device: the QR code changes every second", async ({ page }) => {
    const acr = "urn:grn:authn:se:bankid:another-device";
    await startLogin(page, acr, ["ssn"]);
    const qr = page.getByRole("img", { name: "QR code for BankID on another device" });
    await expect(qr).toHaveAttribute("data-testid", "bankid-qr");
    await expect(qr).toHaveAttribute("data-frame", /^\d+$/);
    const frame = Number(await qr.getAttribute("data-frame"));
    const pattern = await qr.innerHTML();
    // The page draws a new frame every second: wait for the next one, not for a fixed time.
    await expect.poll(async () => Number(await qr.getAttribute("data-frame"))).toBeGreaterThan(frame);
    await expect.poll(() => qr.innerHTML()).not.toBe(pattern);
    await expect(page.getByTestId("bankid-open-app")).toHaveCount(0);
    await chooseIdentity(page, "se-bankid-2");
    const claims = await approve(page);
    expect(claims).toMatchObject({ acr, identityscheme: "sebankid", authenticationmethod: "bankid:another-device", ssn: "197808094515", name: "Erik Johansson" });
  });

  test("another device, QR: login", async ({ page }) => {
    const acr = "urn:grn:authn:se:bankid:another-device:qr";
    await startLogin(page, acr, ["ssn"]);
    await expect(page.getByTestId("bankid-qr")).toBeVisible();
    const claims = await approve(page);
    expect(claims).toMatchObject({ acr, identityscheme: "sebankid", authenticationmethod: "bankid:another-device", ssn: "199003152387" });
  });
});

test("Norwegian BankID (biometrics): socialno with scope ssn", async ({ page }) => {
  const acr = "urn:grn:authn:no:bankid:substantial";
  await startLogin(page, acr, ["ssn", "email"]);
  await expect(page.getByTestId("eid-authenticator")).toHaveText("BankID app with biometrics");
  const claims = await approve(page);
  expect(claims).toMatchObject({ acr, identityscheme: "nobankid-oidc", authenticationmethod: "bankid:biometrics", country: "NO", socialno: "22048712359", email: "ingrid.hansen@example.com" });
  expect(claims).not.toHaveProperty("certsubject");
});

test("Vipps MobilePay: socialno, contact details and address", async ({ page }) => {
  const acr = "urn:grn:authn:no:vipps";
  await startLogin(page, acr, ["ssn", "email", "phone", "address"]);
  await expect(page.getByTestId("eid-authenticator")).toHaveText("Vipps app");
  const claims = await approve(page);
  expect(claims).toMatchObject({
    acr,
    identityscheme: "novippslogin",
    authenticationmethod: "vipps:app",
    country: "NO",
    socialno: "30089112334",
    name: "Jonas Solberg",
    email: "jonas.solberg@example.com",
    phone_number: "+4748123401",
    address: { locality: "Tromsø" },
  });
});

test.describe("Finnish Trust Network", () => {
  test("bank ID: choose a bank with the keyboard, then log in; hetu with scope ssn", async ({ page }) => {
    const acr = "urn:grn:authn:fi:bank-id";
    await startLogin(page, acr, ["ssn", "birthdate"]);
    const select = page.getByTestId("test-identity");
    await expect(page.getByRole("radio", { name: "Nordea" })).toBeChecked();
    await expect(select).toHaveValue("ftn-1");
    await expect(page.getByTestId("eid-bank-choice")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("radio", { name: "Nordea" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "OP" })).toBeChecked();
    await expect(select).toHaveValue("ftn-2");
    const claims = await approve(page);
    expect(claims).toMatchObject({ acr, identityscheme: "fitupas", authenticationmethod: "ftn:op", country: "FI", hetu: "270962-318X", birthdate: "1962-09-27", name: "Aino Korhonen" });
    expect(claims).not.toHaveProperty("satu");
    await expectEncryptedIdToken(page);
  });

  test("mobile ID: choose the operator; satu with scope ssn", async ({ page }) => {
    const acr = "urn:grn:authn:fi:mobile-id";
    await startLogin(page, acr, ["ssn"]);
    await expect(page.getByRole("group", { name: "Choose your mobile operator" })).toBeVisible();
    await expect(page.getByTestId("eid-bank-choice")).toHaveAttribute("data-hydrated", "true");
    await page.locator('[data-testid="eid-bank"][data-bank="dna"]').click();
    await expect(page.getByTestId("test-identity")).toHaveValue("ftn-3");
    const claims = await approve(page);
    expect(claims).toMatchObject({ acr, identityscheme: "fitupas", authenticationmethod: "ftn:dna", satu: "31452908X", name: "Elias Mäkinen" });
    expect(claims).not.toHaveProperty("hetu");
    await expectEncryptedIdToken(page);
  });
});

test("Freja eID: ssn and registrationLevel", async ({ page }) => {
  const acr = "urn:grn:authn:se:frejaid";
  await startLogin(page, acr, ["ssn", "phone"]);
  await chooseIdentity(page, "freja-2");
  const claims = await approve(page);
  expect(claims).toMatchObject({ acr, identityscheme: "sefrejaid", authenticationmethod: "freja:app", country: "SE", ssn: "195911024478", registrationLevel: "PLUS", phone_number: "+46731234502" });
});

test("iDIN: choose the bank; names, birthdate and address; ssn yields no national id", async ({ page }) => {
  const acr = "urn:grn:authn:nl:idin";
  await startLogin(page, acr, ["ssn", "birthdate", "address"]);
  await expect(page.getByTestId("eid-bank-choice")).toHaveAttribute("data-hydrated", "true");
  await page.locator('[data-testid="eid-bank"][data-bank="rabobank"]').click();
  await expect(page.getByRole("radio", { name: "Rabobank" })).toBeChecked();
  await expect(page.getByTestId("test-identity")).toHaveValue("idin-2");
  const claims = await approve(page);
  expect(claims).toMatchObject({ acr, identityscheme: "nlidin", authenticationmethod: "idin:rabobank", country: "NL", name: "Daan Bakker", birthdate: "1971-10-30", address: { locality: "Utrecht" } });
  for (const claim of ["ssn", "socialno", "hetu", "cprNumberIdentifier"]) expect(claims).not.toHaveProperty(claim);
});

test("German eID: nationality, place of birth and address; no national id", async ({ page }) => {
  const acr = "urn:grn:authn:de:personalausweis";
  await startLogin(page, acr, ["ssn", "birthdate", "address"]);
  await expect(page.getByTestId("eid-authenticator")).toHaveText("ID card + PIN in the AusweisApp");
  const claims = await approve(page);
  expect(claims).toMatchObject({
    acr,
    identityscheme: "deadesso",
    authenticationmethod: "deeid:card",
    country: "DE",
    name: "Lukas Schneider",
    nationality: "DE",
    place_of_birth: "München",
    address: { locality: "Berlin" },
  });
  expect(claims).not.toHaveProperty("ssn");
});
