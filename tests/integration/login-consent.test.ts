/**
 * The consent step (README, "Consent" and "Sessions": consent_required, prompt=consent and
 * prompt=consent_revoke): asked once per person and application, remembered, asked again with
 * prompt=consent, refused under prompt=none, and withdrawn with prompt=consent_revoke.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import { loginId, responseParams, TestBrowser, type Hop } from "../support/browser";
import { registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import {
  authorizePath,
  expectCode,
  expectEidStep,
  expectRedirectedError,
  b64url,
  login,
  MITID,
  MOCK,
  unescapeHtml,
} from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta, { consent_required: true });
});

afterAll(async () => {
  await porta.close();
});

function expectConsentStep(hop: Hop): string {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location).toMatch(/^\/login\/[0-9a-f-]{36}\/consent$/);
  return loginId(hop.location);
}

async function consentCount(): Promise<number> {
  const app = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: rp.client_id } });
  return (await prisma()).consent.count({ where: { applicationId: app.id } });
}

let people = 0;

/** An authorize path that logs a new person in with the mock eID (no eID page), so each test has its own consent. */
function mockPerson(): (params?: Record<string, string>) => string {
  const hint = `mock:${b64url(JSON.stringify({ sub: `consent-person-${++people}`, name: "Consent Person" }))}`;
  return (params = {}) => authorizePath(rp, { acr_values: MOCK, login_hint: hint, ...params });
}

/** Runs `path` in `browser` up to the consent step and accepts it. */
async function acceptConsent(browser: TestBrowser, path: string, state: string): Promise<void> {
  const id = expectConsentStep(await browser.get(path));
  expectCode(await browser.post(`/login/${id}/consent-decision`, { decision: "accept" }), porta, state);
}

describe("consent", () => {
  it("after the eID step the consent page comes, and accepting returns a code", async () => {
    const before = await consentCount();
    const browser = new TestBrowser(porta.issuer);
    const done = await login(browser, authorizePath(rp, { acr_values: MITID, state: "a1" }), "mitid-1");
    const id = expectConsentStep(done);
    expect(browser.cookie("porta_session")).toBeTruthy();
    expectCode(await browser.post(`/login/${id}/consent-decision`, { decision: "accept" }), porta, "a1");
    expect(await consentCount()).toBe(before + 1);
  });

  it("a second login of the same person does not ask again, in the same browser or a new one", async () => {
    const person = mockPerson();
    const browser = new TestBrowser(porta.issuer);
    await acceptConsent(browser, person({ state: "a2" }), "a2");
    expectCode(await browser.get(person({ state: "a2-same" })), porta, "a2-same");
    expectCode(await new TestBrowser(porta.issuer).get(person({ state: "a2-new" })), porta, "a2-new");
  });

  it("declining returns access_denied with state, and stores no consent", async () => {
    const person = mockPerson();
    const before = await consentCount();
    const browser = new TestBrowser(porta.issuer);
    const id = expectConsentStep(await browser.get(person({ state: "d1" })));
    expectRedirectedError(await browser.post(`/login/${id}/consent-decision`, { decision: "decline" }), porta, { error: "access_denied", state: "d1" });
    expect(await consentCount()).toBe(before);
    expectConsentStep(await new TestBrowser(porta.issuer).get(person({ state: "d2" })));
  });

  it("prompt=consent asks again even with stored consent", async () => {
    const person = mockPerson();
    const browser = new TestBrowser(porta.issuer);
    await acceptConsent(browser, person({ state: "pc0" }), "pc0");
    await acceptConsent(browser, person({ prompt: "consent", state: "pc" }), "pc");
  });

  it("prompt=none without stored consent is consent_required", async () => {
    // A session for a person who has not consented: the consent step was reached, then declined.
    const person = mockPerson();
    const browser = new TestBrowser(porta.issuer);
    const id = expectConsentStep(await browser.get(person({ state: "x" })));
    expectRedirectedError(await browser.post(`/login/${id}/consent-decision`, { decision: "decline" }), porta, { error: "access_denied", state: "x" });
    expect(browser.cookie("porta_session")).toBeTruthy();

    expectRedirectedError(await browser.get(person({ prompt: "none", state: "pn" })), porta, { error: "consent_required", state: "pn" });
  });

  it("prompt=consent_revoke deletes the stored consent and confirms it on a page that continues to the app with access_denied", async () => {
    const person = mockPerson();
    const browser = new TestBrowser(porta.issuer);
    await acceptConsent(browser, person({ state: "rv0" }), "rv0");
    const before = await consentCount();

    const page = await browser.get(person({ prompt: "consent_revoke", state: "rv" }));
    expect(page.status).toBe(200);
    expect(page.location).toBeNull();
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toContain('data-testid="consent-revoked"');
    const refresh = /<meta http-equiv="refresh" content="\d+;url=([^"]+)">/.exec(page.text);
    expect(refresh, page.text).not.toBeNull();
    const target = unescapeHtml(refresh![1]!);
    expect(target.startsWith(`${RP_CALLBACK}?`), target).toBe(true);
    expect(responseParams(target)).toMatchObject({ error: "access_denied", state: "rv", iss: porta.issuer });
    expect(await consentCount()).toBe(before - 1);

    // The next login asks again.
    await acceptConsent(browser, person({ state: "next" }), "next");
  });

  it("prompt=consent_revoke without a session runs the eID step first", async () => {
    const first = new TestBrowser(porta.issuer);
    const consent = expectConsentStep(await login(first, authorizePath(rp, { acr_values: MITID, state: "c" }), "mitid-2"));
    expectCode(await first.post(`/login/${consent}/consent-decision`, { decision: "accept" }), porta, "c");

    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "consent_revoke", state: "rv2" })));
    const page = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-2", decision: "approve" });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="consent-revoked"');
    expectConsentStep(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID, state: "after" }), "mitid-2"));
  });
});
