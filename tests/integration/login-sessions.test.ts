/**
 * Single sign-on sessions and RP-initiated logout (OIDC Core §3.1.2.1,
 * OIDC RP-Initiated Logout 1.0): a completed login leaves a session that answers later requests
 * of the same browser without a login page, unless prompt, max_age or acr_values ask for a new
 * authentication; logout ends it.
 */
import { decodeJwt, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loginId, TestBrowser } from "../support/browser";
import { registerClient, type RegisteredClient } from "../support/clients";
import { advanceClock, resetClock } from "../support/clock";
import {
  authorizePath,
  expectCode,
  expectEidStep,
  expectErrorPage,
  expectRedirectedError,
  login,
  MITID,
  NO_BANKID,
  redeemOk,
  SE_BANKID,
} from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
});

afterEach(resetClock);

afterAll(async () => {
  await porta.close();
});

const LOGGED_OUT = "https://rp.example/logged-out";

/** A browser with a fresh MitID session; returns it with the first login's ID token. */
async function loggedInBrowser(identity = "mitid-1"): Promise<{ browser: TestBrowser; idToken: string }> {
  const browser = new TestBrowser(porta.issuer);
  const done = await login(browser, authorizePath(rp, { acr_values: MITID, state: "first", nonce: "n1" }), identity);
  const tokens = await redeemOk(porta, rp, expectCode(done, porta, "first").code);
  expect(browser.cookie("porta_session")).toBeTruthy();
  return { browser, idToken: tokens.id_token };
}

describe("session reuse", () => {
  it("a second authorize in the same browser returns a code at once, with the same sid and auth_time", async () => {
    const { browser, idToken } = await loggedInBrowser("mitid-2");
    const first = decodeJwt(idToken);

    const again = await browser.get(authorizePath(rp, { acr_values: MITID, state: "second", nonce: "n2" }));
    const { code } = expectCode(again, porta, "second");
    const second = decodeJwt((await redeemOk(porta, rp, code)).id_token);
    expect(second.sid).toBe(first.sid);
    expect(second.auth_time).toBe(first.auth_time);
    expect(second.sub).toBe(first.sub);
    expect(second.acr).toBe(MITID);
    expect(second.nonce).toBe("n2");
  });

  it("without acr_values the session is reused when its eID is among the application's methods", async () => {
    const { browser } = await loggedInBrowser();
    expectCode(await browser.get(authorizePath(rp, { state: "any" })), porta, "any");
  });

  it("prompt=login forces the eID step again, and the new login gets a new session", async () => {
    const { browser, idToken } = await loggedInBrowser();
    const start = await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "login", state: "pl" }));
    const id = expectEidStep(start);
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    const fresh = decodeJwt((await redeemOk(porta, rp, expectCode(done, porta, "pl").code)).id_token);
    expect(fresh.sid).not.toBe(decodeJwt(idToken).sid);
    expect(fresh.sub).toBe(decodeJwt(idToken).sub);
  });

  it("a request whose acr_values do not include the session's eID needs a new login", async () => {
    const { browser } = await loggedInBrowser();
    expectEidStep(await browser.get(authorizePath(rp, { acr_values: SE_BANKID, state: "other-eid" })));
    expectRedirectedError(await browser.get(authorizePath(rp, { acr_values: NO_BANKID, prompt: "none", state: "other-none" })), porta, {
      error: "login_required",
      state: "other-none",
    });
  });

  it("max_age=0 forces re-authentication, while a generous max_age reuses the session", async () => {
    const { browser } = await loggedInBrowser();
    expectCode(await browser.get(authorizePath(rp, { acr_values: MITID, max_age: "3600", state: "ma" })), porta, "ma");
    advanceClock(1_000);
    expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, max_age: "0", state: "ma0" })));
  });

  it("prompt=none without a session is login_required with state and iss", async () => {
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "pn" }));
    expectRedirectedError(hop, porta, { error: "login_required", state: "pn" });
  });

  it("prompt=none with a session returns a code", async () => {
    const { browser } = await loggedInBrowser();
    expectCode(await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "pn-ok" })), porta, "pn-ok");
  });

  it("several acr_values lead to the selection screen, and selecting one to its eID step", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizePath(rp, { acr_values: `${MITID} ${SE_BANKID} ${NO_BANKID}`, state: "sel" }));
    expect(start.status).toBe(303);
    expect(start.location).toMatch(/^\/login\/[0-9a-f-]{36}$/);
    const id = loginId(start.location);
    const selected = await browser.post(`/login/${id}/select`, { acr: NO_BANKID });
    expect(selected.status).toBe(303);
    expect(selected.location).toBe(`/login/${id}/eid`);
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "no-bankid-1", decision: "approve" });
    const claims = decodeJwt((await redeemOk(porta, rp, expectCode(done, porta, "sel").code)).id_token);
    expect(claims.acr).toBe(NO_BANKID);
  });
});

describe("logout", () => {
  it("with id_token_hint and a registered post_logout_redirect_uri: 303 there with state; afterwards prompt=none is login_required", async () => {
    const { browser, idToken } = await loggedInBrowser();
    const out = await browser.get(
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: LOGGED_OUT, state: "bye" })}`,
    );
    expect(out.status).toBe(303);
    expect(out.location).toBe(`${LOGGED_OUT}?state=bye`);
    expect(browser.cookie("porta_session")).toBeUndefined();

    expectRedirectedError(await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "after" })), porta, {
      error: "login_required",
      state: "after",
    });
  });

  it("the session ends on the server too: its old cookie no longer answers prompt=none", async () => {
    const { browser, idToken } = await loggedInBrowser();
    const oldCookie = browser.cookie("porta_session")!;
    await browser.get(`/oauth2/logout?${new URLSearchParams({ id_token_hint: idToken })}`);
    const replay = await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "old" }), {
      Cookie: `porta_session=${oldCookie}`,
    });
    expectRedirectedError(replay, porta, { error: "login_required", state: "old" });
  });

  it("an unregistered post_logout_redirect_uri shows the error page, never a redirect", async () => {
    const { browser, idToken } = await loggedInBrowser();
    const out = await browser.get(
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: "https://evil.example/", state: "x" })}`,
    );
    expectErrorPage(out, "invalid_request");
  });

  it("without id_token_hint: a 200 'logged out' page", async () => {
    const { browser } = await loggedInBrowser();
    const out = await browser.get("/oauth2/logout");
    expect(out.status).toBe(200);
    expect(out.location).toBeNull();
    expect(out.text).toContain('data-testid="logged-out"');
    expectRedirectedError(await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "gone" })), porta, {
      error: "login_required",
      state: "gone",
    });
  });

  it("without id_token_hint, post_logout_redirect_uri is honoured only with the client_id that registered it", async () => {
    const { browser } = await loggedInBrowser();
    const withClient = await browser.get(`/oauth2/logout?${new URLSearchParams({ client_id: rp.client_id, post_logout_redirect_uri: LOGGED_OUT, state: "c" })}`);
    expect(withClient.status).toBe(303);
    expect(withClient.location).toBe(`${LOGGED_OUT}?state=c`);
    const withoutClient = await new TestBrowser(porta.issuer).get(`/oauth2/logout?${new URLSearchParams({ post_logout_redirect_uri: LOGGED_OUT })}`);
    expectErrorPage(withoutClient, "invalid_request");
  });

  it("an id_token_hint that Porta did not sign shows the error page, and the session stays", async () => {
    const { browser, idToken } = await loggedInBrowser();
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ ...decodeJwt(idToken) }).setProtectedHeader({ alg: "RS256", kid: "forged" }).sign(privateKey);
    const out = await browser.get(`/oauth2/logout?${new URLSearchParams({ id_token_hint: forged, post_logout_redirect_uri: LOGGED_OUT })}`);
    expectErrorPage(out, "invalid_request");
    expectErrorPage(await browser.get(`/oauth2/logout?${new URLSearchParams({ id_token_hint: "not-a-jwt" })}`), "invalid_request");
    expectCode(await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "still" })), porta, "still");
  });

  it("a client_id that disagrees with the id_token_hint shows the error page", async () => {
    const { browser, idToken } = await loggedInBrowser();
    const other = await registerClient(porta);
    const out = await browser.get(
      `/oauth2/logout?${new URLSearchParams({ id_token_hint: idToken, client_id: other.client_id, post_logout_redirect_uri: LOGGED_OUT })}`,
    );
    expectErrorPage(out, "invalid_request");
  });
});
