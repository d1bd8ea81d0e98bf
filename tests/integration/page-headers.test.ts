/**
 * The page headers (README, Security, "Headers") on every kind of HTML page, over HTTP where the
 * protocol-only server serves it (Porta's own pages) and through proxy.ts for the pages Next
 * renders (their full rendering in Chromium is e2e/security-headers.spec.ts): frame protection, no
 * referrer, nosniff, no-store, a CSP whose script-src is a fresh nonce or hashes and never
 * 'unsafe-inline'; no HSTS on an http issuer. And Cache-Control: no-store on every back-channel
 * answer.
 */
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "../../proxy";
import { PAGE_STYLE_HASH } from "../../lib/http/page-style";
import { playgroundCallback } from "../../lib/playground/endpoints";
import { TestBrowser } from "../support/browser";
import { basicAuth, registerClient, type RegisteredClient } from "../support/clients";
import { authorizePath, expectEidStep, login, MITID, redeem, type Tokens } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";
import { cspDirective, expectPageHeaders } from "../support/page-headers";

let porta: TestPorta;
let rp: RegisteredClient;
let consentRp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
  consentRp = await registerClient(porta, { consent_required: true });
});

afterAll(async () => {
  await porta.close();
});

describe("Porta's own pages", () => {
  it("error page (an unknown client)", async () => {
    const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { client_id: "no-such-client" }));
    expect(hop.status).toBe(400);
    expectPageHeaders(hop.headers, { https: false });
    expect(cspDirective(hop.headers, "script-src")).toBe("script-src 'none'");
  });

  it("form_post: runs only its hashed script and posts only to the relying party", async () => {
    const hop = await login(new TestBrowser(porta.issuer), authorizePath(rp, { response_mode: "form_post", acr_values: MITID, state: "fp" }));
    expect(hop.status).toBe(200);
    expectPageHeaders(hop.headers, { https: false });
    expect(cspDirective(hop.headers, "script-src")).toMatch(/^script-src 'sha256-[A-Za-z0-9+/]+={0,2}'$/);
    expect(cspDirective(hop.headers, "form-action")).toBe("form-action https://rp.example");
  });

  it("consent-withdrawn notice", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(consentRp, { acr_values: MITID, prompt: "consent_revoke", state: "rv" })));
    const hop = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expect(hop.text).toContain('data-testid="consent-revoked"');
    expectPageHeaders(hop.headers, { https: false });
  });

  it("logout page", async () => {
    const hop = await new TestBrowser(porta.issuer).get("/oauth2/logout");
    expect(hop.status).toBe(200);
    expect(hop.headers.get("content-type")).toMatch(/^text\/html/);
    expectPageHeaders(hop.headers, { https: false });
  });

  it("an unknown path's 404 for a browser", async () => {
    const hop = await new TestBrowser(porta.issuer).get("/no-such-page", { Accept: "text/html" });
    expect(hop.status).toBe(404);
    expectPageHeaders(hop.headers, { https: false });
  });

  it("the playground's fragment relay page", async () => {
    const response = await playgroundCallback(new Request(`${porta.issuer}/playground/callback`));
    expectPageHeaders(response.headers, { https: false });
    expect(cspDirective(response.headers, "script-src")).toMatch(/^script-src 'sha256-/);
  });

  it("the page's <style> is exactly the one the CSP names by hash", async () => {
    const hop = await new TestBrowser(porta.issuer).get("/no-such-page", { Accept: "text/html" });
    const style = /<style>([\s\S]*?)<\/style>/.exec(hop.text)?.[1] ?? "";
    const { createHash } = await import("node:crypto");
    expect(cspDirective(hop.headers, "style-src")).toBe(`style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`);
  });
});

describe("pages Next renders (through proxy.ts)", () => {
  const PAGES = ["/", "/login/0b6f6a3e-5a43-4f55-9d4b-1f2e3d4c5b6a", "/login/0b6f6a3e-5a43-4f55-9d4b-1f2e3d4c5b6a/eid", "/login/0b6f6a3e-5a43-4f55-9d4b-1f2e3d4c5b6a/consent", "/dashboard/signin", "/dashboard", "/playground", "/playground/result", "/test/devices", "/no-such-page"];

  it("each gets the page headers and a fresh nonce, handed to Next on the request as well", async () => {
    const nonces = new Set<string>();
    for (const path of [...PAGES, ...PAGES]) {
      const response = await proxy(new NextRequest(`${porta.issuer}${path}`));
      expectPageHeaders(response.headers, { https: false });
      const csp = response.headers.get("content-security-policy")!;
      expect(response.headers.get("x-middleware-request-content-security-policy"), path).toBe(csp);
      const nonce = /'nonce-([A-Za-z0-9_-]{22,})'/.exec(cspDirective(response.headers, "script-src") ?? "")?.[1];
      expect(nonce, `${path}: ${csp}`).toBeDefined();
      expect(nonces.has(nonce!), `${path} reuses a nonce`).toBe(false);
      nonces.add(nonce!);
      expect(cspDirective(response.headers, "style-src")).toBe(`style-src 'self' 'nonce-${nonce}' '${PAGE_STYLE_HASH}'`);
    }
  });
});

describe("back-channel answers are never cached", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  it("token, PAR, CIBA, headless and userinfo errors", async () => {
    const wrong = { Authorization: basicAuth(rp.client_id, "not-the-secret"), ...form };
    const answers = await Promise.all([
      fetch(`${porta.issuer}/oauth2/token`, { method: "POST", headers: form, body: "grant_type=authorization_code&code=x" }),
      fetch(`${porta.issuer}/oauth2/token`, { method: "POST", headers: wrong, body: "grant_type=authorization_code&code=x" }),
      fetch(`${porta.issuer}/oauth2/par`, { method: "POST", headers: wrong, body: "response_type=code" }),
      fetch(`${porta.issuer}/ciba/bc-authorize`, { method: "POST", headers: wrong, body: "scope=openid" }),
      fetch(`${porta.issuer}/headless/authorize`, { method: "POST", headers: wrong, body: "scope=openid" }),
      fetch(`${porta.issuer}/oauth2/userinfo`),
      fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: "Bearer not-a-token-0123456789" } }),
      fetch(`${porta.issuer}/oauth2/token`, { method: "GET" }),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.url).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get("cache-control"), `${answer.status} ${answer.url}`).toBe("no-store");
    }
  });

  it("token, PAR and userinfo successes", async () => {
    const done = await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID, state: "ok" }));
    const code = new URL(done.location!).searchParams.get("code")!;
    const token = await redeem(porta, rp, code);
    expect(token.status).toBe(200);
    expect(token.headers.get("cache-control")).toBe("no-store");
    const tokens = (await token.json()) as Tokens;
    const userinfo = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(userinfo.headers.get("cache-control")).toBe("no-store");
    const par = await fetch(`${porta.issuer}/oauth2/par`, {
      method: "POST",
      headers: { Authorization: basicAuth(rp.client_id, rp.client_secret!), ...form },
      body: new URLSearchParams({ response_type: "code", client_id: rp.client_id, redirect_uri: "https://rp.example/callback", scope: "openid" }).toString(),
    });
    expect(par.status, await par.clone().text()).toBe(201);
    expect(par.headers.get("cache-control")).toBe("no-store");
  });
});
