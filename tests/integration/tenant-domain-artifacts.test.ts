/**
 * What one tenant domain issues is worth nothing on another (each domain is an issuer of its own:
 * README, "Tenant domains"): a pushed request's request_uri, a request object addressed to the
 * other issuer, a decoupled login's request id and an ID token as logout's id_token_hint. Two test
 * tenants on acme.localhost:<port> and beta.localhost:<port>; requests reach the test server on
 * loopback under the domain's Host.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { config } from "../../lib/config";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { TestBrowser } from "../support/browser";
import { basicAuth, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { expectErrorPage, MITID } from "../support/hosted-login";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { startTestPorta, type TestPorta } from "../support/test-server";

const SE = "urn:grn:authn:se:bankid";
const ERIK = "197808094515";

let porta: TestPorta;
let send: typeof fetch;
let acmeHost: string;
let betaHost: string;
let acme: RegisteredClient;
let beta: RegisteredClient;
let signingKey: CryptoKey;

const issuerOf = (host: string) => `http://${host}`;

async function registerOn(host: string, metadata: Record<string, unknown>): Promise<RegisteredClient> {
  const response = await send(`${issuerOf(host)}/oauth2/register`, {
    method: "POST",
    headers: { Authorization: `Bearer ${porta.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: `RP on ${host}`, redirect_uris: [RP_CALLBACK], ...metadata }),
  });
  const body = (await response.json()) as RegisteredClient;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

async function post(host: string, path: string, client: RegisteredClient, form: Record<string, string>): Promise<{ status: number; body: Record<string, string> }> {
  const response = await send(`${issuerOf(host)}${path}`, {
    method: "POST",
    headers: { Authorization: basicAuth(client.client_id, client.client_secret!), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

function requestObject(client: RegisteredClient, audience: string): Promise<string> {
  return new SignJWT({ client_id: client.client_id, response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", acr_values: MITID, state: "jar" })
    .setProtectedHeader({ alg: "RS256", kid: "sig-1", typ: "oauth-authz-req+jwt" })
    .setIssuer(client.client_id)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime("2m")
    .setJti(crypto.randomUUID())
    .sign(signingKey);
}

/** A headless login approved on `host`'s test device: its request id, not yet redeemed. */
async function approvedHeadless(host: string, client: RegisteredClient): Promise<string> {
  const started = await post(host, "/headless/authorize", client, { scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${ERIK}` });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const id = started.body.headless_req_id!;
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(id) } });
  expect((await send(`${issuerOf(host)}/test/devices/${login.id}/approve`, { method: "POST", redirect: "manual" })).status).toBe(303);
  return id;
}

beforeAll(async () => {
  porta = await startTestPorta();
  const port = config().port;
  send = fetchOnLoopback(port);
  acmeHost = `acme.localhost:${port}`;
  betaHost = `beta.localhost:${port}`;
  await createTenant({ name: "Acme (artifacts)", environment: "test", domains: [acmeHost] }, null, SYSTEM_ACTOR);
  await createTenant({ name: "Beta (artifacts)", environment: "test", domains: [betaHost] }, null, SYSTEM_ACTOR);
  forgetHostMap();
  const pair = await generateKeyPair("RS256", { extractable: true });
  signingKey = pair.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "sig-1", use: "sig", alg: "RS256" }] };
  const grants = { grant_types: ["authorization_code", "urn:grn:params:grant-type:headless"], response_types: ["code"] };
  acme = await registerOn(acmeHost, { ...grants, jwks, request_object_signing_alg: "RS256" });
  beta = await registerOn(betaHost, { ...grants, jwks, request_object_signing_alg: "RS256" });
});

afterAll(async () => {
  await porta.close();
});

describe("artifacts of one tenant domain on another", () => {
  it("acme's request_uri, named by beta's client on beta, is refused; on acme it logs in", async () => {
    const pushed = await post(acmeHost, "/oauth2/par", acme, { response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", acr_values: MITID, state: "par" });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const requestUri = pushed.body.request_uri!;

    const onBeta = await new TestBrowser(issuerOf(betaHost), send).get(`/oauth2/authorize?${new URLSearchParams({ client_id: beta.client_id, request_uri: requestUri })}`);
    expectErrorPage(onBeta, "invalid_request_uri");
    // With acme's own client_id, beta does not know the client at all.
    const unknown = await new TestBrowser(issuerOf(betaHost), send).get(`/oauth2/authorize?${new URLSearchParams({ client_id: acme.client_id, request_uri: requestUri })}`);
    expectErrorPage(unknown, "invalid_client");

    const onAcme = await new TestBrowser(issuerOf(acmeHost), send).get(`/oauth2/authorize?${new URLSearchParams({ client_id: acme.client_id, request_uri: requestUri })}`);
    expect(onAcme.status, onAcme.text.slice(0, 300)).toBe(303);
    expect(onAcme.location).toMatch(/\/login\/[0-9a-f-]{36}\/eid$/);
  });

  it("a request object whose aud is beta's issuer is refused on acme; with acme's issuer it is taken", async () => {
    const wrong = await post(acmeHost, "/oauth2/par", acme, { request: await requestObject(acme, issuerOf(betaHost)) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_request_object");
    const defaultIssuer = await post(acmeHost, "/oauth2/par", acme, { request: await requestObject(acme, porta.issuer) });
    expect(defaultIssuer.body.error).toBe("invalid_request_object");
    const right = await post(acmeHost, "/oauth2/par", acme, { request: await requestObject(acme, issuerOf(acmeHost)) });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
  });

  it("a headless request id approved on acme is redeemed by no client of beta, and by acme only on acme", async () => {
    const id = await approvedHeadless(acmeHost, acme);
    const grant = { grant_type: "urn:grn:params:grant-type:headless", headless_req_id: id };
    const byBeta = await post(betaHost, "/oauth2/token", beta, grant);
    expect(byBeta.status).toBe(400);
    expect(byBeta.body.error).toBe("invalid_grant");
    const acmeOnBeta = await post(betaHost, "/oauth2/token", acme, grant);
    expect(acmeOnBeta.status).toBe(401);
    expect(acmeOnBeta.body.error).toBe("invalid_client");
    const onAcme = await post(acmeHost, "/oauth2/token", acme, grant);
    expect(onAcme.status, JSON.stringify(onAcme.body)).toBe(200);
  });

  it("logout on beta with an ID token of acme as id_token_hint shows the error page and never redirects", async () => {
    const id = await approvedHeadless(acmeHost, acme);
    const tokens = await post(acmeHost, "/oauth2/token", acme, { grant_type: "urn:grn:params:grant-type:headless", headless_req_id: id });
    const hint = tokens.body.id_token!;
    const query = new URLSearchParams({ id_token_hint: hint, post_logout_redirect_uri: RP_CALLBACK, state: "bye" });
    const onBeta = await new TestBrowser(issuerOf(betaHost), send).get(`/oauth2/logout?${query}`);
    expect(onBeta.location).toBeNull();
    expect(onBeta.status).toBeGreaterThanOrEqual(400);
    expect(onBeta.text).toContain('data-testid="error"');
    // On acme the same hint is good (no post_logout_redirect_uri is registered, so no redirect either way).
    const onAcme = await new TestBrowser(issuerOf(acmeHost), send).get(`/oauth2/logout?${new URLSearchParams({ id_token_hint: hint })}`);
    expect(onAcme.status, onAcme.text.slice(0, 300)).toBe(200);
  });
});
