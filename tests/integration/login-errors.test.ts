/**
 * How the authorization endpoint and the hosted login's form posts fail (README, "Errors"; RFC 6749
 * §4.1.2.1): requests that cannot be tied to a registered client and redirect_uri get Porta's error
 * page and never a redirect; every other error returns to the redirect_uri with error,
 * error_description, state and iss, in the request's response mode; login steps refuse forms from
 * other browsers, other sites and finished logins.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import { errorPageCode, loginId, TestBrowser } from "../support/browser";
import { registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import {
  authorizePath,
  b64url,
  expectCode,
  expectEidStep,
  expectErrorPage,
  expectRedirectedError,
  MITID,
  SE_BANKID,
} from "../support/hosted-login";
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

/** Codes issued so far (a completed browser login holds its code's hash). */
async function issuedCodes(): Promise<number> {
  return (await prisma()).login.count({ where: { codeHash: { not: null } } });
}

/** GET /oauth2/authorize for `rp` in a fresh browser. */
function authorize(params: Record<string, string | null> = {}, raw = "") {
  return new TestBrowser(porta.issuer).get(authorizePath(rp, params, raw));
}

describe("authorize: errors shown on Porta's error page, never redirected", () => {
  it("an unknown client_id shows invalid_client", async () => {
    expectErrorPage(await authorize({ client_id: "no-such-client", state: "s" }), "invalid_client");
  });

  it("a missing client_id shows invalid_client", async () => {
    expectErrorPage(await authorize({ client_id: null, state: "s" }), "invalid_client");
  });

  it("a repeated client_id shows invalid_client, even when both values are the same registered client", async () => {
    expectErrorPage(await authorize({ state: "s" }, `&client_id=${encodeURIComponent(rp.client_id)}`), "invalid_client");
  });

  it("a missing redirect_uri shows invalid_redirect_uri", async () => {
    expectErrorPage(await authorize({ redirect_uri: null, state: "s" }), "invalid_redirect_uri");
  });

  it.each([
    ["an extra path segment", `${RP_CALLBACK}/more`],
    ["an added query", `${RP_CALLBACK}?x=1`],
    ["different case", "https://RP.example/Callback"],
    ["a trailing slash", `${RP_CALLBACK}/`],
    ["another host", "https://evil.example/callback"],
  ])("a redirect_uri differing from the registered one by %s shows invalid_redirect_uri", async (_what, redirectUri) => {
    expectErrorPage(await authorize({ redirect_uri: redirectUri, state: "s" }), "invalid_redirect_uri");
  });

  it("a repeated redirect_uri shows invalid_redirect_uri", async () => {
    expectErrorPage(await authorize({ state: "s" }, `&redirect_uri=${encodeURIComponent(RP_CALLBACK)}`), "invalid_redirect_uri");
  });

  it("a redirect_uri with a #fragment after a registered one is accepted, and the fragment is dropped", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizePath(rp, { redirect_uri: `${RP_CALLBACK}#frag`, acr_values: MITID, state: "s-frag" }));
    const id = expectEidStep(start);
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expectCode(done, porta, "s-frag");
    expect(new URL(done.location!).hash).toBe("");
    const login = await (await prisma()).login.findUniqueOrThrow({ where: { id } });
    expect((login.request as { redirectUri: string }).redirectUri).toBe(RP_CALLBACK);
  });

  it("a JSON POST to the authorization endpoint shows invalid_request", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: rp.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid" }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(errorPageCode(await response.text())).toBe("invalid_request");
  });
});

describe("authorize: errors returned to the redirect_uri with state and iss", () => {
  it("a scope without openid is invalid_scope", async () => {
    expectRedirectedError(await authorize({ scope: "profile email", state: "s1" }), porta, { error: "invalid_scope", state: "s1" });
  });

  it("a missing scope is invalid_scope", async () => {
    expectRedirectedError(await authorize({ scope: null, state: "s2" }), porta, { error: "invalid_scope", state: "s2" });
  });

  it("an unknown response_type is unsupported_response_type", async () => {
    expectRedirectedError(await authorize({ response_type: "token", state: "s3" }), porta, { error: "unsupported_response_type", state: "s3" });
  });

  it("a missing response_type is invalid_request", async () => {
    expectRedirectedError(await authorize({ response_type: null, state: "s4" }), porta, { error: "invalid_request", state: "s4" });
  });

  it("a response_type the client did not register is unauthorized_client", async () => {
    const codeOnly = await registerClient(porta, { response_types: ["code"], grant_types: ["authorization_code"] });
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(codeOnly, { response_type: "id_token", nonce: "n", state: "s5" }));
    expectRedirectedError(hop, porta, { error: "unauthorized_client", state: "s5", mode: "fragment" });
  });

  it("an unknown response_mode is invalid_request, delivered in the response type's default mode", async () => {
    expectRedirectedError(await authorize({ response_mode: "web_message", state: "s6" }), porta, { error: "invalid_request", state: "s6", mode: "query" });
    expectRedirectedError(await authorize({ response_type: "id_token", nonce: "n", response_mode: "web_message", state: "s6b" }), porta, {
      error: "invalid_request",
      state: "s6b",
      mode: "fragment",
    });
  });

  it("an unknown prompt value is invalid_request", async () => {
    expectRedirectedError(await authorize({ prompt: "dance", state: "s7" }), porta, { error: "invalid_request", state: "s7" });
  });

  it("prompt=none combined with login is invalid_request", async () => {
    expectRedirectedError(await authorize({ prompt: "none login", state: "s8" }), porta, { error: "invalid_request", state: "s8" });
  });

  it("an unknown acr_values value is invalid_request", async () => {
    expectRedirectedError(await authorize({ acr_values: "urn:grn:authn:xx:nothing", state: "s9" }), porta, { error: "invalid_request", state: "s9" });
  });

  it("a repeated state is invalid_request", async () => {
    expectRedirectedError(await authorize({ state: "s10" }, "&state=other"), porta, { error: "invalid_request", state: "s10" });
  });

  it("a repeated scope is invalid_request", async () => {
    expectRedirectedError(await authorize({ state: "s11" }, "&scope=openid"), porta, { error: "invalid_request", state: "s11" });
  });

  it("response_type=id_token without nonce is invalid_request in the fragment", async () => {
    expectRedirectedError(await authorize({ response_type: "id_token", state: "s12" }), porta, { error: "invalid_request", state: "s12", mode: "fragment" });
  });

  const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

  it("PKCE code_challenge_method=plain is invalid_request", async () => {
    expectRedirectedError(await authorize({ code_challenge: CHALLENGE, code_challenge_method: "plain", state: "s13" }), porta, {
      error: "invalid_request",
      state: "s13",
    });
  });

  it("a code_challenge without code_challenge_method is invalid_request", async () => {
    expectRedirectedError(await authorize({ code_challenge: CHALLENGE, state: "s14" }), porta, { error: "invalid_request", state: "s14" });
  });

  it("a code_challenge_method without code_challenge is invalid_request", async () => {
    expectRedirectedError(await authorize({ code_challenge_method: "S256", state: "s15" }), porta, { error: "invalid_request", state: "s15" });
  });

  it("a public client (token_endpoint_auth_method none) without PKCE is invalid_request", async () => {
    const spa = await registerClient(porta, { token_endpoint_auth_method: "none" });
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(spa, { state: "s16" }));
    expectRedirectedError(hop, porta, { error: "invalid_request", state: "s16" });
  });

  it("an unsigned request object (request=..., alg none) is refused with state: request_not_supported, or invalid_request_object where request objects are supported", async () => {
    // OIDC Core §6.1: which code depends on whether discovery advertises request objects.
    const discovery = (await (await fetch(`${porta.issuer}/.well-known/openid-configuration`)).json()) as { request_parameter_supported?: boolean };
    const expected = discovery.request_parameter_supported ? "invalid_request_object" : "request_not_supported";
    const unsigned = `${b64url(JSON.stringify({ alg: "none" }))}.${b64url(JSON.stringify({ client_id: rp.client_id, scope: "openid" }))}.`;
    expectRedirectedError(await authorize({ request: unsigned, state: "s17" }), porta, { error: expected, state: "s17" });
  });

  it("login_hint action:dance is invalid_request", async () => {
    expectRedirectedError(await authorize({ acr_values: MITID, login_hint: "action:dance", state: "s18" }), porta, { error: "invalid_request", state: "s18" });
  });

  it("a login_hint message: that is not base64url is invalid_request", async () => {
    expectRedirectedError(await authorize({ acr_values: MITID, login_hint: "message:not*base64/url!", state: "s19" }), porta, {
      error: "invalid_request",
      state: "s19",
    });
  });

  it("a MitID message over 130 characters is invalid_request, and one of exactly 130 is accepted", async () => {
    expectRedirectedError(await authorize({ acr_values: MITID, login_hint: `message:${b64url("x".repeat(131))}`, state: "s20" }), porta, {
      error: "invalid_request",
      state: "s20",
    });
    expectEidStep(await authorize({ acr_values: MITID, login_hint: `message:${b64url("ø".repeat(130))}`, state: "s20b" }));
  });

  it("a BankID message over 1500 characters after base64url encoding is invalid_request", async () => {
    const hint = (chars: number) => `message:${b64url("y".repeat(chars))}`;
    expect(hint(1125).length - "message:".length).toBe(1500);
    expectEidStep(await authorize({ acr_values: SE_BANKID, login_hint: hint(1125), state: "s20c" }));
    expectRedirectedError(await authorize({ acr_values: SE_BANKID, login_hint: hint(1128), state: "s20d" }), porta, {
      error: "invalid_request",
      state: "s20d",
    });
  });

  it("a repeated login_hint form (two action: values) is invalid_request", async () => {
    expectRedirectedError(await authorize({ acr_values: MITID, login_hint: "action:sign action:login", state: "s20e" }), porta, {
      error: "invalid_request",
      state: "s20e",
    });
  });

  it("unknown login_hint forms (foo:bar, an email address) are ignored", async () => {
    expectEidStep(await authorize({ acr_values: MITID, login_hint: "foo:bar", state: "s21" }));
    expectEidStep(await authorize({ acr_values: MITID, login_hint: "someone@example.com", state: "s21b" }));
  });

  it("max_age=abc is invalid_request", async () => {
    expectRedirectedError(await authorize({ max_age: "abc", state: "s22" }), porta, { error: "invalid_request", state: "s22" });
  });

  it("a form-encoded POST to the authorization endpoint works like GET, errors included", async () => {
    const browser = new TestBrowser(porta.issuer);
    const body = { client_id: rp.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MITID, state: "s23" };
    const start = await browser.post("/oauth2/authorize", body);
    const id = expectEidStep(start);
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-2", decision: "approve" });
    expectCode(done, porta, "s23");

    const bad = await new TestBrowser(porta.issuer).post("/oauth2/authorize", { ...body, scope: "profile" });
    expectRedirectedError(bad, porta, { error: "invalid_scope", state: "s23" });
  });
});

describe("login steps", () => {
  it("cancelling on the eID step returns access_denied to the relying party with state", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c1" })));
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "cancel" });
    expectRedirectedError(done, porta, { error: "access_denied", state: "c1" });
    expect(browser.cookie("porta_session")).toBeUndefined();
  });

  it("cancelling on the selection screen returns access_denied to the relying party with state", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizePath(rp, { acr_values: `${MITID} ${SE_BANKID}`, state: "c2" }));
    expect(start.status).toBe(303);
    expect(start.location).toMatch(/^\/login\/[0-9a-f-]{36}$/);
    const done = await browser.post(`/login/${loginId(start.location)}/cancel`, {});
    expectRedirectedError(done, porta, { error: "access_denied", state: "c2" });
  });

  it("selecting an eID that was not offered shows the error page and issues nothing", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizePath(rp, { acr_values: `${MITID} ${SE_BANKID}`, state: "c3" }));
    const id = loginId(start.location);
    const before = await issuedCodes();
    expectErrorPage(await browser.post(`/login/${id}/select`, { acr: "urn:grn:authn:no:bankid" }), "invalid_request");
    expect(await issuedCodes()).toBe(before);
    const login = await (await prisma()).login.findUniqueOrThrow({ where: { id } });
    expect(login.state).toBe("eid_selection");
  });

  it("a login step posted without the browser cookie of the browser that started it shows the error page", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c4" })));
    const before = await issuedCodes();
    const other = new TestBrowser(porta.issuer);
    expectErrorPage(await other.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }), "invalid_request");
    expect(await issuedCodes()).toBe(before);
    // The rightful browser can still finish.
    expectCode(await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }), porta, "c4");
  });

  it("a login step posted from another origin is refused with 403", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c5" })));
    const before = await issuedCodes();
    const hop = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }, { Origin: "https://evil.example" });
    expectErrorPage(hop, "invalid_request", 403);
    expect(await issuedCodes()).toBe(before);
  });

  it("a second post after the login completed shows the 'finished' error page and issues no second code", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c6" })));
    expectCode(await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }), porta, "c6");
    const before = await issuedCodes();
    const again = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expectErrorPage(again, "invalid_request");
    expect(again.text).toContain("already finished");
    expect(await issuedCodes()).toBe(before);
  });

  it("two concurrent approvals of one login issue exactly one code", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c6b" })));
    const before = await issuedCodes();
    const hops = await Promise.all([
      browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }),
      browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }),
    ]);
    const toRp = hops.filter((h) => h.status === 303);
    expect(toRp).toHaveLength(1);
    expectCode(toRp[0]!, porta, "c6b");
    expectErrorPage(hops.find((h) => h.status !== 303)!, "invalid_request");
    expect(await issuedCodes()).toBe(before + 1);
  });

  it("a login older than its lifetime can no longer be completed", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c6c" })));
    await (await prisma()).login.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await issuedCodes();
    expectErrorPage(await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }), "invalid_request");
    expect(await issuedCodes()).toBe(before);
  });

  it("an unknown test identity shows the error page and issues nothing", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c7" })));
    const before = await issuedCodes();
    expectErrorPage(await browser.post(`/login/${id}/authenticate`, { identity: "mitid-999", decision: "approve" }), "invalid_request");
    expect(await issuedCodes()).toBe(before);
    expect(browser.cookie("porta_session")).toBeUndefined();
  });

  it("'back' on the eID step returns to the selection screen, where another eID can be chosen", async () => {
    const browser = new TestBrowser(porta.issuer);
    const start = await browser.get(authorizePath(rp, { acr_values: `${MITID} ${SE_BANKID}`, state: "c8" }));
    const id = loginId(start.location);
    const selected = await browser.post(`/login/${id}/select`, { acr: MITID });
    expect(selected.status).toBe(303);
    expect(selected.location).toBe(`/login/${id}/eid`);
    const back = await browser.post(`/login/${id}/back`, {});
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/login/${id}`);
    const reselected = await browser.post(`/login/${id}/select`, { acr: SE_BANKID });
    expect(reselected.location).toBe(`/login/${id}/eid`);
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "se-bankid-1", decision: "approve" });
    expectCode(done, porta, "c8");
    const login = await (await prisma()).login.findUniqueOrThrow({ where: { id } });
    expect(login).toMatchObject({ state: "completed", acr: SE_BANKID });
  });
});
