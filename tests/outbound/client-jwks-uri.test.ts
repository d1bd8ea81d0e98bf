/**
 * private_key_jwt with keys from the client's jwks_uri (README, "private_key_jwt"): fetched through
 * the outbound guard and cached; refetched on an unknown kid at most once a minute, so a client can
 * rotate keys; a jwks_uri that hangs, fails, answers too much or redirects is 401 invalid_client,
 * promptly. The jwks_uri is a server this file runs on 127.0.0.1 (ALLOW_PRIVATE_OUTBOUND here).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { responseParams, TestBrowser } from "../support/browser";
import { expectClientAuthFailed, recordClientAuthFailures, type ClientAuthFailureLog } from "../support/client-auth-log";
import { registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

const MOCK = "urn:grn:authn:mock";
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** The relying party's key server: one handler per path, and a count of requests per path. */
const handlers = new Map<string, Handler>();
const hits = new Map<string, number>();
let keyServer: http.Server;
let keyServerUrl: string;
let porta: TestPorta;
let authLog: ClientAuthFailureLog;

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(kid: string): Promise<SigningKey> {
  const pair = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey: pair.privateKey, publicJwk: { ...(await exportJWK(pair.publicKey)), kid, use: "sig", alg: "RS256" } };
}

function serveJson(body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

/** Serves whatever `current()` holds at the time of each request. */
function serveKeys(current: () => SigningKey[]): Handler {
  return (request, response) => serveJson({ keys: current().map((k) => k.publicJwk) })(request, response);
}

beforeAll(async () => {
  keyServer = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = handlers.get(path);
    if (handler) return handler(request, response);
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => keyServer.listen(0, "127.0.0.1", resolve));
  keyServerUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}`;
  authLog = recordClientAuthFailures();
  porta = await startTestPorta();
});

beforeEach(() => {
  authLog.takeNew();
});

afterAll(async () => {
  keyServer.closeAllConnections();
  await new Promise<void>((resolve) => keyServer.close(() => resolve()));
  await porta.close();
  authLog.stop();
});

/** Registers a private_key_jwt client whose jwks_uri is `path` on the key server. */
function registerWithJwksUri(path: string): Promise<RegisteredClient> {
  return registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks_uri: `${keyServerUrl}${path}` });
}

const now = () => Math.floor(Date.now() / 1000);

function assertion(client: RegisteredClient, key: SigningKey): Promise<string> {
  return new SignJWT({ iss: client.client_id, sub: client.client_id, aud: porta.issuer, jti: randomUUID(), iat: now(), exp: now() + 60 })
    .setProtectedHeader({ alg: "RS256", kid: key.kid })
    .sign(key.privateKey);
}

interface IssuedCode {
  code: string;
  verifier: string;
}

async function issueCode(client: RegisteredClient): Promise<IssuedCode> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MOCK, code_challenge: challenge, code_challenge_method: "S256" });
  const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${query}`);
  expect(hop.status, hop.text.slice(0, 300)).toBe(303);
  const code = responseParams(hop.location!).code;
  expect(code, hop.location ?? "").toBeTruthy();
  return { code: code!, verifier };
}

interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

async function redeem(client: RegisteredClient, issued: IssuedCode, key: SigningKey): Promise<JsonAnswer> {
  const response = await fetch(`${porta.issuer}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: issued.code,
      redirect_uri: RP_CALLBACK,
      code_verifier: issued.verifier,
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(client, key),
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function expectTokens(answer: JsonAnswer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(typeof answer.body.access_token).toBe("string");
}

/** The generic 401 invalid_client; why (`reason`) is only in Porta's log. */
function expectInvalidClient(answer: JsonAnswer, reason: RegExp): void {
  expectClientAuthFailed(answer, authLog, reason);
  expect(answer.body).not.toHaveProperty("access_token");
}

describe("client keys from jwks_uri", () => {
  it("private_key_jwt works with the keys the jwks_uri serves, fetched once and then cached", async () => {
    const key = await newKey("basic-1");
    handlers.set("/jwks/basic", serveKeys(() => [key]));
    const client = await registerWithJwksUri("/jwks/basic");
    expectTokens(await redeem(client, await issueCode(client), key));
    expectTokens(await redeem(client, await issueCode(client), key));
    expect(hits.get("/jwks/basic")).toBe(1);
  });

  it("key rotation: a new kid is fetched and accepted; a second unknown kid within the minute is refused without a fetch", async () => {
    const first = await newKey("rot-1");
    const second = await newKey("rot-2");
    const third = await newKey("rot-3");
    let served = [first];
    handlers.set("/jwks/rotate", serveKeys(() => served));
    const client = await registerWithJwksUri("/jwks/rotate");
    expectTokens(await redeem(client, await issueCode(client), first));
    expect(hits.get("/jwks/rotate")).toBe(1);

    // The client rotates: it publishes a new key and signs with it straight away.
    served = [first, second];
    expectTokens(await redeem(client, await issueCode(client), second));
    expect(hits.get("/jwks/rotate")).toBe(2);

    // Another unknown kid within the minute: no third fetch, and the assertion is refused.
    served = [second, third];
    const issued = await issueCode(client);
    expectInvalidClient(await redeem(client, issued, third), /not signed by a key registered/);
    expect(hits.get("/jwks/rotate")).toBe(2);
    // The cached keys still work, and the refused assertion did not spend the code.
    expectTokens(await redeem(client, issued, second));
    expect(hits.get("/jwks/rotate")).toBe(2);
  });

  it("key rotation under load: two assertions with the new kid at once are both accepted after one refetch", async () => {
    const first = await newKey("par-1");
    const second = await newKey("par-2");
    let served = [first];
    handlers.set("/jwks/concurrent", serveKeys(() => served));
    const client = await registerWithJwksUri("/jwks/concurrent");
    expectTokens(await redeem(client, await issueCode(client), first));
    served = [second];
    const codes = [await issueCode(client), await issueCode(client)];
    const answers = await Promise.all(codes.map((issued) => redeem(client, issued, second)));
    answers.forEach(expectTokens);
    expect(hits.get("/jwks/concurrent")).toBe(2);
  });

  it("a jwks_uri that never answers → 401 invalid_client after the time limit, no hang", async () => {
    const key = await newKey("hang-1");
    handlers.set("/jwks/hang", () => undefined);
    const client = await registerWithJwksUri("/jwks/hang");
    const issued = await issueCode(client);
    const started = Date.now();
    const answer = await redeem(client, issued, key);
    const elapsed = Date.now() - started;
    expectInvalidClient(answer, /jwks_uri.*timeout/);
    expect(hits.get("/jwks/hang")).toBe(1);
    expect(elapsed).toBeLessThan(15_000);
  });

  it("a jwks_uri answering 500 → 401 invalid_client; once it recovers, the client authenticates (failures are not cached)", async () => {
    const key = await newKey("err-1");
    handlers.set("/jwks/error", (_request, response) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ keys: [key.publicJwk] }));
    });
    const client = await registerWithJwksUri("/jwks/error");
    const issued = await issueCode(client);
    expectInvalidClient(await redeem(client, issued, key), /500/);
    handlers.set("/jwks/error", serveKeys(() => [key]));
    expectTokens(await redeem(client, issued, key));
  });

  it("a jwks_uri answering something other than JSON → 401 invalid_client", async () => {
    const key = await newKey("html-1");
    handlers.set("/jwks/html", (_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end("<html><body>Sign in</body></html>");
    });
    handlers.set("/jwks/no-keys", serveJson({ keys: "none" }));
    for (const path of ["/jwks/html", "/jwks/no-keys"]) {
      const client = await registerWithJwksUri(path);
      expectInvalidClient(await redeem(client, await issueCode(client), key), /jwks_uri/);
    }
  });

  it("an answer over 256 KiB → 401 invalid_client, with or without Content-Length", async () => {
    const key = await newKey("big-1");
    const big = JSON.stringify({ keys: [key.publicJwk], padding: "x".repeat(256 * 1024) });
    handlers.set("/jwks/big-declared", (_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(big)) });
      response.end(big);
    });
    handlers.set("/jwks/big-chunked", (_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      for (let i = 0; i < big.length; i += 16 * 1024) response.write(big.slice(i, i + 16 * 1024));
      response.end();
    });
    for (const path of ["/jwks/big-declared", "/jwks/big-chunked"]) {
      const client = await registerWithJwksUri(path);
      expectInvalidClient(await redeem(client, await issueCode(client), key), /exceeds/);
    }
  });

  it("a jwks_uri where nothing listens: a request object is refused, and neither the address nor the errno reaches the relying party", async () => {
    const key = await newKey("dead-1");
    const client = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks_uri: "http://127.0.0.1:9/jwks" });
    const request = await new SignJWT({ iss: client.client_id, aud: porta.issuer, client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", state: "dead", exp: now() + 60 })
      .setProtectedHeader({ alg: "RS256", kid: key.kid })
      .sign(key.privateKey);
    const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", request })}`);
    const shown = hop.location ? (responseParams(hop.location).error_description ?? "") : hop.text;
    expect(hop.status === 303 || hop.status === 400, hop.text.slice(0, 200)).toBe(true);
    expect(shown).toMatch(/jwks_uri could not be fetched \(network\)/);
    expect(shown).not.toMatch(/127\.0\.0\.1|:9\b|ECONNREFUSED|connect /);
  });

  it("a redirect is not followed → 401 invalid_client, and its target is never asked", async () => {
    const key = await newKey("moved-1");
    handlers.set("/jwks/moved-target", serveKeys(() => [key]));
    handlers.set("/jwks/moved", (_request, response) => {
      response.writeHead(302, { Location: `${keyServerUrl}/jwks/moved-target` });
      response.end();
    });
    const client = await registerWithJwksUri("/jwks/moved");
    expectInvalidClient(await redeem(client, await issueCode(client), key), /302/);
    expect(hits.get("/jwks/moved")).toBe(1);
    expect(hits.get("/jwks/moved-target")).toBeUndefined();
  });
});
