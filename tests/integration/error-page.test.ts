/**
 * Porta's one error page (lib/http/error-page.ts) as every browser endpoint shows it: in the
 * login's language (ui_locales, then Accept-Language), from the hosted login's messages, with
 * the code in data-testid="error", never a redirect; and the browser error handler's choice
 * between that page and the relying party.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorPageCode, TestBrowser, type Hop } from "../support/browser";
import { registerClient, type RegisteredClient } from "../support/clients";
import { authorizePath, expectEidStep, expectErrorPage, expectRedirectedError, MITID, SE_BANKID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

function heading(hop: Hop): string | undefined {
  return /<h1>([^<]*)<\/h1>/.exec(hop.text)?.[1];
}

function lang(hop: Hop): string | undefined {
  return /<html lang="([^"]+)"/.exec(hop.text)?.[1];
}

describe("the error page speaks the login's language", () => {
  const UNKNOWN_CLIENT: Record<string, string> = {
    en: "Unknown application",
    da: "Ukendt applikation",
    sv: "Okänd applikation",
    nb: "Ukjent applikasjon",
    fi: "Tuntematon sovellus",
  };

  for (const [locale, title] of Object.entries(UNKNOWN_CLIENT)) {
    it(`an unknown client with ui_locales=${locale} → invalid_client in ${locale}`, async () => {
      const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { client_id: "no-such-client", ui_locales: locale }));
      expectErrorPage(hop, "invalid_client");
      expect(lang(hop)).toBe(locale);
      expect(heading(hop)).toBe(title);
    });
  }

  it("without ui_locales the browser's Accept-Language decides (nb-NO → Norwegian)", async () => {
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { redirect_uri: "https://evil.example/cb" }), { "Accept-Language": "nb-NO,nb;q=0.9,en;q=0.5" });
    expectErrorPage(hop, "invalid_redirect_uri");
    expect(lang(hop)).toBe("nb");
    expect(heading(hop)).toBe("Ukjent returadresse");
  });

  it("a Danish login that fails at the eID step (an identity the simulator does not have) shows the page in Danish, and the login goes on", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, ui_locales: "da", state: "da-1" })));
    const failed = await browser.post(`/login/${id}/authenticate`, { identity: "no-such-person", decision: "approve" });
    expectErrorPage(failed, "invalid_request");
    expect(lang(failed)).toBe("da");
    expect(heading(failed)).toBe("Login-anmodningen er ikke gyldig");
    expect(failed.text).toContain("Fejlkode:");
    // The person can still pick a real identity: the login was not ended.
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expect(done.status).toBe(303);
    expect(done.location).toMatch(/^https:\/\/rp\.example\/callback\?.*\bcode=/);
  });

  it("a second submit of a finished Swedish login → the finished page in Swedish, no second response", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, ui_locales: "sv" })));
    await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    const again = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expectErrorPage(again, "invalid_request");
    expect(lang(again)).toBe("sv");
    expect(heading(again)).toBe("Inloggningen är redan avslutad");
  });

  it("a form posted from another site → 403 in the login's language, nothing moves", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, ui_locales: "fi" })));
    const hop = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1" }, { Origin: "https://evil.example", "Accept-Language": "fi" });
    expectErrorPage(hop, "invalid_request", 403);
    expect(heading(hop)).toBe("Lomake tuli toiselta sivustolta");
  });
});

describe("the hosted pages' problem page", () => {
  it("an unknown login → the expired page in the browser's language", async () => {
    const hop = await new TestBrowser(porta.issuer).get("/login/00000000-0000-4000-8000-000000000000/problem?p=expired", { "Accept-Language": "da" });
    expectErrorPage(hop, "invalid_request");
    expect(heading(hop)).toBe("Dette login er udløbet");
  });

  it("an unknown problem name is shown as a plain bad request, nothing of the query echoed", async () => {
    const hop = await new TestBrowser(porta.issuer).get("/login/00000000-0000-4000-8000-000000000000/problem?p=%3Cscript%3Ealert(1)%3C/script%3E");
    expectErrorPage(hop, "invalid_request");
    expect(hop.text).not.toContain("<script>alert");
    expect(heading(hop)).toBe("The login request is not valid");
  });

  it("a selection screen of a finished login sends the browser to the finished page", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizePath(rp, { acr_values: `${MITID} ${SE_BANKID}`, ui_locales: "nb" }));
    const id = /^\/login\/([0-9a-f-]{36})$/.exec(start.location ?? "")?.[1];
    expect(id, start.location ?? "").toBeTruthy();
    const cancelled = await browser.post(`/login/${id}/cancel`, {});
    expectRedirectedError(cancelled, porta, { error: "access_denied" });
    const problem = await browser.get(`/login/${id}/problem?p=finished`);
    expect(errorPageCode(problem.text)).toBe("invalid_request");
    expect(heading(problem)).toBe("Denne innloggingen er avsluttet");
  });
});
