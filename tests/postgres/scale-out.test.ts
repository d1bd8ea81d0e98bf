/**
 * Scale-out (docs/scaling.md, "Proof"): three Porta instances over one PostgreSQL behind a
 * round-robin proxy that sends every request to the next instance. A login's requests each land on
 * a different instance; 100 concurrent double redemptions and 100 replayed client assertions
 * succeed exactly once each; a rotated key is served by all instances within the cache TTL; an
 * instance killed mid-login does not stop the login.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginId, responseParams, TestBrowser } from "../support/browser";
import { RP_CALLBACK } from "../support/clients";
import { freePort } from "../support/free-port";
import { sendIssuerHost } from "../support/issuer-host-fetch";
import { TEST_ADMIN_TOKEN } from "../support/setup-env";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import { waitFor } from "../support/wait-for";

const root = path.resolve(__dirname, "..", "..");
const instances: { process: PortaProcess; port: number; alive: boolean; served: number }[] = [];
let proxy: Server;
let issuer = "";
// Instances reached by address, past the proxy, still carry the issuer's Host.
sendIssuerHost(() => issuer, () => instances.map((i) => `http://127.0.0.1:${i.port}`));
let next = 0;
let key: CryptoKey;
let clientId = "";

/** Round robin over the live instances; a refused connection moves on to the next one. */
function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, tries = 0): void {
  const live = instances.filter((i) => i.alive);
  const target = live[next++ % live.length]!;
  const upstream = httpRequest({ host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    target.served++;
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", () => {
    target.alive = false;
    if (tries < instances.length) forward(req, res, body, tries + 1);
    else res.writeHead(502).end();
  });
  upstream.end(body);
}

beforeAll(async () => {
  const proxyPort = await freePort();
  issuer = `http://127.0.0.1:${proxyPort}`;
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    instances.push({ process: spawnPorta({ PORT: String(port), PUBLIC_URL: issuer }), port, alive: true, served: 0 });
  }
  await Promise.all(instances.map((i) => i.process.ready()));
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, res, Buffer.concat(chunks)));
  });
  // As a load balancer keeps a client's connection (and as Porta does): longer than the test's
  // client keeps an idle one, so the proxy never closes a connection a request is being sent on
  // (Node's default of 5 s races undici's 4 s when stopping an instance takes that long).
  proxy.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));

  const pair = await generateKeyPair("RS256", { extractable: true });
  key = pair.privateKey;
  const registered = await fetch(`${issuer}/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: JSON.stringify({ redirect_uris: [RP_CALLBACK], token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", use: "sig", alg: "RS256" }] } }),
  });
  clientId = ((await registered.json()) as { client_id: string }).client_id;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await Promise.all(instances.map((i) => i.process.stop()));
});

async function assertion(jti = randomUUID()): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({}).setProtectedHeader({ alg: "RS256", kid: "k1" }).setIssuer(clientId).setSubject(clientId).setAudience(issuer).setIssuedAt(now).setExpirationTime(now + 120).setJti(jti).sign(key);
}

async function mockCode(): Promise<string> {
  const browser = new TestBrowser(issuer);
  const start = await browser.get(`/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:mock", nonce: "n" })}`);
  return responseParams(start.location!).code!;
}

async function redeem(code: string): Promise<number> {
  const response = await fetch(`${issuer}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK, client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", client_assertion: await assertion() }),
  });
  await response.text();
  return response.status;
}

describe("three instances behind a round-robin proxy", () => {
  it("a login whose every request lands on the next instance completes", async () => {
    const before = instances.map((i) => i.served);
    const browser = new TestBrowser(issuer);
    const start = await browser.get(`/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid ssn", acr_values: "urn:grn:authn:dk:mitid:substantial", nonce: "n" })}`);
    const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity: "mitid-2", decision: "approve" });
    expect(await redeem(responseParams(done.location!).code!)).toBe(200);
    const served = instances.map((i, n) => i.served - before[n]!);
    expect(served.filter((count) => count > 0).length).toBe(3); // three requests, three instances
  });

  it("100 codes redeemed twice at once: exactly one success each", { timeout: 60_000 }, async () => {
    const codes = await Promise.all(Array.from({ length: 100 }, () => mockCode()));
    const results = await Promise.all(codes.map(async (code) => (await Promise.all([redeem(code), redeem(code)])).sort()));
    for (const pair of results) expect(pair).toEqual([200, 400]);
  });

  it("100 client assertions replayed at once: exactly one use each", { timeout: 60_000 }, async () => {
    const push = async (clientAssertion: string) => {
      const response = await fetch(`${issuer}/oauth2/par`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", client_assertion: clientAssertion }),
      });
      await response.text();
      return response.status;
    };
    const assertions = await Promise.all(Array.from({ length: 100 }, () => assertion()));
    const results = await Promise.all(assertions.map(async (a) => (await Promise.all([push(a), push(a)])).sort()));
    for (const pair of results) expect(pair).toEqual([201, 401]);
  });

  it("a rotated key is served by every instance within the cache TTL", { timeout: 60_000 }, async () => {
    const kidsOf = async (port: number) => ((await (await fetch(`http://127.0.0.1:${port}/.well-known/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid).sort().join();
    // Every instance has the current JWKS cached before the rotation.
    for (const view of await Promise.all(instances.map((i) => kidsOf(i.port)))) expect(view.split(",")).toHaveLength(6);
    const rotate = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/keys.ts", "rotate"], { cwd: root, env: { ...process.env, LOG_LEVEL: "warn" }, encoding: "utf8" });
    expect(rotate.status, rotate.stderr).toBe(0);
    // The instances are other processes: their key cache expires on real time.
    let views: string[] = [];
    await waitFor(
      async () => {
        views = await Promise.all(instances.map((i) => kidsOf(i.port)));
        return new Set(views).size === 1 && views[0]!.split(",").length === 9;
      },
      20_000,
      500,
    );
    expect(new Set(views).size).toBe(1);
    expect(views[0]!.split(",")).toHaveLength(9);
  });

  it("an instance killed mid-login does not stop the login", { timeout: 60_000 }, async () => {
    const browser = new TestBrowser(issuer);
    const start = await browser.get(`/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:se:bankid", nonce: "n" })}`);
    const victim = instances.filter((i) => i.alive)[next % instances.filter((i) => i.alive).length]!; // the one the next request would hit
    await victim.process.stop();
    const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity: "se-bankid-1", decision: "approve" });
    expect(done.status).toBe(303);
    expect(await redeem(responseParams(done.location!).code!)).toBe(200);
    expect(victim.alive).toBe(false);
  });
});
