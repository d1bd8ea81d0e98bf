/**
 * Response types and modes (README, "Responses"; OAuth 2.0 Multiple Response Type Encoding
 * Practices, OAuth 2.0 Form Post Response Mode, RFC 9207): the implicit ID token in the fragment by
 * default, form_post as a self-submitting page whose CSP only lets it post to the relying party,
 * query allowed with id_token, and iss on every response.
 */
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseParams, TestBrowser, type Hop } from "../support/browser";
import { registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectCode, expectEidStep, login, MITID, redeemOk, unescapeHtml } from "../support/hosted-login";
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

async function verifyIdToken(idToken: string, nonce: string) {
  const jwks = createRemoteJWKSet(new URL(`${porta.issuer}/.well-known/jwks`));
  const { payload } = await jwtVerify(idToken, jwks, { issuer: porta.issuer, audience: rp.client_id });
  expect(payload.nonce).toBe(nonce);
  expect(payload.acr).toBe(MITID);
  return payload;
}

/** The form of a form_post page: its action and hidden fields (HTML-unescaped). */
function formPost(hop: Hop): { action: string; fields: Record<string, string> } {
  expect(hop.status, hop.text.slice(0, 300)).toBe(200);
  expect(hop.location).toBeNull();
  expect(hop.headers.get("content-type")).toMatch(/^text\/html/);
  const form = /<form method="post" action="([^"]+)">/.exec(hop.text);
  expect(form, hop.text).not.toBeNull();
  const fields: Record<string, string> = {};
  for (const m of hop.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[unescapeHtml(m[1]!)] = unescapeHtml(m[2]!);
  return { action: unescapeHtml(form![1]!), fields };
}

function formActionOf(hop: Hop): string | undefined {
  const csp = hop.headers.get("content-security-policy") ?? "";
  return csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("form-action "));
}

describe("implicit flow (response_type=id_token)", () => {
  it("returns the ID token, state and iss in the fragment by default, and the ID token verifies with the nonce", async () => {
    const done = await login(new TestBrowser(porta.issuer), authorizePath(rp, { response_type: "id_token", nonce: "n-frag", acr_values: MITID, state: "s-frag" }));
    expect(done.status).toBe(303);
    expect(done.location!.startsWith(`${RP_CALLBACK}#`), done.location!).toBe(true);
    expect(new URL(done.location!).search).toBe("");
    const params = responseParams(done.location!);
    expect(params).toMatchObject({ state: "s-frag", iss: porta.issuer });
    expect(params).not.toHaveProperty("code");
    await verifyIdToken(params.id_token!, "n-frag");
  });

  it("response_mode=form_post answers a page that posts id_token, state and iss to the redirect_uri, and may post only there", async () => {
    const done = await login(
      new TestBrowser(porta.issuer),
      authorizePath(rp, { response_type: "id_token", response_mode: "form_post", nonce: "n-fp", acr_values: MITID, state: "s-fp" }),
    );
    const { action, fields } = formPost(done);
    expect(action).toBe(RP_CALLBACK);
    expect(fields).toMatchObject({ state: "s-fp", iss: porta.issuer });
    expect(Object.keys(fields).sort()).toEqual(["id_token", "iss", "state"]);
    await verifyIdToken(fields.id_token!, "n-fp");
    expect(formActionOf(done)).toBe("form-action https://rp.example");
  });

  it("response_mode=query with id_token is allowed", async () => {
    const done = await login(
      new TestBrowser(porta.issuer),
      authorizePath(rp, { response_type: "id_token", response_mode: "query", nonce: "n-q", acr_values: MITID, state: "s-q" }),
    );
    expect(done.status).toBe(303);
    expect(done.location!.startsWith(`${RP_CALLBACK}?`)).toBe(true);
    expect(new URL(done.location!).hash).toBe("");
    const params = responseParams(done.location!);
    expect(params).toMatchObject({ state: "s-q", iss: porta.issuer });
    await verifyIdToken(params.id_token!, "n-q");
  });
});

describe("code flow response modes", () => {
  it("code with response_mode=form_post posts code, state and iss, and the code redeems", async () => {
    const done = await login(new TestBrowser(porta.issuer), authorizePath(rp, { response_mode: "form_post", nonce: "n-cfp", acr_values: MITID, state: "s-cfp" }));
    const { action, fields } = formPost(done);
    expect(action).toBe(RP_CALLBACK);
    expect(Object.keys(fields).sort()).toEqual(["code", "iss", "state"]);
    expect(fields).toMatchObject({ state: "s-cfp", iss: porta.issuer });
    const tokens = await redeemOk(porta, rp, fields.code!);
    await verifyIdToken(tokens.id_token, "n-cfp");
  });

  it("code with response_mode=fragment puts code, state and iss in the fragment", async () => {
    const done = await login(new TestBrowser(porta.issuer), authorizePath(rp, { response_mode: "fragment", acr_values: MITID, state: "s-cf" }));
    expect(done.location!.startsWith(`${RP_CALLBACK}#`)).toBe(true);
    expect(responseParams(done.location!)).toMatchObject({ state: "s-cf", iss: porta.issuer });
  });

  it("errors use the requested response mode: a cancel under form_post posts error, state and iss", async () => {
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { response_mode: "form_post", acr_values: MITID, state: "s-err" })));
    const cancelled = await browser.post(`/login/${id}/authenticate`, { identity: "mitid-1", decision: "cancel" });
    const { action, fields } = formPost(cancelled);
    expect(action).toBe(RP_CALLBACK);
    expect(fields).toMatchObject({ error: "access_denied", state: "s-err", iss: porta.issuer });
    expect(fields.error_description).toBeTruthy();
    expect(fields).not.toHaveProperty("code");
  });

  it("the default code response is a query at the redirect_uri", async () => {
    expectCode(await login(new TestBrowser(porta.issuer), authorizePath(rp, { acr_values: MITID, state: "s-def" })), porta, "s-def");
  });
});
