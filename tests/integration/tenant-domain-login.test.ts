/**
 * The hosted login on a tenant domain (README, "Tenant domains"): a browser login runs on the
 * domain from the authorization request to the code, with host-only cookies and the domain as
 * `iss`; a session or a login of one tenant is unknown on another tenant's domain. Requests reach
 * the test server on 127.0.0.1 with the domain as Host, as a browser's would.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { config } from "../../lib/config";
import { loadLoginPage } from "../../lib/login/page-data";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { withIssuerContext } from "../../lib/tenants/issuer-context";
import { responseParams, TestBrowser, type Hop } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectEidStep, expectErrorPage, MITID } from "../support/hosted-login";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let port: number;
let acmeHost: string;
let betaHost: string;
let acmeId: string;
let betaId: string;
let acme: RegisteredClient;
let beta: RegisteredClient;

const issuerOf = (host: string) => `http://${host}`;

/** A browser that reaches `host` (and any other name) on the test server. */
function browserOn(host: string): TestBrowser {
  return new TestBrowser(issuerOf(host), fetchOnLoopback(port));
}

async function registerOn(host: string): Promise<RegisteredClient> {
  const response = await fetchOnLoopback(port)(`${issuerOf(host)}/oauth2/register`, {
    method: "POST",
    headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: "Domain RP", redirect_uris: [RP_CALLBACK], response_types: ["code"], grant_types: ["authorization_code"] }),
  });
  const body = (await response.json()) as RegisteredClient;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Asserts a code at RP_CALLBACK whose `iss` is `host`'s issuer; returns the parameters. */
function expectCodeFrom(hop: Hop, host: string, state: string): Record<string, string> {
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  expect(hop.location?.startsWith(`${RP_CALLBACK}?`), hop.location ?? "").toBe(true);
  const params = responseParams(hop.location!);
  expect(params.error, params.error_description).toBeUndefined();
  expect(params).toMatchObject({ iss: issuerOf(host), state });
  expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return params;
}

async function redeemOn(host: string, client: RegisteredClient, code: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetchOnLoopback(port)(`${issuerOf(host)}/oauth2/token`, {
    method: "POST",
    headers: { Authorization: basicAuth(client.client_id, client.client_secret!), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The cookies a hop sets, by name, with their attributes. */
function setCookies(hop: Hop): Map<string, string> {
  return new Map(hop.headers.getSetCookie().map((header) => [header.slice(0, header.indexOf("=")), header]));
}

/** Authorize on `host`, then approve the test identity: the eID step's answer. */
async function loginOn(browser: TestBrowser, client: RegisteredClient, state: string): Promise<{ start: Hop; done: Hop }> {
  const start = await browser.get(authorizePath(client, { acr_values: MITID, state, nonce: `nonce-${state}` }));
  const id = expectEidStep(start);
  const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
  return { start, done };
}

beforeAll(async () => {
  porta = await startTestPorta();
  port = config().port;
  acmeHost = `acme.localhost:${port}`;
  betaHost = `beta.localhost:${port}`;
  acmeId = (await createTenant({ name: "Acme (login)", environment: "test", domains: [acmeHost] }, null, SYSTEM_ACTOR)).id;
  betaId = (await createTenant({ name: "Beta (login)", environment: "test", domains: [betaHost] }, null, SYSTEM_ACTOR)).id;
  forgetHostMap();
  acme = await registerOn(acmeHost);
  beta = await registerOn(betaHost);
});

afterAll(async () => {
  await porta.close();
});

describe("the hosted login on a tenant domain", () => {
  it("authorize → eID step → code → tokens, all on the domain, with host-only cookies and the domain as iss", async () => {
    const browser = browserOn(acmeHost);
    const { start, done } = await loginOn(browser, acme, "full");
    const started = setCookies(start).get("porta_browser");
    expect(started).toBeDefined();
    expect(started).not.toMatch(/;\s*Domain=/i);
    expect(browser.cookie("porta_browser")).toBeTruthy();

    const { code } = expectCodeFrom(done, acmeHost, "full");
    const session = setCookies(done).get("porta_session");
    expect(session).toBeDefined();
    expect(session).not.toMatch(/;\s*Domain=/i);

    const tokens = await redeemOn(acmeHost, acme, code!);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(decodeJwt(tokens.body.id_token as string)).toMatchObject({ iss: issuerOf(acmeHost), aud: acme.client_id, nonce: "nonce-full", acr: MITID });
    // The session answers the next request on the same domain without a login page.
    expectCodeFrom(await browser.get(authorizePath(acme, { acr_values: MITID, prompt: "none", state: "again" })), acmeHost, "again");
  });

  it("a login form posted from PUBLIC_URL or another domain is refused (otherSite), and the login goes on", async () => {
    const browser = browserOn(acmeHost);
    const id = expectEidStep(await browser.get(authorizePath(acme, { acr_values: MITID, state: "origin" })));
    for (const origin of [new URL(porta.issuer).origin, issuerOf(betaHost)]) {
      const refused = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }, { Origin: origin });
      expectErrorPage(refused, "invalid_request", 403);
    }
    expectCodeFrom(await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }), acmeHost, "origin");
  });

  it("on an https domain the cookies are Secure and __Host- prefixed, while PUBLIC_URL (http) keeps plain names", async () => {
    const host = "login.gamma.example";
    await createTenant({ name: "Gamma (login)", environment: "test", domains: [host] }, null, SYSTEM_ACTOR);
    forgetHostMap();
    const response = await fetchOnLoopback(port)(`https://${host}/oauth2/register`, {
      method: "POST",
      headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ client_name: "Gamma RP", redirect_uris: [RP_CALLBACK], response_types: ["code"], grant_types: ["authorization_code"] }),
    });
    expect(response.status).toBe(201);
    const gamma = (await response.json()) as RegisteredClient;
    const browser = new TestBrowser(`https://${host}`, fetchOnLoopback(port));
    const start = await browser.get(authorizePath(gamma, { acr_values: MITID, state: "tls" }));
    const cookie = setCookies(start).get("__Host-porta_browser");
    expect(cookie).toMatch(/;\s*Secure/);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(setCookies(start).has("porta_browser")).toBe(false);
    const done = await browser.post(`/login/${expectEidStep(start)}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expect(done.status, done.text.slice(0, 300)).toBe(303);
    expect(responseParams(done.location!)).toMatchObject({ iss: `https://${host}`, state: "tls" });
    expect(setCookies(done).get("__Host-porta_session")).toMatch(/;\s*Secure/);

    const plain = await new TestBrowser(porta.issuer).get(authorizePath(await registerClient(porta), { acr_values: MITID }));
    expectEidStep(plain);
    expect(setCookies(plain).get("porta_browser")).not.toMatch(/;\s*Secure/);
    expect(plain.headers.getSetCookie().some((c) => c.startsWith("__Host-"))).toBe(false);
  });
});

describe("one tenant's login and session are unknown on another tenant's domain", () => {
  it("a session on acme does not log in on beta, even when its cookie is sent there", async () => {
    const browser = browserOn(acmeHost);
    expectCodeFrom((await loginOn(browser, acme, "sso")).done, acmeHost, "sso");
    const sessionCookie = `porta_session=${browser.cookie("porta_session")!}`;

    const onBeta = browserOn(betaHost);
    const none = await onBeta.get(authorizePath(beta, { acr_values: MITID, prompt: "none", state: "b-none" }), { Cookie: sessionCookie });
    expect(none.status).toBe(303);
    const params = responseParams(none.location!);
    expect(params).toMatchObject({ error: "login_required", state: "b-none", iss: issuerOf(betaHost) });
    expect(params).not.toHaveProperty("code");
    // Without prompt=none the person authenticates again on beta.
    expectEidStep(await onBeta.get(authorizePath(beta, { acr_values: MITID, state: "b-login" }), { Cookie: sessionCookie }));
  });

  it("a login of acme opened on beta is an error page and shows nothing of acme; acme still finishes it", async () => {
    const browser = browserOn(acmeHost);
    const id = expectEidStep(await browser.get(authorizePath(acme, { acr_values: MITID, state: "cross" })));
    const cookie = `porta_browser=${browser.cookie("porta_browser")!}`;
    const origin = issuerOf(betaHost);

    const posted = await browser.post(`${origin}/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }, { Cookie: cookie });
    expectErrorPage(posted, "invalid_request");
    expect(posted.text).not.toContain("Domain RP");
    const status = await browser.get(`${origin}/login/${id}/eid/status`, { Cookie: cookie });
    expect(status.status).toBe(404);
    expect(JSON.parse(status.text)).toMatchObject({ error: "invalid_request" });

    // The pages' loader (app/login/...) answers as the page's Host: missing on beta, the login on acme.
    const browserToken = browser.cookie("porta_browser");
    const onBeta = await withIssuerContext({ kind: "tenant", issuer: issuerOf(betaHost), tenantId: betaId }, () => loadLoginPage(id, browserToken));
    expect(onBeta).toEqual({ kind: "missing" });
    const onPublicUrl = await withIssuerContext({ kind: "default", issuer: porta.issuer }, () => loadLoginPage(id, browserToken));
    expect(onPublicUrl).toEqual({ kind: "missing" });
    const onAcme = await withIssuerContext({ kind: "tenant", issuer: issuerOf(acmeHost), tenantId: acmeId }, () => loadLoginPage(id, browserToken));
    expect(onAcme.kind).toBe("ok");

    expectCodeFrom(await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }), acmeHost, "cross");
  });
});
