/**
 * The outbound guard on client jwks_uri (lib/net/safe-fetch.ts; README, "private_key_jwt") with
 * ALLOW_PRIVATE_OUTBOUND off: loopback and private addresses are refused at registration, and a
 * stored jwks_uri that points at one is refused when the keys are needed — at once, as
 * invalid_client, with no connection made.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type * as Dns from "node:dns";
import net from "node:net";
import { generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "../../lib/db/client";
import { responseParams, TestBrowser } from "../support/browser";
import { expectClientAuthFailed, recordClientAuthFailures, type ClientAuthFailureLog } from "../support/client-auth-log";
import { registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { register, startTestPorta, type TestPorta } from "../support/test-server";

/**
 * Names that resolve to loopback without saying so (no internet here, so the resolver is
 * simulated): one answers only 127.0.0.1, the other a public address and 127.0.0.1 (rebinding).
 */
vi.mock("node:dns", async (importOriginal) => {
  const actual = await importOriginal<typeof Dns>();
  const fake: Record<string, { address: string; family: number }[]> = {
    "loopback.rp.example": [{ address: "127.0.0.1", family: 4 }],
    "rebind.rp.example": [
      { address: "93.184.215.14", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ],
  };
  const lookup = (hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    const answer = fake[hostname];
    if (!answer) return (actual.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    if (typeof options === "object" && options !== null && (options as { all?: boolean }).all) return process.nextTick(callback, null, answer);
    process.nextTick(callback, null, answer[0]!.address, answer[0]!.family);
  };
  return { ...actual, default: { ...actual, lookup }, lookup };
});

const MOCK = "urn:grn:authn:mock";
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

let porta: TestPorta;
/** Signs assertions; it is published nowhere, since every refusal here comes before any key fetch. */
let key: CryptoKey;
/** A TCP listener on loopback that counts every connection made to it. */
let trap: net.Server;
let trapPort: number;
let connections = 0;

let authLog: ClientAuthFailureLog;

beforeAll(async () => {
  authLog = recordClientAuthFailures();
  porta = await startTestPorta();
  key = (await generateKeyPair("RS256")).privateKey;
  trap = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
  trapPort = (trap.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => trap.close(() => resolve()));
  await porta.close();
  authLog.stop();
});

const now = () => Math.floor(Date.now() / 1000);

function assertion(client: RegisteredClient): Promise<string> {
  return new SignJWT({ iss: client.client_id, sub: client.client_id, aud: porta.issuer, jti: randomUUID(), iat: now(), exp: now() + 60 })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .sign(key);
}

/**
 * A private_key_jwt client whose stored jwks_uri is `jwksUri`: registered with a public one, then
 * changed in the database, as a row written before the guard existed (or by a name that now
 * resolves elsewhere) would hold it.
 */
async function clientWithStoredJwksUri(jwksUri: string): Promise<RegisteredClient> {
  const client = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks_uri: "https://keys.rp.example/jwks" });
  await (await prisma()).application.update({ where: { clientId: client.client_id }, data: { jwksUri } });
  return client;
}

async function issueCode(client: RegisteredClient): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MOCK, code_challenge: challenge, code_challenge_method: "S256" });
  const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${query}`);
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  const code = responseParams(hop.location!).code;
  expect(code, hop.location ?? "").toBeTruthy();
  return { code: code!, verifier };
}

async function postForm(path: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${porta.issuer}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("registration", () => {
  it.each([
    "https://127.0.0.1/jwks",
    "https://10.0.0.1/jwks",
    "https://192.168.1.10/jwks",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/jwks",
    "https://[::ffff:127.0.0.1]/jwks",
    "https://[fd00::1]/jwks",
    "https://0.0.0.0/jwks",
    "https://localhost/jwks",
    "https://localhost./jwks",
    "http://127.0.0.1:8080/jwks",
  ])("jwks_uri %s is refused with invalid_client_metadata", async (jwksUri) => {
    const response = await register(porta, { client_name: "Guarded", redirect_uris: [RP_CALLBACK], token_endpoint_auth_method: "private_key_jwt", jwks_uri: jwksUri });
    const body = (await response.json()) as { error?: string; error_description?: string; client_id?: string };
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe("invalid_client_metadata");
    expect(body.error_description).toMatch(/jwks_uri/);
    expect(body).not.toHaveProperty("client_id");
  });

  it("a name is resolved only when called: https://loopback.rp.example/jwks registers, and is refused when used (below)", async () => {
    const response = await register(porta, { client_name: "Named", redirect_uris: [RP_CALLBACK], token_endpoint_auth_method: "private_key_jwt", jwks_uri: "https://loopback.rp.example/jwks" });
    expect(response.status).toBe(201);
  });

  it("an update (RFC 7592) to a private jwks_uri is refused too, and the stored one is kept", async () => {
    const client = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks_uri: "https://keys.rp.example/jwks" });
    const response = await fetch(`${porta.issuer}/oauth2/register/${client.client_id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${client.registration_access_token}` },
      body: JSON.stringify({ client_id: client.client_id, redirect_uris: [RP_CALLBACK], token_endpoint_auth_method: "private_key_jwt", jwks_uri: "https://10.0.0.1/jwks" }),
    });
    const body = (await response.json()) as { error?: string };
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe("invalid_client_metadata");
    const stored = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: client.client_id } });
    expect(stored.jwksUri).toBe("https://keys.rp.example/jwks");
  });
});

describe("a stored jwks_uri that points at loopback", () => {
  it.each([
    ["localhost", () => `https://localhost:${trapPort}/jwks`],
    ["localhost.", () => `https://localhost.:${trapPort}/jwks`],
    ["127.0.0.1", () => `https://127.0.0.1:${trapPort}/jwks`],
    ["an IPv4-mapped 127.0.0.1", () => `https://[::ffff:127.0.0.1]:${trapPort}/jwks`],
    ["127.0.0.1 over plain http", () => `http://127.0.0.1:${trapPort}/jwks`],
    ["a name that resolves to 127.0.0.1", () => `https://loopback.rp.example:${trapPort}/jwks`],
    ["a name that resolves to a public address and 127.0.0.1", () => `https://rebind.rp.example:${trapPort}/jwks`],
  ])("%s: the token endpoint answers 401 invalid_client at once, logs that it was blocked, and connects nowhere", async (_name, uri) => {
    const client = await clientWithStoredJwksUri(uri());
    const issued = await issueCode(client);
    const before = connections;
    authLog.takeNew();
    const started = Date.now();
    const answer = await postForm("/oauth2/token", {
      grant_type: "authorization_code",
      code: issued.code,
      redirect_uri: RP_CALLBACK,
      code_verifier: issued.verifier,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(client),
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expectClientAuthFailed(answer, authLog, /jwks_uri.*blocked/);
    expect(answer.body).not.toHaveProperty("access_token");
    expect(connections).toBe(before);
  });

  it("the PAR endpoint and a request object at authorize are refused the same way, with no connection", async () => {
    const client = await clientWithStoredJwksUri(`https://localhost:${trapPort}/jwks`);
    const before = connections;
    authLog.takeNew();
    const pushed = await postForm("/oauth2/par", {
      redirect_uri: RP_CALLBACK,
      response_type: "code",
      scope: "openid",
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(client),
    });
    expectClientAuthFailed(pushed, authLog, /blocked/);

    const request = await new SignJWT({ iss: client.client_id, aud: porta.issuer, client_id: client.client_id, response_type: "code", redirect_uri: RP_CALLBACK, scope: "openid", acr_values: MOCK, exp: now() + 60 })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .sign(key);
    const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", state: "s", request })}`);
    expect(hop.status, hop.text.slice(0, 300)).toBe(303);
    const params = responseParams(hop.location!);
    expect(params).toMatchObject({ error: "invalid_request_object", state: "s", iss: porta.issuer });
    expect(params.error_description).toMatch(/blocked/);
    expect(params).not.toHaveProperty("code");
    expect(connections).toBe(before);
  });
});
