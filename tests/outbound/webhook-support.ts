/**
 * Shared pieces of the login-webhook tests: a programmable webhook server on loopback that records
 * every request Porta sends, a relying party with a webhook, a login over HTTP, and the code
 * redemption that yields the ID token and the userinfo answer.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { loginId, responseParams, TestBrowser, type Hop } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

export const MITID = "urn:grn:authn:dk:mitid:substantial";
export const MOCK = "urn:grn:authn:mock";

/** One request Porta sent to a webhook. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body text. */
  raw: string;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** The decoded (not verified) bearer token claims. */
  token: JWTPayload;
  authorization: string;
}

export type HookHandler = (request: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface HookServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The URL to register as the webhook (a subpath: a webhook URL may have a path). */
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Starts a webhook server on loopback that answers every POST with `handler`. */
export async function startHookServer(handler: HookHandler, path = "/porta/hooks/login"): Promise<HookServer> {
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const authorization = req.headers.authorization ?? "";
      const bearer = /^Bearer (.+)$/.exec(authorization)?.[1];
      const received: ReceivedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        raw,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
        token: bearer ? decodeJwt(bearer) : {},
        authorization,
      };
      requests.push(received);
      await handler(received, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(599);
      res.end(String(error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers helpers for a HookHandler. */
export const reply = {
  noContent: (res: ServerResponse) => {
    res.writeHead(204).end();
  },
  json: (res: ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  },
};

export type WebhookClient = RegisteredClient & { tenant_id: string; webhook: { id: string; url: string; claim_whitelist: string[]; timeout_ms: number } };

/** Registers a relying party whose webhook is `url`. */
export async function registerWebhookClient(
  porta: TestPorta,
  url: string,
  webhook: { claim_whitelist?: string[]; timeout_ms?: number } = {},
  metadata: Record<string, unknown> = {},
): Promise<WebhookClient> {
  const client = (await registerClient(porta, { webhook: { url, ...webhook }, ...metadata })) as WebhookClient;
  expect(client.webhook.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(typeof client.tenant_id).toBe("string");
  return client;
}

export interface LoginOptions {
  scope?: string;
  state?: string;
  nonce?: string;
  acr?: string;
  identity?: string;
  browser?: TestBrowser;
}

export interface Login {
  browser: TestBrowser;
  /** The answer to the eID step: a redirect to the RP, or to the webhook's Location. */
  done: Hop;
  state: string;
  nonce: string;
}

/** authorize (MitID simulator) → authenticate as `identity`; the webhook runs in the last step. */
export async function login(porta: TestPorta, client: RegisteredClient, options: LoginOptions = {}): Promise<Login> {
  const browser = options.browser ?? new TestBrowser(porta.issuer);
  const state = options.state ?? `st-${Math.random().toString(36).slice(2)}`;
  const nonce = options.nonce ?? `n-${Math.random().toString(36).slice(2)}`;
  const acr = options.acr ?? MITID;
  const query = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: RP_CALLBACK,
    response_type: "code",
    scope: options.scope ?? "openid",
    acr_values: acr,
    state,
    nonce,
  });
  const start = await browser.get(`/oauth2/authorize?${query}`);
  expect(start.status).toBe(303);
  if (acr === MOCK) return { browser, done: start, state, nonce };
  expect(start.location).toMatch(/^\/login\/[0-9a-f-]{36}\/eid$/);
  const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity: options.identity ?? "mitid-1", decision: "approve" });
  return { browser, done, state, nonce };
}

/** The RP's parameters of a redirect that must go to RP_CALLBACK. */
export function rpParams(hop: Hop): Record<string, string> {
  expect(hop.status).toBe(303);
  expect(hop.location?.startsWith(`${RP_CALLBACK}?`)).toBe(true);
  return responseParams(hop.location!);
}

/** The login ended at the RP with server_error "login webhook failed", its state and iss, no code. */
export function expectWebhookFailure(porta: TestPorta, login: Login, hop: Hop = login.done): void {
  expect(rpParams(hop)).toEqual({ error: "server_error", error_description: "login webhook failed", state: login.state, iss: porta.issuer });
}

export interface Redeemed {
  idToken: JWTPayload;
  userinfo: Record<string, unknown>;
}

/** Redeems a code at the token endpoint, verifies the ID token and fetches userinfo. */
export async function redeem(porta: TestPorta, client: RegisteredClient, code: string, nonce: string): Promise<Redeemed> {
  const response = await fetch(`${porta.issuer}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(client.client_id, client.client_secret!) },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }),
  });
  expect(response.status).toBe(200);
  const tokens = (await response.json()) as { id_token: string; access_token: string };
  const jwks = createRemoteJWKSet(new URL(`${porta.issuer}/.well-known/jwks`));
  const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: porta.issuer, audience: client.client_id });
  expect(payload.nonce).toBe(nonce);
  const info = await fetch(`${porta.issuer}/oauth2/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(info.status).toBe(200);
  return { idToken: payload, userinfo: (await info.json()) as Record<string, unknown> };
}

/** A login that must succeed: returns the redeemed tokens. */
export async function loginAndRedeem(porta: TestPorta, client: RegisteredClient, options: LoginOptions = {}): Promise<Redeemed & Login> {
  const result = await login(porta, client, options);
  const params = rpParams(result.done);
  expect(params).toMatchObject({ state: result.state, iss: porta.issuer });
  expect(params.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { ...result, ...(await redeem(porta, client, params.code!, result.nonce)) };
}

/** A free loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface WebhookHarness {
  /** A hook server, closed after the test. */
  hook(handler: HookHandler): Promise<HookServer>;
  /** A hook server and an application whose webhook points at it, closed after the test. */
  webhook(handler: HookHandler, config?: { claim_whitelist?: string[]; timeout_ms?: number }): Promise<{ server: HookServer; client: WebhookClient }>;
  /** Anything else a test opens, closed after it. */
  closeAfterTest(close: () => Promise<void>): void;
}

/**
 * The shared set-up of the webhook test files: a Porta for the file (handed to `onStart`), and
 * hook servers and other peers closed after each test.
 */
export function useWebhookHarness(onStart: (porta: TestPorta) => void): WebhookHarness {
  let porta: TestPorta | undefined;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    porta = await startTestPorta();
    onStart(porta);
  });
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(async () => {
    await porta?.close();
  });
  const hook = async (handler: HookHandler) => {
    const server = await startHookServer(handler);
    closers.push(() => server.close());
    return server;
  };
  return {
    hook,
    async webhook(handler, config = {}) {
      const server = await hook(handler);
      return { server, client: await registerWebhookClient(porta!, server.url, config) };
    },
    closeAfterTest: (close) => closers.push(close),
  };
}
