/**
 * Decoupled logins: CIBA poll mode driven by openid-client 6's CIBA helpers, and headless, with the
 * person's answer given on the simulated devices endpoint (/test/devices/<id>/approve|decline),
 * headless without login_hint approved as a chosen test person, and what production tenants
 * without a connection for the flow answer.
 */
import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { config } from "../../lib/config";
import { hashToken } from "../../lib/crypto/hash";
import { pendingDeviceRequests } from "../../lib/decoupled/devices";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { currentIssuerContext } from "../../lib/tenants/issuer-context";
import { basicAuth, registerClient, registerClientOn, type RegisteredClient } from "../support/clients";
import { advanceClock, resetClock } from "../support/clock";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let ciba: RegisteredClient;
let headless: RegisteredClient;
const SE = "urn:grn:authn:se:bankid";
const ERIK = "197808094515"; // se-bankid-2

beforeAll(async () => {
  porta = await startTestPorta();
  ciba = await registerClient(porta, { grant_types: ["urn:openid:params:grant-type:ciba"], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
  headless = await registerClient(porta, { grant_types: ["urn:service:params:grant-type:headless"], response_types: undefined, redirect_uris: undefined });
});

afterEach(resetClock);

afterAll(async () => {
  await porta.close();
});

async function answer(requestId: string, approve: boolean): Promise<number> {
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(requestId) } });
  const response = await fetch(`${porta.issuer}/test/devices/${login.id}/${approve ? "approve" : "decline"}`, { method: "POST", redirect: "manual" });
  return response.status;
}

/** Approves as the person chooser of /test/devices does: a form naming the test identity. */
async function approveAs(requestId: string, form: Record<string, string>): Promise<{ status: number; text: string }> {
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(requestId) } });
  const response = await fetch(`${porta.issuer}/test/devices/${login.id}/approve`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: response.status, text: await response.text() };
}

/** A client-authenticated form post, to PUBLIC_URL or with `host` as Host (a tenant domain). */
function post(path: string, client: RegisteredClient, form: Record<string, string>, host?: string) {
  const send = host ? fetchOnLoopback(config().port) : fetch;
  return send(`${host ? `http://${host}` : porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret!) },
    body: new URLSearchParams(form),
  });
}

describe("CIBA (poll)", () => {
  it("openid-client initiates, the person approves on the device, polling yields tokens", async () => {
    const config = await oidc.discovery(new URL(porta.issuer), ciba.client_id, ciba.client_secret, oidc.ClientSecretBasic(ciba.client_secret!), { execute: [oidc.allowInsecureRequests] });
    const started = await oidc.initiateBackchannelAuthentication(config, { scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, binding_message: "Call 4711" });
    expect(started.interval).toBe(3);
    expect(started.expires_in).toBeGreaterThan(0);
    expect(await answer(started.auth_req_id, true)).toBe(303);
    // The person has answered, so the client may poll at once: openid-client's wait of the interval
    // before its first poll is a timer of its own (the pending answers: the test below).
    const tokens = await oidc.pollBackchannelAuthenticationGrant(config, { ...started, interval: 0 });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ acr: SE, ssn: ERIK, identityscheme: "sebankid", iss: porta.issuer, aud: ciba.client_id });
    expect(claims).not.toHaveProperty("nonce");
  });

  it("pending, then slow_down when polled too fast (interval + 5), then access_denied after a decline; tokens are single use", async () => {
    const started = (await (await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).json()) as { auth_req_id: string };
    const poll = async () => {
      const r = await post("/oauth2/token", ciba, { grant_type: "urn:ietf:params:oauth:grant-type:ciba", auth_req_id: started.auth_req_id });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    expect((await poll()).body.error).toBe("authorization_pending"); // the first poll never gets slow_down
    const fast = await poll();
    expect(fast.body).toMatchObject({ error: "slow_down", interval: 8 });
    expect(await answer(started.auth_req_id, false)).toBe(303);
    expect((await poll()).body.error).toBe("access_denied");

    const second = (await (await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).json()) as { auth_req_id: string };
    await answer(second.auth_req_id, true);
    const pollSecond = () => post("/oauth2/token", ciba, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: second.auth_req_id });
    expect((await pollSecond()).status).toBe(200);
    expect(((await (await pollSecond()).json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("refuses what CIBA refuses", async () => {
    const bad = async (form: Record<string, string>, client = ciba) => {
      const r = await post("/ciba/bc-authorize", client, form);
      return { status: r.status, error: ((await r.json()) as { error: string }).error };
    };
    expect(await bad({ scope: "openid", acr_values: SE, login_hint: "sub:ssn:197808094516" })).toEqual({ status: 400, error: "unknown_user_id" });
    expect(await bad({ scope: "openid", acr_values: SE })).toEqual({ status: 400, error: "invalid_request" });
    expect(await bad({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, id_token_hint: "x" })).toEqual({ status: 400, error: "invalid_request" });
    expect(await bad({ scope: "openid", acr_values: "urn:grn:authn:dk:mitid:substantial", login_hint: `sub:ssn:${ERIK}` })).toEqual({ status: 400, error: "invalid_request" });
    expect(await bad({ scope: "profile", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).toEqual({ status: 400, error: "invalid_scope" });
    expect(await bad({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, binding_message: "x".repeat(101) })).toEqual({ status: 400, error: "invalid_binding_message" });
    expect(await bad({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, binding_message: "line\nbreak" })).toEqual({ status: 400, error: "invalid_binding_message" });
    expect(await bad({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` }, headless)).toEqual({ status: 400, error: "unauthorized_client" });
    const other = (await (await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).json()) as { auth_req_id: string };
    const stolen = await post("/oauth2/token", headless, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: other.auth_req_id });
    expect(((await stolen.json()) as { error: string }).error).toBe("unauthorized_client");
  });

  it("runs authorize's login_hint, nonce and acr_values checks too (one pipeline): malformed → invalid_request", async () => {
    const bad = async (form: Record<string, string>) => {
      const r = await post("/ciba/bc-authorize", ciba, form);
      return { status: r.status, error: ((await r.json()) as { error?: string }).error };
    };
    const base = { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` };
    expect(await bad({ ...base, login_hint: `sub:ssn:${ERIK} action:dance` })).toEqual({ status: 400, error: "invalid_request" });
    expect(await bad({ ...base, login_hint: `sub:ssn:${ERIK} message:not*base64!` })).toEqual({ status: 400, error: "invalid_request" });
    expect(await bad({ ...base, login_hint: `sub:ssn:${ERIK} sub:ssn:${ERIK}` })).toEqual({ status: 400, error: "invalid_request" });
    expect(await bad({ ...base, nonce: "n".repeat(513) })).toEqual({ status: 400, error: "invalid_request" });
    expect(await bad({ scope: "openid", login_hint: `sub:ssn:${ERIK} acr_values:urn:grn:authn:dk:mitid:substantial` })).toEqual({ status: 400, error: "invalid_request" });
    // The hint's scope: and acr_values: join those parameters, as at authorize (quirks mode, README "login_hint").
    expect(await bad({ scope: "profile", login_hint: `sub:ssn:${ERIK} scope:openid acr_values:${SE}` })).toEqual({ status: 200, error: undefined });
  });

  it("another CIBA client polling this client's auth_req_id → invalid_grant", async () => {
    const other = await registerClient(porta, { grant_types: ["urn:openid:params:grant-type:ciba"], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
    const started = (await (await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).json()) as { auth_req_id: string };
    const r = await post("/oauth2/token", other, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: started.auth_req_id });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("a public client is refused at the endpoint (unauthorized_client)", async () => {
    const publicClient = await registerClient(porta, { token_endpoint_auth_method: "none" });
    const r = await fetch(`${porta.issuer}/ciba/bc-authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: publicClient.client_id, scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` }),
    });
    expect(((await r.json()) as { error: string }).error).toBe("unauthorized_client");
  });

  it("a ping endpoint that is plain http or on a private address is refused at registration", async () => {
    for (const endpoint of ["http://rp.example/ping", "https://10.0.0.1/ping", "https://127.0.0.1/ping"]) {
      const response = await fetch(`${porta.issuer}/oauth2/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${porta.adminToken}` },
        body: JSON.stringify({ grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "ping", backchannel_client_notification_endpoint: endpoint }),
      });
      expect(response.status, endpoint).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("invalid_client_metadata");
    }
  });

  it("a public client cannot register for CIBA", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${porta.adminToken}` },
      body: JSON.stringify({ grant_types: ["urn:openid:params:grant-type:ciba"], token_endpoint_auth_method: "none", backchannel_token_delivery_mode: "poll" }),
    });
    expect(((await response.json()) as { error: string }).error).toBe("invalid_client_metadata");
  });

  it("polling after expiry → expired_token", async () => {
    const started = (await (await post("/ciba/bc-authorize", ciba, { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).json()) as { auth_req_id: string };
    await (await prisma()).login.update({ where: { decoupledIdHash: hashToken(started.auth_req_id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const r = await post("/oauth2/token", ciba, { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: started.auth_req_id });
    expect(((await r.json()) as { error: string }).error).toBe("expired_token");
  });
});

describe("headless", () => {
  it("answers acr_data, refreshes it while pending, and issues tokens after approval", async () => {
    const started = (await (await post("/headless/authorize", headless, { scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).json()) as {
      headless_req_id: string;
      acr_data: { autoStartToken: string; qrData: string; hintCode: string };
    };
    expect(started.acr_data.autoStartToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.acr_data.qrData).toMatch(/^bankid\.[0-9a-f-]{36}\.0\.[0-9a-f]{64}$/);
    advanceClock(1_000);
    const pending = await post("/oauth2/token", headless, { grant_type: "urn:grn:params:grant-type:headless", headless_req_id: started.headless_req_id });
    const body = (await pending.json()) as { error: string; acr_data: { qrData: string } };
    expect(body.error).toBe("authorization_pending");
    expect(body.acr_data.qrData).not.toBe(started.acr_data.qrData); // a new frame every second
    await answer(started.headless_req_id, true);
    const done = await post("/oauth2/token", headless, { grant_type: "urn:service:params:grant-type:headless", headless_req_id: started.headless_req_id });
    expect(done.status).toBe(200);
    expect(decodeJwt(((await done.json()) as { id_token: string }).id_token)).toMatchObject({ ssn: ERIK, acr: SE });
  });

  it("without login_hint: acr_data at once, and on the devices page whichever test person of the eID is chosen logs in", async () => {
    const response = await post("/headless/authorize", headless, { scope: "openid ssn", acr_values: SE });
    expect(response.status).toBe(200);
    const started = (await response.json()) as { headless_req_id: string; expires_in: number; acr_data: { autoStartToken: string; qrData: string; hintCode: string } };
    expect(started.expires_in).toBeGreaterThan(0);
    expect(started.acr_data).toMatchObject({ hintCode: "outstandingTransaction" });
    expect(started.acr_data.qrData).toMatch(/^bankid\.[0-9a-f-]{36}\.0\.[0-9a-f]{64}$/);
    const poll = () => post("/oauth2/token", headless, { grant_type: "urn:grn:params:grant-type:headless", headless_req_id: started.headless_req_id });
    expect(((await (await poll()).json()) as { error: string }).error).toBe("authorization_pending");

    // The devices page offers the eID family's test identities for a request that names nobody.
    const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(started.headless_req_id) } });
    const listed = (await pendingDeviceRequests(currentIssuerContext())).find((r) => r.loginId === login.id);
    expect(listed?.maskedNationalId).toBeUndefined();
    expect(listed?.persons?.map((p) => p.id)).toEqual(["se-bankid-1", "se-bankid-2", "se-bankid-3"]);

    expect((await approveAs(started.headless_req_id, { identity: "se-bankid-3" })).status).toBe(303);
    const done = await poll();
    expect(done.status).toBe(200);
    expect(decodeJwt(((await done.json()) as { id_token: string }).id_token)).toMatchObject({ ssn: "200112246723", name: "Sara Bergström", acr: SE });
  });

  it("approving a request that names nobody needs a test person of its eID; one that names its person takes none", async () => {
    const open = (await (await post("/headless/authorize", headless, { scope: "openid", acr_values: SE })).json()) as { headless_req_id: string };
    for (const form of [{}, { identity: "no-bankid-1" }, { identity: "se-bankid-9" }] as Record<string, string>[]) {
      const refused = await approveAs(open.headless_req_id, form);
      expect(refused.status, JSON.stringify(form)).toBe(400);
      expect(refused.text).toContain('data-testid="error"');
      expect(refused.text).toContain("invalid_request");
    }
    expect(await answer(open.headless_req_id, true)).toBe(400); // no form at all: still no person
    const named = (await (await post("/headless/authorize", headless, { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` })).json()) as { headless_req_id: string };
    expect((await approveAs(named.headless_req_id, { identity: "se-bankid-1" })).status).toBe(400);
    // Neither refusal answered the requests: both still wait for the person.
    for (const id of [open.headless_req_id, named.headless_req_id]) {
      const pending = await post("/oauth2/token", headless, { grant_type: "urn:grn:params:grant-type:headless", headless_req_id: id });
      expect(((await pending.json()) as { error: string }).error).toBe("authorization_pending");
    }
  });

  it("a hint other than login_hint, or two hints, → invalid_request; a login_hint naming nobody is accepted", async () => {
    const status = async (form: Record<string, string>) => {
      const r = await post("/headless/authorize", headless, form);
      return { status: r.status, error: ((await r.json()) as { error?: string }).error };
    };
    expect(await status({ scope: "openid", acr_values: SE, id_token_hint: "x" })).toEqual({ status: 400, error: "invalid_request" });
    expect(await status({ scope: "openid", acr_values: SE, login_hint_token: "x" })).toEqual({ status: 400, error: "invalid_request" });
    expect(await status({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, id_token_hint: "x" })).toEqual({ status: 400, error: "invalid_request" });
    expect(await status({ scope: "openid", acr_values: SE, login_hint: "sub:ssn:197808094516" })).toEqual({ status: 400, error: "unknown_user_id" });
    expect(await status({ scope: "openid", acr_values: SE, login_hint: `action:sign message:${Buffer.from("Sign the lease").toString("base64url")}` })).toEqual({ status: 200, error: undefined });
  });

  it("runs the same login_hint and nonce checks as CIBA, and serves Swedish BankID only", async () => {
    const status = async (form: Record<string, string>) => {
      const r = await post("/headless/authorize", headless, form);
      return { status: r.status, error: ((await r.json()) as { error?: string }).error };
    };
    expect(await status({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK} action:dance` })).toEqual({ status: 400, error: "invalid_request" });
    expect(await status({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, nonce: "" })).toEqual({ status: 400, error: "invalid_request" });
    expect(await status({ scope: "openid", acr_values: "urn:grn:authn:no:bankid", login_hint: "sub:ssn:22048712359" })).toEqual({ status: 400, error: "invalid_request" });
  });
});

describe("production tenants", () => {
  it("need a connection that can run the flow: none → server_error, an eID without decoupled logins → invalid_request; nothing starts", async () => {
    const owner = await (await prisma()).adminUser.findFirstOrThrow();
    // A production tenant is served only on its own domain.
    const host = `live-decoupled.localhost:${config().port}`;
    const tenant = await createTenant({ name: "Live Decoupled", environment: "production", domains: [host] }, owner.id, SYSTEM_ACTOR);
    forgetHostMap();
    const live = await registerClientOn(porta, host, { grant_types: ["urn:openid:params:grant-type:ciba"], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
    const liveHeadless = await registerClientOn(porta, host, { grant_types: ["urn:service:params:grant-type:headless"], response_types: undefined, redirect_uris: undefined });
    for (const [path, client] of [["/ciba/bc-authorize", live], ["/headless/authorize", liveHeadless]] as const) {
      const response = await post(path, client, { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` }, host);
      const body = (await response.json()) as { error: string; error_description: string };
      expect(response.status, path).toBe(500);
      expect(body).toEqual({ error: "server_error", error_description: "The eID connection could not be used" });
    }
    const mitid = await post("/ciba/bc-authorize", live, { scope: "openid", acr_values: "urn:grn:authn:dk:mitid:substantial", login_hint: "sub:ssn:1406851237" }, host);
    expect(mitid.status).toBe(400);
    expect((await mitid.json()) as { error: string; error_description: string }).toEqual({ error: "invalid_request", error_description: "acr_values: MitID (substantial) does not support CIBA logins" });
    expect(await (await prisma()).login.count({ where: { application: { tenantId: tenant.id } } })).toBe(0);
  });
});
