/**
 * Porta's own protocol pages in the five languages (README, "Languages"): the logout page, the
 * form_post page, the consent-withdrawn notice, the error page and the 404 page pick their
 * language as the hosted login does (switcher cookie, ui_locales, Accept-Language, English), set
 * <html lang>, and keep their test hooks and strict headers (the form_post script still runs
 * under its CSP hash).
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRequestRefusalResponse, refusePageRequest } from "../../lib/http/page-request-guard";
import { TestBrowser, type Hop } from "../support/browser";
import { registerClient, type RegisteredClient } from "../support/clients";
import { authorizePath, expectEidStep, expectErrorPage, login, MITID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta, { client_name: "Nordbank & Co" });
});

afterAll(async () => {
  await porta.close();
});

const LOCALES = ["en", "da", "sv", "nb", "fi"] as const;
type Lang = (typeof LOCALES)[number];

const ACCEPT_LANGUAGE: Record<Lang, string> = { en: "en-GB,en;q=0.9", da: "da-DK,da;q=0.9", sv: "sv-SE,sv;q=0.9", nb: "nb-NO,no;q=0.9", fi: "fi-FI,fi;q=0.9" };

const LOGGED_OUT: Record<Lang, { title: string; text: string }> = {
  en: { title: "You are logged out", text: "Your Porta session for Nordbank &amp; Co has ended. You can close this window." },
  da: { title: "Du er logget ud", text: "Din session hos Porta for Nordbank &amp; Co er afsluttet. Du kan lukke dette vindue." },
  sv: { title: "Du är utloggad", text: "Din session hos Porta för Nordbank &amp; Co har avslutats. Du kan stänga det här fönstret." },
  nb: { title: "Du er logget ut", text: "Økten din hos Porta for Nordbank &amp; Co er avsluttet. Du kan lukke dette vinduet." },
  fi: { title: "Olet kirjautunut ulos", text: "Porta-istuntosi on päättynyt palvelussa Nordbank &amp; Co. Voit sulkea tämän ikkunan." },
};

const FORM_POST: Record<Lang, { title: string; button: string; noScript: string }> = {
  en: { title: "Returning to the application", button: "Continue", noScript: "JavaScript is off. Press the button to continue." },
  da: { title: "Du sendes tilbage til tjenesten", button: "Fortsæt", noScript: "JavaScript er slået fra. Tryk på knappen for at fortsætte." },
  sv: { title: "Du skickas tillbaka till tjänsten", button: "Fortsätt", noScript: "JavaScript är avstängt. Tryck på knappen för att fortsätta." },
  nb: { title: "Du sendes tilbake til tjenesten", button: "Fortsett", noScript: "JavaScript er slått av. Trykk på knappen for å fortsette." },
  fi: { title: "Sinut ohjataan takaisin palveluun", button: "Jatka", noScript: "JavaScript ei ole käytössä. Jatka painamalla painiketta." },
};

const UNKNOWN_CLIENT: Record<Lang, string> = {
  en: "Unknown application",
  da: "Ukendt applikation",
  sv: "Okänd applikation",
  nb: "Ukjent applikasjon",
  fi: "Tuntematon sovellus",
};

function lang(hop: Hop): string | undefined {
  return /<html lang="([^"]+)"/.exec(hop.text)?.[1];
}

function heading(hop: Hop, testId?: string): string | undefined {
  const open = testId ? `<h1 data-testid="${testId}">` : "<h1>";
  return new RegExp(`${open}([^<]*)</h1>`).exec(hop.text)?.[1];
}

function title(hop: Hop): string | undefined {
  return /<title>([^<]*) · Porta<\/title>/.exec(hop.text)?.[1];
}

function logoutPath(params: Record<string, string>): string {
  return `/oauth2/logout?${new URLSearchParams(params)}`;
}

/** Asserts the form_post page and that its one inline script is the one its CSP names. */
function expectFormPostPage(hop: Hop): void {
  expect(hop.status, hop.text.slice(0, 300)).toBe(200);
  expect(hop.headers.get("content-type")).toMatch(/^text\/html/);
  const script = /<script>([^<]*)<\/script>/.exec(hop.text)?.[1];
  expect(script).toBe("document.forms[0].submit()");
  const hash = createHash("sha256").update(script!).digest("base64");
  expect(hop.headers.get("content-security-policy")).toContain(`script-src 'sha256-${hash}'`);
  expect(hop.headers.get("x-frame-options")).toBe("DENY");
  expect(hop.headers.get("cache-control")).toBe("no-store");
}

describe("the logout page", () => {
  for (const locale of LOCALES) {
    it(`ui_locales=${locale} → the page in ${locale}, naming the application`, async () => {
      const hop = await new TestBrowser(porta.issuer).get(logoutPath({ client_id: rp.client_id, ui_locales: locale }));
      expect(hop.status).toBe(200);
      expect(lang(hop)).toBe(locale);
      expect(heading(hop, "logged-out")).toBe(LOGGED_OUT[locale].title);
      expect(title(hop)).toBe(LOGGED_OUT[locale].title);
      expect(hop.text).toContain(`<p>${LOGGED_OUT[locale].text}</p>`);
      expect(hop.headers.get("content-security-policy")).toContain("script-src 'none'");
    });

    it(`Accept-Language ${ACCEPT_LANGUAGE[locale]} without ui_locales → ${locale}`, async () => {
      const hop = await new TestBrowser(porta.issuer).get("/oauth2/logout", { "Accept-Language": ACCEPT_LANGUAGE[locale] });
      expect(lang(hop)).toBe(locale);
      expect(heading(hop, "logged-out")).toBe(LOGGED_OUT[locale].title);
    });
  }

  it("ui_locales wins over Accept-Language; its first supported tag counts; no application → the short text", async () => {
    const hop = await new TestBrowser(porta.issuer).get(logoutPath({ ui_locales: "de-DE sv-SE fi" }), { "Accept-Language": "da" });
    expect(lang(hop)).toBe("sv");
    expect(hop.text).toContain("<p>Din session hos Porta har avslutats. Du kan stänga det här fönstret.</p>");
  });

  it("ui_locales in a POSTed logout form counts too", async () => {
    const hop = await new TestBrowser(porta.issuer).post("/oauth2/logout", { ui_locales: "nb" });
    expect(hop.status).toBe(200);
    expect(lang(hop)).toBe("nb");
    expect(heading(hop, "logged-out")).toBe("Du er logget ut");
  });

  it("the language switcher's cookie wins over ui_locales", async () => {
    const hop = await new TestBrowser(porta.issuer).get(logoutPath({ ui_locales: "sv" }), { Cookie: "porta_locale=fi" });
    expect(lang(hop)).toBe("fi");
    expect(heading(hop, "logged-out")).toBe("Olet kirjautunut ulos");
  });

  it("only unsupported languages → English", async () => {
    const hop = await new TestBrowser(porta.issuer).get(logoutPath({ ui_locales: "de fr" }), { "Accept-Language": "es" });
    expect(lang(hop)).toBe("en");
    expect(heading(hop, "logged-out")).toBe("You are logged out");
  });

  it("an unregistered post_logout_redirect_uri → the error page in the logout's ui_locales, no redirect", async () => {
    const hop = await new TestBrowser(porta.issuer).get(
      logoutPath({ client_id: rp.client_id, post_logout_redirect_uri: "https://evil.example/", ui_locales: "sv" }),
      { "Accept-Language": "da" },
    );
    expectErrorPage(hop, "invalid_request");
    expect(lang(hop)).toBe("sv");
    expect(heading(hop)).toBe("Okänd returadress");
  });

  it("an unknown client_id → invalid_client on the error page in Finnish", async () => {
    const hop = await new TestBrowser(porta.issuer).get(logoutPath({ client_id: "no-such-client", ui_locales: "fi" }));
    expectErrorPage(hop, "invalid_client");
    expect(lang(hop)).toBe("fi");
    expect(heading(hop)).toBe("Tuntematon sovellus");
  });
});

describe("the form_post page", () => {
  for (const locale of LOCALES) {
    it(`a login with ui_locales=${locale} posts its response from a page in ${locale}`, async () => {
      const hop = await login(new TestBrowser(porta.issuer), authorizePath(rp, { response_mode: "form_post", acr_values: MITID, ui_locales: locale, state: `fp-${locale}` }));
      expectFormPostPage(hop);
      expect(lang(hop)).toBe(locale);
      expect(title(hop)).toBe(FORM_POST[locale].title);
      expect(heading(hop, "form-post")).toBe(`${FORM_POST[locale].title}…`);
      expect(hop.text).toContain(`<button type="submit">${FORM_POST[locale].button}</button>`);
      expect(hop.text).toContain(`<noscript><p>${FORM_POST[locale].noScript}</p></noscript>`);
      expect(hop.text).toContain(`<input type="hidden" name="state" value="fp-${locale}">`);
    });
  }

  it("without ui_locales the Accept-Language of the request that answers decides", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { response_mode: "form_post", acr_values: MITID })));
    const hop = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }, { "Accept-Language": "nb-NO" });
    expectFormPostPage(hop);
    expect(lang(hop)).toBe("nb");
    expect(heading(hop, "form-post")).toBe("Du sendes tilbake til tjenesten…");
  });

  it("an error posted back (a cancelled Danish login) comes from a Danish page", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { response_mode: "form_post", acr_values: MITID, ui_locales: "da", state: "fp-cancel" })));
    const hop = await browser.post(`/login/${id}/cancel`, {});
    expectFormPostPage(hop);
    expect(lang(hop)).toBe("da");
    expect(hop.text).toContain('<input type="hidden" name="error" value="access_denied">');
    expect(hop.text).toContain("<button type=\"submit\">Fortsæt</button>");
  });
});

describe("the consent-withdrawn notice", () => {
  it("prompt=consent_revoke with ui_locales=sv → the notice in Swedish, naming the application, before continuing", async () => {
    const hop = await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID, prompt: "consent_revoke", ui_locales: "sv", state: "rv-sv" }));
    expect(hop.status).toBe(200);
    expect(lang(hop)).toBe("sv");
    expect(heading(hop, "consent-revoked")).toBe("Samtycket har återkallats");
    expect(hop.text).toContain("<p>Nordbank &amp; Co får inte längre dina uppgifter utan att fråga dig igen.</p>");
    expect(hop.text).toMatch(/<a class="button" href="https:\/\/rp\.example\/callback\?[^"]*">Fortsätt<\/a>/);
  });

  it("under form_post, in Finnish from Accept-Language, with the delayed script its CSP names", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "consent_revoke", response_mode: "form_post", state: "rv-fi" })));
    const hop = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }, { "Accept-Language": "fi-FI" });
    expect(hop.status).toBe(200);
    expect(lang(hop)).toBe("fi");
    expect(heading(hop, "consent-revoked")).toBe("Suostumus on peruttu");
    expect(hop.text).toContain("<p>Palvelu Nordbank &amp; Co ei enää saa tietojasi kysymättä sinulta uudelleen.</p>");
    const script = /<script>([^<]*)<\/script>/.exec(hop.text)?.[1] ?? "";
    expect(script).toContain("setTimeout");
    expect(hop.headers.get("content-security-policy")).toContain(`script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  });
});

describe("the error page and the 404 page", () => {
  for (const locale of LOCALES) {
    it(`an unknown client with Accept-Language ${ACCEPT_LANGUAGE[locale]} → the error page in ${locale}`, async () => {
      const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { client_id: "no-such-client" }), { "Accept-Language": ACCEPT_LANGUAGE[locale] });
      expectErrorPage(hop, "invalid_client");
      expect(lang(hop)).toBe(locale);
      expect(heading(hop)).toBe(UNKNOWN_CLIENT[locale]);
    });
  }

  it("a path no route serves → the 404 page in the browser's language; JSON for other clients", async () => {
    const hop = await new TestBrowser(porta.issuer).get("/no-such-page", { Accept: "text/html", "Accept-Language": "da-DK" });
    expect(hop.status).toBe(404);
    expect(lang(hop)).toBe("da");
    expect(heading(hop)).toBe("Siden findes ikke");
    const json = await new TestBrowser(porta.issuer).get("/no-such-page", { Accept: "application/json", "Accept-Language": "da-DK" });
    expect(json.status).toBe(404);
    expect(JSON.parse(json.text)).toMatchObject({ error: "not_found" });
  });

  it("a refused page request (broken percent-encoding) → the refusal page in Norwegian, its detail in English", async () => {
    const refusal = refusePageRequest({ method: "GET", rawPath: "/login/%", contentLength: undefined, transferEncoding: undefined });
    expect(refusal?.status).toBe(400);
    const response = pageRequestRefusalResponse(refusal!, "text/html", "nb");
    const hop: Hop = { status: response.status, location: null, headers: response.headers, text: await response.text() };
    expect(hop.status).toBe(400);
    expect(lang(hop)).toBe("nb");
    expect(heading(hop)).toBe("Forespørselen kan ikke tas imot");
    expect(hop.text).toContain(`Detaljer: ${refusal!.description}.`);
    expect(hop.headers.get("content-security-policy")).toContain("script-src 'none'");
  });
});
