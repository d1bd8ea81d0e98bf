/**
 * Tenant domains (README, "Tenant domains"): a request's Host picks its issuer. Two test tenants on
 * loopback names (acme.localhost:<port>, beta.localhost:<port>) and a production tenant on its own
 * domain, beside the tenants served on PUBLIC_URL as before. Requests carry their Host through
 * node:http (fetch will not send a Host of its own).
 */
import { request as httpRequest } from "node:http";
import { compactVerify, createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/record-audit";
import { config } from "../../lib/config";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { forgetHostMap } from "../../lib/tenants/host-map";
import { basicAuth, registerClient, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

const SE = "urn:grn:authn:se:bankid";
const ERIK = "197808094515"; // se-bankid-2

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => Record<string, unknown>;
}

let porta: TestPorta;
let port: number;
let acmeHost: string;
let betaHost: string;
let acmeId: string;
let betaId: string;
let liveId: string;

/** One request to the test server with `host` as its Host header. */
function send(host: string, method: string, path: string, options: { headers?: Record<string, string>; form?: Record<string, string>; json?: unknown } = {}): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : options.json !== undefined ? JSON.stringify(options.json) : undefined;
  const headers: Record<string, string> = { host, ...options.headers };
  if (options.form) headers["content-type"] = "application/x-www-form-urlencoded";
  if (options.json !== undefined) headers["content-type"] = "application/json";
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const issuerOf = (host: string) => `http://${host}`;
const defaultHost = () => new URL(porta.issuer).host;

function registerOn(host: string, metadata: Record<string, unknown>): Promise<Answer> {
  return send(host, "POST", "/oauth2/register", {
    headers: { authorization: `Bearer ${porta.adminToken}` },
    json: { client_name: "Domain RP", redirect_uris: undefined, response_types: undefined, grant_types: ["urn:service:params:grant-type:headless"], ...metadata },
  });
}

async function registeredOn(host: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const answer = await registerOn(host, metadata);
  expect(answer.status, answer.text).toBe(201);
  return answer.json() as unknown as RegisteredClient;
}

/** A headless login as Erik on `host`, approved on that host's test device; the token response. */
async function headlessLogin(host: string, client: RegisteredClient): Promise<Record<string, unknown>> {
  const auth = { authorization: basicAuth(client.client_id, client.client_secret!) };
  const started = await send(host, "POST", "/headless/authorize", { headers: auth, form: { scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${ERIK}` } });
  expect(started.status, started.text).toBe(200);
  const id = started.json().headless_req_id as string;
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(id) } });
  expect((await send(host, "POST", `/test/devices/${login.id}/approve`)).status).toBe(303);
  const tokens = await send(host, "POST", "/oauth2/token", { headers: auth, form: { grant_type: "urn:grn:params:grant-type:headless", headless_req_id: id } });
  expect(tokens.status, tokens.text).toBe(200);
  return tokens.json();
}

async function jwksOf(host: string): Promise<JSONWebKeySet> {
  const answer = await send(host, "GET", "/.well-known/jwks");
  expect(answer.status).toBe(200);
  return answer.json() as unknown as JSONWebKeySet;
}

async function verifies(token: string, host: string): Promise<boolean> {
  try {
    await compactVerify(token, createLocalJWKSet(await jwksOf(host)));
    return true;
  } catch {
    return false;
  }
}

async function tenantKids(tenantId: string): Promise<string[]> {
  const rows = await (await prisma()).signingKey.findMany({ where: { tenantId, purpose: "oidc" }, select: { kid: true } });
  return rows.map((row) => row.kid).sort();
}

beforeAll(async () => {
  porta = await startTestPorta();
  port = config().port;
  acmeHost = `acme.localhost:${port}`;
  betaHost = `beta.localhost:${port}`;
  acmeId = (await createTenant({ name: "Acme (domain)", environment: "test", domains: [acmeHost] }, null, SYSTEM_ACTOR)).id;
  betaId = (await createTenant({ name: "Beta (domain)", environment: "test", domains: [betaHost] }, null, SYSTEM_ACTOR)).id;
  liveId = (await createTenant({ name: "Live (domain)", environment: "production", domains: ["login.live.example"] }, null, SYSTEM_ACTOR)).id;
  forgetHostMap();
});

afterAll(async () => {
  await porta.close();
});

describe("issuer by Host", () => {
  it("discovery on a tenant domain names that domain as issuer and for every endpoint", async () => {
    for (const host of [acmeHost, betaHost]) {
      const doc = (await send(host, "GET", "/.well-known/openid-configuration")).json();
      expect(doc.issuer).toBe(issuerOf(host));
      for (const [name, value] of Object.entries(doc)) {
        if (name.endsWith("_endpoint") || name === "jwks_uri") expect(new URL(value as string).origin, name).toBe(issuerOf(host));
      }
    }
    const live = (await send("login.live.example", "GET", "/.well-known/openid-configuration")).json();
    expect(live.issuer).toBe("https://login.live.example");
  });

  it("PUBLIC_URL still serves the tenants without a domain, exactly as before", async () => {
    const doc = (await send(defaultHost(), "GET", "/.well-known/openid-configuration")).json();
    expect(doc.issuer).toBe(porta.issuer);
    expect(doc.token_endpoint).toBe(`${porta.issuer}/oauth2/token`);
    const client = await registerClient(porta, { grant_types: ["urn:service:params:grant-type:headless"], response_types: undefined, redirect_uris: undefined });
    const tokens = await headlessLogin(defaultHost(), client);
    expect(decodeJwt(tokens.id_token as string)).toMatchObject({ iss: porta.issuer, aud: client.client_id });
    expect(await verifies(tokens.id_token as string, defaultHost())).toBe(true);
    // A test tenant's token never verifies against a production tenant's JWKS on its own domain.
    expect(await verifies(tokens.id_token as string, "login.live.example")).toBe(false);
  });

  it("each JWKS lists only its issuer's tenants' keys", async () => {
    const kids = async (host: string) => (await jwksOf(host)).keys.map((k) => k.kid!).sort();
    expect(await kids(acmeHost)).toEqual(await tenantKids(acmeId));
    expect(await kids(betaHost)).toEqual(await tenantKids(betaId));
    expect(await kids("login.live.example")).toEqual(await tenantKids(liveId));
    const fallback = await kids(defaultHost());
    expect(fallback.length).toBeGreaterThan(0);
    for (const id of [acmeId, betaId, liveId]) for (const kid of await tenantKids(id)) expect(fallback).not.toContain(kid);
  });

  it("a Host that is neither PUBLIC_URL's nor a tenant domain gets 421 and no tenant data; health checks answer anywhere", async () => {
    for (const path of ["/.well-known/openid-configuration", "/.well-known/jwks", "/oauth2/token"]) {
      const answer = await send("gamma.localhost:1", path === "/oauth2/token" ? "POST" : "GET", path, path === "/oauth2/token" ? { form: { grant_type: "client_credentials" } } : {});
      expect(answer.status, path).toBe(421);
      expect(answer.json()).toEqual({ error: "invalid_request", error_description: "No issuer is served on this host" });
    }
    expect((await send(`acme.localhost:${port + 1}`, "GET", "/.well-known/jwks")).status).toBe(421);
    expect((await send("unknown.example", "GET", "/healthz")).status).toBe(200);
  });
});

describe("a tenant served on its own domain", () => {
  let acme: RegisteredClient;
  let beta: RegisteredClient;

  beforeAll(async () => {
    acme = await registeredOn(acmeHost);
    beta = await registeredOn(betaHost);
  });

  it("registration on a domain creates the client in that tenant; another tenant's tenant_id → invalid_client_metadata", async () => {
    const stored = await (await prisma()).application.findMany({ where: { clientId: { in: [acme.client_id, beta.client_id] } }, select: { clientId: true, tenantId: true } });
    expect(Object.fromEntries(stored.map((a) => [a.clientId, a.tenantId]))).toEqual({ [acme.client_id]: acmeId, [beta.client_id]: betaId });
    expect(acme.registration_client_uri).toBe(`${issuerOf(acmeHost)}/oauth2/register/${acme.client_id}`);
    const refused = await registerOn(acmeHost, { tenant_id: betaId });
    expect(refused.status).toBe(400);
    expect(refused.json().error).toBe("invalid_client_metadata");
    // On PUBLIC_URL a tenant with a domain is not registered into either.
    const elsewhere = await registerOn(defaultHost(), { tenant_id: acmeId });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json().error).toBe("invalid_client_metadata");
  });

  it("a login on each domain yields an ID token of that issuer, verifiable only with that domain's JWKS", async () => {
    for (const [host, client, other] of [[acmeHost, acme, betaHost], [betaHost, beta, acmeHost]] as const) {
      const tokens = await headlessLogin(host, client);
      const idToken = tokens.id_token as string;
      expect(decodeJwt(idToken)).toMatchObject({ iss: issuerOf(host), aud: client.client_id });
      expect(await verifies(idToken, host)).toBe(true);
      expect(await verifies(idToken, other)).toBe(false);
      expect(await verifies(idToken, defaultHost())).toBe(false);
      // Its access token is unknown at the other domain's userinfo.
      const bearer = { authorization: `Bearer ${tokens.access_token as string}` };
      expect((await send(host, "GET", "/oauth2/userinfo", { headers: bearer })).status).toBe(200);
      const elsewhere = await send(other, "GET", "/oauth2/userinfo", { headers: bearer });
      expect(elsewhere.status).toBe(401);
      expect(elsewhere.json().error).toBe("invalid_token");
    }
  });

  it("a client of one tenant is an unknown client on the other's domain and on PUBLIC_URL", async () => {
    for (const host of [betaHost, defaultHost()]) {
      const answer = await send(host, "POST", "/headless/authorize", {
        headers: { authorization: basicAuth(acme.client_id, acme.client_secret!) },
        form: { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` },
      });
      expect(answer.status, host).toBe(401);
      expect(answer.json().error).toBe("invalid_client");
    }
    // Its registration access token does not reach it through another issuer either.
    const read = await send(betaHost, "GET", `/oauth2/register/${acme.client_id}`, { headers: { authorization: `Bearer ${acme.registration_access_token}` } });
    expect(read.status).toBe(401);
    expect((await send(acmeHost, "GET", `/oauth2/register/${acme.client_id}`, { headers: { authorization: `Bearer ${acme.registration_access_token}` } })).status).toBe(200);
  });

  it("a client assertion whose aud is the other domain's issuer is refused; its own issuer is accepted", async () => {
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: "a1", use: "sig", alg: "ES256" };
    const client = await registeredOn(acmeHost, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [jwk] } });
    const assertion = (aud: string) =>
      new SignJWT({ jti: crypto.randomUUID() }).setProtectedHeader({ alg: "ES256", kid: "a1" }).setIssuer(client.client_id).setSubject(client.client_id).setAudience(aud).setIssuedAt().setExpirationTime("1m").sign(privateKey);
    const start = async (aud: string) =>
      send(acmeHost, "POST", "/headless/authorize", {
        form: {
          scope: "openid",
          acr_values: SE,
          login_hint: `sub:ssn:${ERIK}`,
          client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
          client_assertion: await assertion(aud),
        },
      });
    for (const aud of [issuerOf(betaHost), porta.issuer]) {
      const refused = await start(aud);
      expect(refused.status, aud).toBe(401);
      expect(refused.json().error).toBe("invalid_client");
    }
    expect((await start(issuerOf(acmeHost))).status).toBe(200);
  });
});
