/**
 * Pause and resume (README, "Login webhooks"): a 303 sends the browser to the webhook's page;
 * the browser that started the login comes back to resumeUrl once, within 15 minutes, and the
 * post-auth-resume event decides how the login continues.
 */
import { describe, expect, it } from "vitest";
import { redirectAndResume, startReceiver } from "../../examples/webhook-receiver/receiver";
import { clearApplicationCache } from "../../lib/clients/find-application";
import { prisma } from "../../lib/db/client";
import { hashToken } from "../../lib/crypto/hash";
import { errorPageCode, TestBrowser } from "../support/browser";
import { RP_CALLBACK } from "../support/clients";
import type { TestPorta } from "../support/test-server";
import {
  closedPort,
  login,
  redeem,
  registerWebhookClient,
  reply,
  rpParams,
  startHookServer,
  type HookHandler,
  type HookServer,
  type WebhookClient,
  useWebhookHarness,
} from "./webhook-support";

let porta: TestPorta;
const { closeAfterTest } = useWebhookHarness((started) => (porta = started));

const CONFIRM = "https://hooks.example/confirm?step=terms";

interface Paused {
  client: WebhookClient;
  server: HookServer;
  browser: TestBrowser;
  state: string;
  nonce: string;
  resumeUrl: string;
  conversationId: string;
}

/** A login whose webhook answered post-auth with 303 CONFIRM; `onResume` answers the resume event. */
async function pausedLogin(onResume: HookHandler = (_req, res) => reply.noContent(res), scope = "openid"): Promise<Paused> {
  const server = await startHookServer((req, res) => {
    if (req.body.event === "post-auth-event-1.0") return void res.writeHead(303, { Location: CONFIRM }).end();
    return onResume(req, res);
  });
  closeAfterTest(() => server.close());
  const client = await registerWebhookClient(porta, server.url);
  const browser = new TestBrowser(porta.issuer);
  const result = await login(porta, client, { browser, scope });
  expect(result.done.status).toBe(303);
  expect(result.done.location).toBe(CONFIRM);
  expect(server.requests).toHaveLength(1);
  const event = server.requests[0]!.body;
  return { client, server, browser, state: result.state, nonce: result.nonce, resumeUrl: event.resumeUrl as string, conversationId: event.conversationId as string };
}

async function loginOf(paused: Paused) {
  const token = new URL(paused.resumeUrl).pathname.split("/").pop()!;
  return (await prisma()).login.findUniqueOrThrow({ where: { conversationId: paused.conversationId }, select: { id: true, state: true, resumeTokenHash: true, resumeExpiresAt: true } }).then((loginRow) => ({ ...loginRow, token }));
}

describe("303 → pause → resume", () => {
  it("sends the browser to Location; the resume event carries the requested absolute URL and the same conversationId; then a code", async () => {
    const paused = await pausedLogin((_req, res) => reply.json(res, { claimsOperations: { $set: { "https://example.com/claims/terms-accepted": true } } }), "openid ssn");
    const loginRow = await loginOf(paused);
    expect(loginRow.state).toBe("paused");
    expect(loginRow.resumeTokenHash).toBe(hashToken(loginRow.token));
    const window = loginRow.resumeExpiresAt!.getTime() - Date.now();
    expect(window).toBeGreaterThan(14 * 60 * 1000);
    expect(window).toBeLessThanOrEqual(15 * 60 * 1000);

    const requested = `${paused.resumeUrl}?accepted=true&note=caf%C3%A9`;
    const done = await paused.browser.get(requested);
    const params = rpParams(done);
    expect(params).toMatchObject({ state: paused.state, iss: porta.issuer });
    expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params).not.toHaveProperty("error");

    expect(paused.server.requests).toHaveLength(2);
    const resume = paused.server.requests[1]!.body;
    expect(resume).toEqual({
      event: "post-auth-resume-event-1.0",
      conversationId: paused.conversationId,
      environment: "test",
      resumeRequest: { url: requested },
    });
    expect(paused.server.requests[1]!.token.jti).not.toBe(paused.server.requests[0]!.token.jti);

    const { idToken, userinfo } = await redeem(porta, paused.client, params.code!, paused.nonce);
    expect(idToken["https://example.com/claims/terms-accepted"]).toBe(true);
    expect(userinfo["https://example.com/claims/terms-accepted"]).toBe(true);
    expect(idToken.cprNumberIdentifier).toBe("1406851237");
    expect(idToken.sub).toBe((paused.server.requests[0]!.body.user as { sub: string }).sub);
  });

  it("a 204 resume answer continues unchanged", async () => {
    const paused = await pausedLogin();
    const params = rpParams(await paused.browser.get(paused.resumeUrl));
    expect(params.code).toBeTruthy();
    expect((paused.server.requests[1]!.body.resumeRequest as { url: string }).url).toBe(paused.resumeUrl);
    const { idToken } = await redeem(porta, paused.client, params.code!, paused.nonce);
    expect(idToken.given_name).toBe("Peter");
  });

  it("a second visit to the used resume URL → 400 error page, no second event and no second code", async () => {
    const paused = await pausedLogin();
    expect(rpParams(await paused.browser.get(paused.resumeUrl)).code).toBeTruthy();
    const again = await paused.browser.get(paused.resumeUrl);
    expect(again.status).toBe(400);
    expect(again.location).toBeNull();
    expect(errorPageCode(again.text)).toBe("invalid_request");
    expect(again.text).not.toContain("code=");
    expect(paused.server.requests).toHaveLength(2);
  });

  it("two simultaneous visits of the resume URL: one resume event, one code, the other visit gets the 400 page", async () => {
    const paused = await pausedLogin(async (_req, res) => {
      // A slow receiver keeps the first visit's resume in flight while the second one arrives.
      await new Promise((resolve) => setTimeout(resolve, 200));
      reply.noContent(res);
    });
    const hops = await Promise.all([paused.browser.get(paused.resumeUrl), paused.browser.get(paused.resumeUrl)]);
    const toRp = hops.filter((hop) => hop.status === 303);
    const refused = hops.filter((hop) => hop.status === 400);
    expect(toRp).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(rpParams(toRp[0]!).code).toBeTruthy();
    expect(errorPageCode(refused[0]!.text)).toBe("invalid_request");
    expect(paused.server.requests.map((r) => r.body.event)).toEqual(["post-auth-event-1.0", "post-auth-resume-event-1.0"]);
  });

  it("the resume URL in another browser → 403 error page, nothing sent; the original browser still completes it", async () => {
    const paused = await pausedLogin();
    const other = new TestBrowser(porta.issuer);
    const refused = await other.get(paused.resumeUrl);
    expect(refused.status).toBe(403);
    expect(refused.location).toBeNull();
    expect(errorPageCode(refused.text)).toBe("invalid_request");
    expect(paused.server.requests).toHaveLength(1);
    expect((await loginOf(paused)).state).toBe("paused");

    // A browser that has its own Porta cookie (another login) is refused too.
    const stranger = new TestBrowser(porta.issuer);
    await stranger.get(`/oauth2/authorize?${new URLSearchParams({ client_id: paused.client.client_id, redirect_uri: "https://rp.example/callback", response_type: "code", scope: "openid", acr_values: "urn:grn:authn:dk:mitid:substantial", state: "x", nonce: "x" })}`);
    expect(stranger.cookie("porta_browser")).toBeTruthy();
    expect((await stranger.get(paused.resumeUrl)).status).toBe(403);

    const params = rpParams(await paused.browser.get(paused.resumeUrl));
    expect(params).toMatchObject({ state: paused.state, iss: porta.issuer });
    expect(params.code).toBeTruthy();
  });

  it("a resume URL that never existed → 400 error page", async () => {
    const browser = new TestBrowser(porta.issuer);
    const hop = await browser.get(`/login/resume/${"A".repeat(43)}`);
    expect(hop.status).toBe(400);
    expect(errorPageCode(hop.text)).toBe("invalid_request");
  });

  it("a return after 15 minutes → server_error at the RP, no resume event", async () => {
    const paused = await pausedLogin();
    await (await prisma()).login.update({ where: { conversationId: paused.conversationId }, data: { resumeExpiresAt: new Date(Date.now() - 1000) } });
    const done = await paused.browser.get(paused.resumeUrl);
    const params = rpParams(done);
    expect(params).toEqual({ error: "server_error", error_description: "The login was not resumed within 15 minutes", state: paused.state, iss: porta.issuer });
    expect(paused.server.requests).toHaveLength(1);
    expect((await loginOf(paused)).state).toBe("failed");
    const again = await paused.browser.get(paused.resumeUrl);
    expect(again.status).toBe(400);
  });

  it("the webhook unreachable on resume → server_error", async () => {
    const paused = await pausedLogin();
    await (await prisma()).webhookExtension.update({ where: { id: paused.client.webhook.id }, data: { url: `http://127.0.0.1:${await closedPort()}/gone` } });
    clearApplicationCache(); // written behind the application service's back
    const params = rpParams(await paused.browser.get(paused.resumeUrl));
    expect(params).toEqual({ error: "server_error", error_description: "login webhook failed", state: paused.state, iss: porta.issuer });
  });
});

describe("prompt=none", () => {
  it("a 303 cannot be followed without showing a page → interaction_required, nothing paused", async () => {
    let answer303 = false;
    const server = await startHookServer((_req, res) => (answer303 ? void res.writeHead(303, { Location: CONFIRM }).end() : reply.noContent(res)));
    closeAfterTest(() => server.close());
    const client = await registerWebhookClient(porta, server.url);
    const browser = new TestBrowser(porta.issuer);
    const first = await login(porta, client, { browser });
    expect(rpParams(first.done).code).toBeTruthy();

    answer303 = true;
    const silent = await browser.get(
      `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:dk:mitid:substantial", state: "silent", nonce: "n", prompt: "none" })}`,
    );
    expect(rpParams(silent)).toEqual({
      error: "interaction_required",
      error_description: "The login webhook asked to show the user a page, which prompt=none does not allow",
      state: "silent",
      iss: porta.issuer,
    });
    expect(server.requests.map((r) => r.body.event)).toEqual(["post-auth-event-1.0", "post-auth-event-1.0"]);
    const loginRow = await (await prisma()).login.findUniqueOrThrow({ where: { conversationId: server.requests[1]!.body.conversationId as string } });
    expect(loginRow.state).toBe("failed");
    expect((await browser.get(server.requests[1]!.body.resumeUrl as string)).status).toBe(400);
  });

  it("a 204 with prompt=none and a session continues silently", async () => {
    const server = await startHookServer((_req, res) => reply.noContent(res));
    closeAfterTest(() => server.close());
    const client = await registerWebhookClient(porta, server.url);
    const browser = new TestBrowser(porta.issuer);
    expect(rpParams((await login(porta, client, { browser })).done).code).toBeTruthy();
    const silent = await browser.get(
      `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:dk:mitid:substantial", state: "silent", nonce: "n", prompt: "none" })}`,
    );
    expect(rpParams(silent).code).toBeTruthy();
    expect(server.requests).toHaveLength(2);
  });
});

describe("with the reference receiver's redirectAndResume", () => {
  async function receiverLogin(accept: "true" | "false") {
    const port = await closedPort();
    const client = await registerWebhookClient(porta, `http://127.0.0.1:${port}/porta/hooks`);
    const receiver = await startReceiver({
      jwksUrl: `${porta.issuer}/extensions/service/.well-known/jwks`,
      issuer: `${porta.issuer}/extensions/service`,
      tenantId: client.tenant_id,
      extensionId: client.webhook.id,
      port,
      decide: redirectAndResume,
    });
    closeAfterTest(() => receiver.close());
    const browser = new TestBrowser(porta.issuer);
    const result = await login(porta, client, { browser });
    expect(result.done.status).toBe(303);
    expect(result.done.location!.startsWith(`${receiver.origin}/confirm?resume=`)).toBe(true);
    const page = await browser.get(result.done.location!);
    expect(page.status).toBe(200);
    const link = new RegExp(`data-testid="receiver-${accept === "true" ? "accept" : "decline"}" href="([^"]+)"`).exec(page.text)![1]!.replace(/&amp;/g, "&");
    expect(new URL(link).searchParams.get("accepted")).toBe(accept);
    const done = await browser.get(link);
    expect(receiver.rejections).toEqual([]);
    expect(receiver.events.map((e) => e.event)).toEqual(["post-auth-event-1.0", "post-auth-resume-event-1.0"]);
    expect(receiver.events[1]!.conversationId).toBe(receiver.events[0]!.conversationId);
    const resume = receiver.events[1]!;
    if (resume.event === "post-auth-resume-event-1.0") expect(resume.resumeRequest.url).toBe(link);
    return { client, result, done };
  }

  it("accept → the receiver's claim is in the ID token", async () => {
    const { client, result, done } = await receiverLogin("true");
    const { idToken } = await redeem(porta, client, rpParams(done).code!, result.nonce);
    expect(idToken["https://example.com/claims/terms-accepted"]).toBe(true);
  });

  it("its confirm page links only to resume URLs it received from Porta (400 otherwise, and it keeps serving)", async () => {
    const { client } = await receiverLogin("true");
    const receiver = await startReceiver({
      jwksUrl: `${porta.issuer}/extensions/service/.well-known/jwks`,
      issuer: `${porta.issuer}/extensions/service`,
      tenantId: client.tenant_id,
      extensionId: client.webhook.id,
      decide: () => {
        throw new Error("decide failed");
      },
    });
    closeAfterTest(() => receiver.close());
    for (const query of ["", "?resume=", "?resume=javascript:alert(1)//", `?resume=${encodeURIComponent("https://evil.example/phish")}`]) {
      const page = await fetch(`${receiver.origin}/confirm${query}`, { signal: AbortSignal.timeout(5000) });
      expect(page.status, query).toBe(400);
      expect(await page.json()).toEqual({ error: "unknown resume URL" });
    }
    // A throwing decide answers 500 (Porta then fails the login) instead of crashing the receiver.
    await (await prisma()).webhookExtension.update({ where: { id: client.webhook.id }, data: { url: `${receiver.origin}/hooks` } });
    clearApplicationCache();
    const failed = await login(porta, client);
    expect(rpParams(failed.done)).toMatchObject({ error: "server_error", error_description: "login webhook failed" });
    expect(receiver.events).toHaveLength(2);
    expect((await fetch(`${receiver.origin}/confirm`, { signal: AbortSignal.timeout(5000) })).status).toBe(400);
  });

  it("decline → access_denied with the receiver's description", async () => {
    const { result, done } = await receiverLogin("false");
    expect(rpParams(done)).toEqual({ error: "access_denied", error_description: "The user did not accept the terms", state: result.state, iss: porta.issuer });
  });
});
