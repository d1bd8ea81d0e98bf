/**
 * A production tenant is served only on its own domains: PUBLIC_URL's host serves test tenants
 * alone, so a relying party that checks `iss` and the signature but not `aud` can never take a
 * test tenant's token (whose mock eID vouches for any national id) for a production one. On
 * PUBLIC_URL a production tenant's client_id is an unknown client at authorize, token, PAR and
 * discovery, registration there is refused, and its keys are not in that JWKS; on its own domain
 * all of it works.
 */
import type { JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { createApplication } from "../../lib/clients/create-application";
import { config } from "../../lib/config";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { updateTenant } from "../../lib/tenants/tenant-domains";
import { TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, expectErrorPage } from "../support/hosted-login";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let publicHost: string;
let liveHost: string;
let liveId: string;
let live: RegisteredClient;
let testRp: RegisteredClient;

function send(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetchOnLoopback(config().port)(`http://${host}${path}`, { redirect: "manual", ...init });
}

function form(host: string, path: string, client: RegisteredClient, body: Record<string, string>): Promise<Response> {
  return send(host, path, {
    method: "POST",
    headers: { Authorization: basicAuth(client.client_id, client.client_secret!), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });
}

const CODE_REDEMPTION = { grant_type: "authorization_code", code: "no-such-code", redirect_uri: RP_CALLBACK };
const PUSHED = { response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" };

async function errorOf(response: Response): Promise<{ status: number; error: string }> {
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

async function kidsOf(host: string): Promise<string[]> {
  const response = await send(host, "/.well-known/jwks");
  expect(response.status).toBe(200);
  return ((await response.json()) as JSONWebKeySet).keys.map((key) => key.kid!);
}

async function tenantKids(tenantId: string): Promise<string[]> {
  return (await (await prisma()).signingKey.findMany({ where: { tenantId, purpose: "oidc" }, select: { kid: true } })).map((row) => row.kid);
}

async function discoveryText(host: string, query = ""): Promise<string> {
  const response = await send(host, `/.well-known/openid-configuration${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  porta = await startTestPorta();
  publicHost = new URL(porta.issuer).host;
  liveHost = `live.localhost:${config().port}`;
  liveId = (await createTenant({ name: "Live without a domain", environment: "production" }, null, SYSTEM_ACTOR)).id;
  const created = await createApplication(
    { tenant_id: liveId, client_name: "Live RP", redirect_uris: [RP_CALLBACK], response_types: ["code"], grant_types: ["authorization_code"] },
    SYSTEM_ACTOR,
  );
  live = { client_id: created.application.clientId, client_secret: created.clientSecret, registration_access_token: created.registrationAccessToken };
  testRp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

describe("a production tenant without a domain, on PUBLIC_URL's host", () => {
  it("authorize: its client_id is an unknown client (the error page, invalid_client)", async () => {
    expectErrorPage(await new TestBrowser(porta.issuer).get(authorizePath(live)), "invalid_client");
  });

  it("token and PAR: 401 invalid_client, even with the right secret", async () => {
    expect(await errorOf(await form(publicHost, "/oauth2/token", live, CODE_REDEMPTION))).toEqual({ status: 401, error: "invalid_client" });
    expect(await errorOf(await form(publicHost, "/oauth2/par", live, PUSHED))).toEqual({ status: 401, error: "invalid_client" });
  });

  it("discovery with its client_id is the general document", async () => {
    expect(await discoveryText(publicHost, `?client_id=${encodeURIComponent(live.client_id)}`)).toBe(await discoveryText(publicHost));
  });

  it("its keys are not in PUBLIC_URL's JWKS; a test tenant's are", async () => {
    const listed = await kidsOf(publicHost);
    for (const kid of await tenantKids(liveId)) expect(listed).not.toContain(kid);
    const testTenant = (await (await prisma()).application.findUniqueOrThrow({ where: { clientId: testRp.client_id } })).tenantId;
    for (const kid of await tenantKids(testTenant)) expect(listed).toContain(kid);
  });

  it("registration there is refused: 400 invalid_client_metadata naming tenant_id", async () => {
    const response = await send(publicHost, "/oauth2/register", {
      method: "POST",
      headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ tenant_id: liveId, client_name: "Elsewhere", redirect_uris: [RP_CALLBACK] }),
    });
    const body = (await response.json()) as { error: string; error_description: string };
    expect(response.status).toBe(400);
    expect(body.error).toBe("invalid_client_metadata");
    expect(body.error_description).toContain("served only on its own domains");
  });

  it("a test tenant's client on PUBLIC_URL is served as before", async () => {
    const started = await new TestBrowser(porta.issuer).get(authorizePath(testRp));
    expect(started.status, started.text.slice(0, 200)).toBe(303);
    expect((await form(publicHost, "/oauth2/token", testRp, CODE_REDEMPTION)).status).toBe(400);
  });
});

describe("the same tenant on its own domain", () => {
  beforeAll(async () => {
    await updateTenant(liveId, { domains: [liveHost] }, SYSTEM_ACTOR);
    forgetHostMap();
  });

  it("its client authenticates at token and PAR, and discovery describes it", async () => {
    expect(await errorOf(await form(liveHost, "/oauth2/token", live, CODE_REDEMPTION))).toEqual({ status: 400, error: "invalid_grant" });
    const pushed = await form(liveHost, "/oauth2/par", live, PUSHED);
    expect(pushed.status, await pushed.clone().text()).toBe(201);
    expect(await discoveryText(liveHost, `?client_id=${encodeURIComponent(live.client_id)}`)).not.toBe(await discoveryText(liveHost));
  });

  it("authorize does not take it for an unknown client", async () => {
    const hop = await new TestBrowser(`http://${liveHost}`, fetchOnLoopback(config().port)).get(authorizePath(live));
    expect(hop.text).not.toContain('data-testid="error">invalid_client');
    expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  });

  it("its JWKS lists its keys alone; PUBLIC_URL's still lists none of them", async () => {
    const kids = await tenantKids(liveId);
    expect((await kidsOf(liveHost)).sort()).toEqual(kids.sort());
    for (const kid of kids) expect(await kidsOf(publicHost)).not.toContain(kid);
  });
});
