/**
 * An https issuer (README, Security, "Headers"): pages add HSTS, and Porta's cookies are `__Host-`
 * (Secure, Path=/, no Domain); a cookie under its plain http name is not read. The server is
 * reached over loopback http as behind a TLS-terminating proxy; form posts carry the issuer's
 * Origin.
 */
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { proxy } from "../../proxy";
import { playgroundCookie } from "../../lib/playground/session";
import { TestBrowser } from "../support/browser";
import { registerClient, type RegisteredClient } from "../support/clients";
import { authorizePath, expectEidStep, expectRedirectedError, MITID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";
import { expectPageHeaders } from "../support/page-headers";

const { local } = vi.hoisted(() => {
  // Before anything reads the configuration: the same port, an https issuer.
  const env = process.env as Record<string, string | undefined>;
  const local = env.PUBLIC_URL!;
  env.PUBLIC_URL = local.replace(/^http:/, "https:");
  return { local };
});

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  expect(porta.issuer.startsWith("https://")).toBe(true);
  rp = await registerClient({ ...porta, issuer: local });
});

afterAll(async () => {
  await porta.close();
});

function expectHostCookie(setCookie: string, name: string): void {
  expect(setCookie.startsWith(`__Host-${name}=`), setCookie).toBe(true);
  const attributes = setCookie.split(";").map((a) => a.trim().toLowerCase());
  expect(attributes).toContain("secure");
  expect(attributes).toContain("path=/");
  expect(attributes).toContain("httponly");
  expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
}

describe("an https issuer", () => {
  it("Porta's own pages and the pages Next renders send HSTS", async () => {
    const hop = await new TestBrowser(local).get(authorizePath(rp, { client_id: "no-such-client" }));
    expectPageHeaders(hop.headers, { https: true });
    expectPageHeaders((await proxy(new NextRequest(`${porta.issuer}/dashboard`))).headers, { https: true });
  });

  it("the browser binding and session cookies are __Host- and only that name is read", async () => {
    const browser = new TestBrowser(local);
    const start = await browser.get(authorizePath(rp, { acr_values: MITID, state: "h1" }));
    const id = expectEidStep(start);
    expectHostCookie(start.headers.getSetCookie().find((c) => c.startsWith("__Host-porta_browser="))!, "porta_browser");
    const done = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "approve" }, { Origin: porta.issuer });
    expect(done.status, done.text.slice(0, 300)).toBe(303);
    expect(new URL(done.location!).searchParams.get("code")).toBeTruthy();
    const session = done.headers.getSetCookie().find((c) => c.startsWith("__Host-porta_session="))!;
    expectHostCookie(session, "porta_session");

    // SSO under the name in force…
    const again = await browser.get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "h2" }));
    expect(new URL(again.location!).searchParams.get("code")).toBeTruthy();
    // …but not under the plain http name.
    const value = browser.cookie("__Host-porta_session")!;
    const plain = await fetch(`${local}${authorizePath(rp, { acr_values: MITID, prompt: "none", state: "h3" })}`, { redirect: "manual", headers: { Cookie: `porta_session=${value}` } });
    expectRedirectedError({ status: plain.status, location: plain.headers.get("location"), headers: plain.headers, text: "" }, porta, { error: "login_required", state: "h3" });
  });

  it("the language switcher's and the playground's cookies are __Host-", async () => {
    const switched = await proxy(new NextRequest(`${porta.issuer}/login/0b6f6a3e-5a43-4f55-9d4b-1f2e3d4c5b6a?lang=da`));
    expect(switched.status).toBe(303);
    expectHostCookie(switched.headers.get("set-cookie")!, "porta_locale");
    expectHostCookie(playgroundCookie("porta_playground", "v1.a.b.c", 900), "porta_playground");
  });
});
