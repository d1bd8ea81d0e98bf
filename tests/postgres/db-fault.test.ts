/**
 * Database faults under load: one Porta process over its own PostgreSQL database serves many
 * concurrent logins (authorize, plain or pushed → simulator authenticate → token with a client
 * secret, each code redeemed twice at once) and CIBA polls, while the test, from outside:
 * 1. terminates the server's database connections three times, then refuses connections to the
 *    database for a moment (`ALLOW_CONNECTIONS false`);
 * 2. partitions the network between Porta and PostgreSQL (a TCP relay in the test): the open
 *    connections go silent for good and new ones get no answer for two seconds.
 * It proves:
 * - no request hangs: every request answers within HANG_GUARD_MS (the client aborts after that,
 *   and an abort fails the test), and none is dropped without an answer (the process lives on);
 * - failures during the fault are clean: a 4xx/5xx answer, or a redirect to the relying party
 *   with `error=server_error` (never a redirect without code or error);
 * - `/readyz` answers 503 while the database refuses connections or is cut off, and 200 again
 *   afterwards; the service recovers by itself and a fresh login completes, without a restart;
 * - a browser told "this login has finished" was told the truth (the login is completed or failed);
 * - a code is redeemed at most once: at most one 200 per login, at most one access token per login;
 * - no login ends half-done. Half-done means one of:
 *   (a) tokens for an unfinished login: an access token whose login is not `completed`;
 *   (b) a finished login that lost its state: a `completed` code-flow login without its `codeHash`
 *       and expiry, or without the authentication it completed with (subject, acr, auth_time);
 *       a `failed` login without its error;
 *   (c) a login left in a state only a request in flight passes through (webhook_post_auth,
 *       webhook_resume, consent: this client has no webhook and asks no consent), which no
 *       browser action can move on.
 *   A login left in `started` or `eid_authenticating` by a failed request is not half-done: the
 *   browser can retry the step, or the login expires. The test retries the ones left in
 *   `eid_authenticating` and requires them to finish with a code that redeems.
 */
import { connect, createServer as createNetServer, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, RP_CALLBACK } from "../support/clients";
import { freePort } from "../support/free-port";
import { sendIssuerHost } from "../support/issuer-host-fetch";
import { TEST_ADMIN_TOKEN } from "../support/setup-env";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import { waitFor } from "../support/wait-for";

const ISSUER = "http://porta.test:8080";
/** Not a speed assertion: a request that takes longer is taken as hung. */
const HANG_GUARD_MS = 15_000;
const WORKERS = 16;
const MAX_LOGINS_PER_WORKER = 60;
const ACR = "urn:grn:authn:dk:mitid:substantial";

let porta: PortaProcess;
let base = "";
// Instances are reached by address with the issuer's Host, as behind the load balancer.
sendIssuerHost(ISSUER, () => (base ? [base] : []));
let admin: pg.Client; // on the server's maintenance database, never on Porta's own
let databaseName = "";
let client: { client_id: string; client_secret: string };
let cibaClient: { client_id: string; client_secret: string };

/** What one HTTP exchange ended with: an answer, or no answer at all (the failures this test hunts). */
interface Exchange {
  step: string;
  status?: number;
  location?: string | null;
  body?: string;
  /** The `porta_browser` cookie the answer set (name=value). */
  cookie?: string;
  failure?: "hung" | "dropped";
  cause?: string;
}

const exchanges: Exchange[] = [];

/** How the exchanges ended, counted by step and answer: the message of a failed assertion. */
function tally(): string {
  const counts = new Map<string, number>();
  for (const e of exchanges) {
    const error = e.status && e.status >= 400 ? /"error":"([a-z_]+)"|data-testid="error">([a-z_]+)/.exec(e.body ?? "")?.slice(1).find(Boolean) : rpParams(e.location)?.error;
    const key = `${e.step} ${e.failure ?? e.status}${error ? ` ${error}` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k}: ${n}`).join("; ");
}

async function call(step: string, path: string, init: RequestInit = {}): Promise<Exchange> {
  const exchange: Exchange = { step };
  try {
    const response = await fetch(`${base}${path}`, { ...init, redirect: "manual", signal: AbortSignal.timeout(HANG_GUARD_MS) });
    exchange.status = response.status;
    exchange.location = response.headers.get("location");
    exchange.body = await response.text();
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("porta_browser="));
    if (cookie) exchange.cookie = cookie.split(";")[0]!;
  } catch (error) {
    const name = (error as Error).name;
    exchange.failure = name === "TimeoutError" || name === "AbortError" ? "hung" : "dropped";
    exchange.cause = String((error as Error & { cause?: unknown }).cause ?? error);
  }
  exchanges.push(exchange);
  return exchange;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

function rpParams(location: string | null | undefined): Record<string, string> | undefined {
  if (!location?.startsWith(RP_CALLBACK)) return undefined;
  return Object.fromEntries(new URL(location).searchParams);
}

function loginIdOf(location: string | null | undefined): string | undefined {
  return /^\/login\/([0-9a-f-]{36})\/eid$/.exec(location ?? "")?.[1];
}

interface LoginRecord {
  id: string;
  cookie: string;
  tokens200: number;
  /** The browser was told the login had finished (the error page's "finished" answer). */
  toldFinished: boolean;
}

const logins = new Map<string, LoginRecord>();
let completedLogins = 0;

function redeem(code: string): Promise<Exchange> {
  return call("token", "/oauth2/token", {
    method: "POST",
    headers: { "Content-Type": FORM, Authorization: basicAuth(client.client_id, client.client_secret) },
    body: form({ grant_type: "authorization_code", code, redirect_uri: RP_CALLBACK }),
  });
}

/** Finishes the eID step of a started login and redeems its code twice at once. */
async function authenticateAndRedeem(login: LoginRecord): Promise<"completed" | "failed"> {
  const done = await call("authenticate", `/login/${login.id}/authenticate`, {
    method: "POST",
    headers: { "Content-Type": FORM, Origin: ISSUER, Cookie: login.cookie },
    body: form({ identity: "mitid-2", decision: "approve" }),
  });
  if (done.status === 400 && done.body?.includes("data-testid=\"error\"")) login.toldFinished = true;
  const code = rpParams(done.location)?.code;
  if (!code) return "failed";
  const answers = await Promise.all([redeem(code), redeem(code)]);
  login.tokens200 += answers.filter((a) => a.status === 200).length;
  if (login.tokens200 > 0) completedLogins++;
  return login.tokens200 > 0 ? "completed" : "failed";
}

/** One browser login: (PAR →) authorize → authenticate → token ×2. */
async function oneLogin(n: number): Promise<void> {
  const query: Record<string, string> = { client_id: client.client_id };
  if (n % 3 === 0) {
    const pushed = await call("par", "/oauth2/par", {
      method: "POST",
      headers: { "Content-Type": FORM, Authorization: basicAuth(client.client_id, client.client_secret) },
      body: form({ redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: ACR, nonce: `n${n}`, state: `s${n}` }),
    });
    if (pushed.status !== 201) return;
    query.request_uri = (JSON.parse(pushed.body!) as { request_uri: string }).request_uri;
  } else {
    Object.assign(query, { redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: ACR, nonce: `n${n}`, state: `s${n}` });
  }
  const start = await call("authorize", `/oauth2/authorize?${new URLSearchParams(query)}`);
  const id = loginIdOf(start.location);
  if (!id || !start.cookie) return;
  const login: LoginRecord = { id, cookie: start.cookie, tokens200: 0, toldFinished: false };
  logins.set(id, login);
  await authenticateAndRedeem(login);
}

/** A CIBA request and one poll of it (pending, or a clean error). */
async function oneCibaPoll(): Promise<void> {
  const auth = basicAuth(cibaClient.client_id, cibaClient.client_secret);
  const started = await call("bc-authorize", "/ciba/bc-authorize", {
    method: "POST",
    headers: { "Content-Type": FORM, Authorization: auth },
    body: form({ scope: "openid", acr_values: "urn:grn:authn:se:bankid", login_hint: "sub:ssn:199003152387" }),
  });
  if (started.status !== 200) return;
  const { auth_req_id } = JSON.parse(started.body!) as { auth_req_id: string };
  await call("ciba-poll", "/oauth2/token", {
    method: "POST",
    headers: { "Content-Type": FORM, Authorization: auth },
    body: form({ grant_type: "urn:openid:params:grant-type:ciba", auth_req_id }),
  });
}

async function terminateConnections(): Promise<number> {
  const result = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [databaseName]);
  return result.rowCount ?? 0;
}

/**
 * A TCP relay between Porta and PostgreSQL that can partition the network: the connections open
 * at that moment go silent for good (bytes are dropped both ways, nothing is closed: no FIN, no
 * RST, as when a peer or a link disappears), and while the partition lasts new connections are
 * accepted but never answered.
 */
function startRelay(target: { host: string; port: number }) {
  const pairs = new Set<{ client: Socket; upstream: Socket; silent: boolean }>();
  let partitioned = false;
  const server = createNetServer((clientSocket) => {
    const upstream = connect(target.port, target.host);
    const pair = { client: clientSocket, upstream, silent: partitioned };
    pairs.add(pair);
    clientSocket.on("data", (d: Buffer) => void (pair.silent || upstream.write(d)));
    upstream.on("data", (d: Buffer) => void (pair.silent || clientSocket.write(d)));
    const close = () => {
      pairs.delete(pair);
      clientSocket.destroy();
      upstream.destroy();
    };
    clientSocket.on("close", close).on("error", close);
    upstream.on("close", () => void (pair.silent || close())).on("error", () => void (pair.silent || close()));
  });
  return {
    server,
    partition() {
      partitioned = true;
      for (const pair of pairs) pair.silent = true;
    },
    heal() {
      partitioned = false;
    },
    close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let relay: ReturnType<typeof startRelay>;

/** Keeps a fault on (or spaces its rounds) for `ms` of real time, for the load to run into it. */
const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readiness(): Promise<number | undefined> {
  return (await call("readyz", "/readyz")).status;
}

/**
 * Runs logins on WORKERS concurrent workers; once some completed, runs `fault`, then keeps the
 * load on until logins complete again (bounded), and stops.
 */
async function underLoad(fault: () => Promise<void>): Promise<void> {
  let stop = false;
  const worker = async (w: number) => {
    for (let i = 0; i < MAX_LOGINS_PER_WORKER && !stop; i++) {
      if (w % 4 === 3 && i % 2 === 1) await oneCibaPoll();
      else await oneLogin(loginCount++);
    }
  };
  const running = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  const atStart = completedLogins;
  try {
    await waitFor(() => completedLogins >= atStart + 20, 30_000);
    await fault();
    const afterFault = completedLogins;
    await waitFor(() => completedLogins >= afterFault + 10, 20_000);
  } finally {
    stop = true;
    await running;
  }
}
let loginCount = 0;

/** No hang, no answer dropped, and every answer a clean one. */
function expectCleanAnswers(): void {
  expect(porta.child.exitCode, porta.output().slice(-6000)).toBeNull(); // still the process that started
  const unanswered = exchanges.filter((e) => e.failure);
  expect(unanswered.map((e) => `${e.step}: ${e.failure} (${e.cause})`), porta.output().slice(-4000)).toEqual([]);
  for (const e of exchanges) {
    const params = rpParams(e.location);
    if (params) {
      // A redirect to the relying party carries a code or an error: server_error, since a
      // database failure is not the person's refusal.
      expect(params.code ?? params.error, `${e.step} → ${e.location}`).toBeDefined();
      if (params.error) expect(params.error, `${e.step} → ${e.location}`).toBe("server_error");
      continue;
    }
    expect(e.status, `${e.step} answered ${e.status} ${e.location ?? ""} ${e.body?.slice(0, 200)}`).toSatisfy(
      (s: number) => s === 200 || s === 201 || s === 303 || (s >= 400 && s < 600),
    );
    if (e.status === 303) expect(e.location ?? "", e.step).toMatch(/^\/login\//);
    if (["token", "par", "bc-authorize", "ciba-poll"].includes(e.step) && e.status! >= 500) expect(JSON.parse(e.body!)).toMatchObject({ error: "server_error" });
  }
  const failed = exchanges.filter((e) => (e.status ?? 0) >= 500 || rpParams(e.location)?.error);
  expect(failed.length).toBeGreaterThan(0); // the fault did hit requests in flight
}

/** Ready again by itself, and a fresh login completes. */
async function expectRecovered(): Promise<void> {
  expect(await waitFor(async () => (await readiness()) === 200, 10_000), porta.output().slice(-4000)).toBe(true);
  const before = completedLogins;
  await oneLogin(1);
  expect(completedLogins, porta.output().slice(-4000)).toBe(before + 1);
}

beforeAll(async () => {
  const adminUrl = new URL(process.env.DATABASE_URL!);
  databaseName = adminUrl.pathname.slice(1);
  relay = startRelay({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
  const relayPort = await freePort();
  await new Promise<void>((resolve) => relay.server.listen(relayPort, "127.0.0.1", resolve));
  const relayed = new URL(adminUrl);
  relayed.host = `127.0.0.1:${relayPort}`;

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  porta = spawnPorta({ PORT: String(port), PUBLIC_URL: ISSUER, DATABASE_URL: relayed.toString() });
  await porta.ready();
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const register = async (metadata: Record<string, unknown>) =>
    (await (
      await fetch(`${base}/oauth2/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        body: JSON.stringify(metadata),
      })
    ).json()) as { client_id: string; client_secret: string };
  client = await register({ redirect_uris: [RP_CALLBACK], client_name: "Fault" });
  cibaClient = await register({ grant_types: ["urn:openid:params:grant-type:ciba"], backchannel_token_delivery_mode: "poll" });
}, 120_000);

afterAll(async () => {
  if (admin) {
    await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end();
  }
  await porta?.stop();
  await relay?.close();
});

describe("PostgreSQL connections lost under load", () => {
  it("connections terminated by the server, then refused: every request answers, readiness follows, service recovers", { timeout: 60_000 }, async () => {
    exchanges.length = 0;
    const terminated: number[] = [];
    let readyWhileGone = false;
    await underLoad(async () => {
      for (let round = 0; round < 3; round++) {
        terminated.push(await terminateConnections());
        await hold(600);
      }
      // The database is gone for a moment: it refuses connections.
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
      terminated.push(await terminateConnections());
      readyWhileGone = await waitFor(async () => (await readiness()) === 503, 5_000);
      await hold(1000);
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    });
    expectCleanAnswers();
    expect(terminated[0]).toBeGreaterThan(0);
    expect(readyWhileGone, tally()).toBe(true);
    await expectRecovered();
  });

  it("a network partition (connections go silent, new ones are never answered): every request answers, service recovers", { timeout: 60_000 }, async () => {
    exchanges.length = 0;
    let readyWhilePartitioned = false;
    await underLoad(async () => {
      relay.partition();
      readyWhilePartitioned = await waitFor(async () => (await readiness()) === 503, 5_000);
      await hold(2000);
      relay.heal(); // the silenced connections stay silent: only new ones work again
    });
    expectCleanAnswers();
    expect(readyWhilePartitioned, tally()).toBe(true);
    await expectRecovered();
  });

  it("no code was redeemed twice and no login ended half-done; a login left in its eID step finishes on retry", async () => {
    for (const login of logins.values()) expect(login.tokens200, login.id).toBeLessThanOrEqual(1);
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const q = async (sql: string) => (await db.query(sql)).rows as Record<string, unknown>[];
      expect(await q(`SELECT "loginId", count(*)::int AS n FROM "AccessToken" GROUP BY "loginId" HAVING count(*) > 1`)).toEqual([]);
      // (a) tokens for an unfinished login
      expect(await q(`SELECT t.id FROM "AccessToken" t JOIN "LoginTransaction" l ON l.id = t."loginId" WHERE l.state <> 'completed'`)).toEqual([]);
      // (b) a finished login that lost its state
      expect(
        await q(`SELECT id FROM "LoginTransaction" WHERE state = 'completed' AND kind = 'browser'
                   AND ("codeHash" IS NULL OR "codeExpiresAt" IS NULL OR subject IS NULL OR acr IS NULL OR "authTime" IS NULL)`),
      ).toEqual([]);
      expect(await q(`SELECT id FROM "LoginTransaction" WHERE state = 'failed' AND error IS NULL`)).toEqual([]);
      // (c) a login stuck where no browser action moves it on
      expect(await q(`SELECT id, state FROM "LoginTransaction" WHERE state IN ('webhook_post_auth', 'webhook_resume', 'consent', 'paused')`)).toEqual([]);
      // A browser told "this login has finished" was told the truth.
      const toldFinished = [...logins.values()].filter((l) => l.toldFinished).map((l) => l.id);
      expect((await db.query(`SELECT id, state FROM "LoginTransaction" WHERE id = ANY($1::uuid[]) AND state NOT IN ('completed', 'failed')`, [toldFinished])).rows).toEqual([]);
      // Every login that got a 200 from the token endpoint has its one token.
      const tokenLogins = new Set((await q(`SELECT "loginId" FROM "AccessToken"`)).map((r) => r.loginId as string));
      for (const login of logins.values()) if (login.tokens200 === 1) expect(tokenLogins.has(login.id), login.id).toBe(true);

      const waiting = (await q(`SELECT id FROM "LoginTransaction" WHERE state = 'eid_authenticating' AND kind = 'browser'`)).map((r) => r.id as string);
      exchanges.length = 0;
      for (const id of waiting.slice(0, 10)) {
        const login = logins.get(id);
        if (!login) continue; // its authorize answer was lost before the test learnt the login's id
        expect(await authenticateAndRedeem(login), `retry of ${id}`).toBe("completed");
      }
    } finally {
      await db.end();
    }
  });
});
