/**
 * A client assertion's jti is single use across every instance (README, "private_key_jwt"; RFC 7523
 * §3 lets the server refuse a reused jti): two Porta processes over one PostgreSQL, one issuer; an
 * assertion accepted by one instance is refused by the other, whichever endpoint (token or PAR)
 * sees it, and two instances racing on it accept it once.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responseParams, TestBrowser } from "../support/browser";
import { RP_CALLBACK } from "../support/clients";
import { freePort } from "../support/free-port";
import { sendIssuerHost } from "../support/issuer-host-fetch";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import { TEST_ADMIN_TOKEN } from "../support/setup-env";

const ISSUER = "http://porta.test:8080";
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
const instances: { process: PortaProcess; url: string }[] = [];
// Instances are reached by address with the issuer's Host, as behind the load balancer.
sendIssuerHost(ISSUER, () => instances.map((i) => i.url));
let key: CryptoKey;
let clientId: string;

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    instances.push({ process: spawnPorta({ PORT: String(port), PUBLIC_URL: ISSUER }), url: `http://127.0.0.1:${port}` });
  }
  const pair = await generateKeyPair("RS256", { extractable: true });
  key = pair.privateKey;
  await Promise.all(instances.map((i) => i.process.ready()));
  const registered = await fetch(`${instances[0]!.url}/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: JSON.stringify({
      client_name: "Assertions across instances",
      redirect_uris: [RP_CALLBACK],
      token_endpoint_auth_method: "private_key_jwt",
      jwks: { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", use: "sig", alg: "RS256" }] },
    }),
  });
  expect(registered.status).toBe(201);
  clientId = ((await registered.json()) as { client_id: string }).client_id;
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.process.stop()));
});

function assertion(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: clientId, sub: clientId, aud: ISSUER, jti: randomUUID(), iat: now, exp: now + 120 }).setProtectedHeader({ alg: "RS256", kid: "k1" }).sign(key);
}

/** A code from `instance` through the mock eID (no page), with PKCE. */
async function issueCode(instance: { url: string }): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: "urn:grn:authn:mock", code_challenge: challenge, code_challenge_method: "S256" });
  const hop = await new TestBrowser(instance.url).get(`${instance.url}/oauth2/authorize?${query}`);
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  const code = responseParams(hop.location!).code;
  expect(code, hop.location ?? "").toBeTruthy();
  return { code: code!, verifier };
}

async function postForm(instance: { url: string }, path: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${instance.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function redeem(instance: { url: string }, clientAssertion: string) {
  const issued = await issueCode(instance);
  return postForm(instance, "/oauth2/token", {
    grant_type: "authorization_code",
    code: issued.code,
    redirect_uri: RP_CALLBACK,
    code_verifier: issued.verifier,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: clientAssertion,
  });
}

function push(instance: { url: string }, clientAssertion: string) {
  return postForm(instance, "/oauth2/par", {
    redirect_uri: RP_CALLBACK,
    response_type: "code",
    scope: "openid",
    acr_values: "urn:grn:authn:mock",
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: clientAssertion,
  });
}

function expectReplayRefused(answer: { status: number; body: Record<string, unknown> }): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(401);
  expect(answer.body.error).toBe("invalid_client");
  // The answer does not say why (a replay reads as any other failed client authentication).
  expect(answer.body.error_description).toBe("Client authentication failed");
  expect(answer.body).not.toHaveProperty("access_token");
  expect(answer.body).not.toHaveProperty("request_uri");
}

describe("client assertion jti across instances", () => {
  it("used at A's token endpoint, then at B's PAR endpoint → 401 invalid_client", async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const once = await assertion();
    const first = await redeem(a, once);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectReplayRefused(await push(b, once));
    // A fresh assertion is fine on B.
    expect((await push(b, await assertion())).status).toBe(201);
  });

  it("used at B's PAR endpoint, then at A's token endpoint → 401 invalid_client", async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const once = await assertion();
    const pushed = await push(b, once);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    expectReplayRefused(await redeem(a, once));
  });

  it("the same assertion at both instances at once is accepted exactly once", async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const once = await assertion();
    const answers = await Promise.all([push(a, once), push(b, once)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 401]);
    expectReplayRefused(answers.find((r) => r.status === 401)!);
  });
});
