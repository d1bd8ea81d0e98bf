/**
 * Login webhooks in a real browser with the reference receiver (examples/webhook-receiver), which
 * verifies every Porta token (JWKS, nbf/exp, iss, sub, aud, jti replay).
 */
import { createServer } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { decodeJwt } from "jose";
import { startReceiver, redirectAndResume, type Reply, type RunningReceiver, type WebhookEvent } from "../examples/webhook-receiver/receiver";
import { registerClient, type E2EClient } from "./support/porta";
import { startRelyingParty, type RelyingParty } from "./support/rp-server";

let rp: RelyingParty;
let receiver: RunningReceiver;
let client: E2EClient & { tenant_id?: string; webhook?: { id: string } };
let decide: (event: WebhookEvent, r: { origin: string }) => Reply = () => ({ status: 204 });

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

test.beforeAll(async ({ request, baseURL }) => {
  rp = await startRelyingParty();
  const port = await freePort();
  client = await registerClient(request, {
    client_name: "Webhook Bank",
    redirect_uris: [rp.callback],
    webhook: { url: `http://127.0.0.1:${port}/porta/hooks`, claim_whitelist: ["email"], timeout_ms: 5000 },
  });
  receiver = await startReceiver({
    jwksUrl: `${baseURL}/extensions/service/.well-known/jwks`,
    issuer: `${baseURL}/extensions/service`,
    tenantId: client.tenant_id!,
    extensionId: client.webhook!.id,
    port,
    decide: (event, r) => decide(event, r),
  });
});

test.afterAll(async () => {
  await receiver.close();
  await rp.close();
});

async function login(page: Page, scope = "openid"): Promise<Record<string, string>> {
  const url = `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: rp.callback, response_type: "code", scope, acr_values: "urn:grn:authn:dk:mitid:substantial", state: "wh", nonce: "wh-n" })}`;
  await page.goto(url);
  await page.getByTestId("eid-approve").click();
  return rp.nextResponse();
}

async function idToken(request: APIRequestContext, code: string): Promise<Record<string, unknown>> {
  const basic = Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret!)}`).toString("base64");
  const response = await request.post("/oauth2/token", { headers: { Authorization: `Basic ${basic}` }, form: { grant_type: "authorization_code", code, redirect_uri: rp.callback } });
  expect(response.status()).toBe(200);
  return decodeJwt(((await response.json()) as { id_token: string }).id_token) as Record<string, unknown>;
}

test("204: the login continues unchanged; the receiver saw a verified post-auth event", async ({ page, request }) => {
  decide = () => ({ status: 204 });
  const before = receiver.events.length;
  const response = await login(page);
  const claims = await idToken(request, response.code!);
  expect(claims.acr).toBe("urn:grn:authn:dk:mitid:substantial");
  const event = receiver.events[before]!;
  expect(event.event).toBe("post-auth-event-1.0");
  if (event.event === "post-auth-event-1.0") expect(event.user.sub).toBe(claims.sub);
  expect(receiver.rejections).toEqual([]);
});

test("$set of a namespaced and a whitelisted claim, and $remove, reach the ID token", async ({ page, request }) => {
  decide = () => ({
    status: 200,
    body: { claimsOperations: { $set: { "https://example.com/claims/role": "advisor", email: "peter@example.com" }, $remove: ["birthdate"] } },
  });
  const claims = await idToken(request, (await login(page, "openid birthdate")).code!);
  expect(claims["https://example.com/claims/role"]).toBe("advisor");
  expect(claims.email).toBe("peter@example.com");
  expect(claims).not.toHaveProperty("birthdate");
});

test("abort → access_denied with the webhook's description", async ({ page }) => {
  decide = () => ({ status: 200, body: { abort: { error_description: "Your account is locked" } } });
  expect(await login(page)).toMatchObject({ error: "access_denied", error_description: "Your account is locked", state: "wh" });
});

test("303 → the receiver's page → back to resumeUrl?accepted=true → resume event → claim in the ID token", async ({ page, request }) => {
  decide = redirectAndResume;
  const before = receiver.events.length;
  await page.goto(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: rp.callback, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:dk:mitid:substantial", state: "wh", nonce: "wh-n" })}`);
  await page.getByTestId("eid-approve").click();
  await expect(page).toHaveURL(new RegExp(`^${receiver.origin}/confirm`));
  await page.getByTestId("receiver-accept").click();
  const response = await rp.nextResponse();
  const [postAuth, resume] = receiver.events.slice(before);
  expect(resume?.event).toBe("post-auth-resume-event-1.0");
  expect(resume?.conversationId).toBe(postAuth?.conversationId);
  if (resume?.event === "post-auth-resume-event-1.0") expect(new URL(resume.resumeRequest.url).searchParams.get("accepted")).toBe("true");
  const claims = await idToken(request, response.code!);
  expect(claims["https://example.com/claims/terms-accepted"]).toBe(true);
});
