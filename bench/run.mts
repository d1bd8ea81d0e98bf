/**
 * `npm run bench`: Porta against node-oidc-provider, in one run, on this machine, over PostgreSQL
 * (loopback only, bounded in time). Both serve the same two clients (RS256 ID tokens, PKCE): one
 * authenticating with private_key_jwt, one with client_secret_basic. Scenarios: discovery, JWKS,
 * PAR, code redemption with private_key_jwt and with client_secret_basic (codes minted beforehand
 * through the real flow), the complete test login driven over HTTP, and the rows each login writes
 * with either client; plus the RS256 signing rate of jose alone (the ceiling for anything that
 * signs). Prints a table, writes
 * bench/results.json and bench/results.svg.
 *   BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres)  BENCH_SECONDS (default 8)
 *   BENCH_ROUNDS      rounds of every scenario, the servers taking turns (default 3); each
 *                     server's median round is reported
 *   BENCH_SCENARIOS   comma-separated subset (discovery,jwks,par,code_redemption,secret_redemption,full_login,writes,memory)
 *   BENCH_PROTOCOL_ONLY=1  start Porta without its web pages (no build; for profiling iterations)
 *   BENCH_PROFILE_DIR  write a CPU profile of the Porta process there (node --cpu-prof) when it stops
 *   BENCH_BASELINE    another checkout of Porta (a directory after `npm ci`, e.g. a `git worktree`
 *                     of an earlier commit): it runs side by side with this Porta in every round
 *                     (both under the same load at the same time; node-oidc-provider sits the
 *                     rounds out), and the table compares the two; such a run does not replace
 *                     the recorded figures
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import pg from "pg";
import { basicAuth } from "../tests/support/basic-auth";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/**
 * Requests per round: PAR's are the cheapest to prepare (one assertion each) and the fastest to
 * serve, so a round needs more of them to last long enough that its ramp and tail stay a small
 * part of it.
 */
const PAR_ROUND_REQUESTS = 5000;
/** Each needs a code minted through a real login first. */
const REDEMPTION_ROUND_REQUESTS = 2000;
const CONNECTIONS = 50;
const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIRECT = "https://rp.example/callback";
const children: ChildProcess[] = [];
const ALL_SCENARIOS = ["discovery", "jwks", "par", "code_redemption", "secret_redemption", "full_login", "writes", "memory"];
const SCENARIOS = new Set(process.env.BENCH_SCENARIOS?.split(",") ?? ALL_SCENARIOS);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
/** `npm start`'s environment and Node options (a checkout's package.json), so that Porta runs here as an operator starts it. */
function startCommandOf(checkout: string): { START: string[]; START_ENV: Record<string, string> } {
  const script = (JSON.parse(readFileSync(path.join(checkout, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const parts = /^exec (?:env ((?:[A-Z_]+=\S+ )+))?node (.*)$/.exec(script);
  const args = parts?.[2]?.split(" ");
  if (!args?.includes("scripts/start.mjs")) throw new Error(`npm start is not "exec [env VAR=value …] node … scripts/start.mjs": ${script}`);
  const env = Object.fromEntries((parts?.[1] ?? "").trim().split(" ").filter(Boolean).map((pair) => pair.split("=") as [string, string]));
  return { START: args, START_ENV: env };
}
const { START, START_ENV } = startCommandOf(root);
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;

function dbUrl(name: string): string {
  const u = new URL(ADMIN_DB);
  u.pathname = `/${name}`;
  return u.toString();
}
async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_DB });
  await c.connect();
  await c.query(sql);
  await c.end();
}
function start(args: string[], env: Record<string, string>, ready: RegExp, cwd = root): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let out = "";
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) resolve(child);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code}:\n${out.slice(-2000)}`)));
  });
}

/**
 * CPU time (user + system, ms) used so far by each part of the test: a server's process tree,
 * the PostgreSQL backends serving its database, and this load generator. From /proc (Linux);
 * zero elsewhere. (Shared PostgreSQL work — WAL writer, checkpointer — is not counted.)
 */
interface CpuSnapshot {
  server: number;
  postgres: number;
  client: number;
}
const TICK_MS = 10; // USER_HZ = 100 on Linux
function procStats(): Map<number, { ppid: number; comm: string; ms: number; cmdline: string }> {
  const stats = new Map<number, { ppid: number; comm: string; ms: number; cmdline: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = text.lastIndexOf(")");
      const comm = text.slice(text.indexOf("(") + 1, close);
      const fields = text.slice(close + 2).split(" ");
      const cmdline = comm === "postgres" ? readFileSync(`/proc/${entry}/cmdline`, "utf8") : "";
      stats.set(Number(entry), { ppid: Number(fields[1]), comm, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, cmdline });
    } catch {
      // the process ended while we looked
    }
  }
  return stats;
}
/** Per-backend CPU of the database's backends: backends come and go, so deltas are per pid. */
function cpuSnapshot(serverPid: number | undefined, database: string): CpuSnapshot & { backends: Map<number, number> } {
  const own = process.cpuUsage();
  const client = (own.user + own.system) / 1000;
  if (process.platform !== "linux" || serverPid === undefined) return { server: 0, postgres: 0, client, backends: new Map() };
  const stats = procStats();
  const tree = processTree(serverPid, stats);
  let server = 0;
  const backends = new Map<number, number>();
  for (const [pid, st] of stats) {
    if (tree.has(pid)) server += st.ms;
    else if (st.comm === "postgres" && st.cmdline.includes(` ${database} `)) backends.set(pid, st.ms);
  }
  return { server, postgres: 0, client, backends };
}
/** The resident memory (MB) of a server's process tree: the sum of VmRSS over it (Linux; 0 elsewhere). */
function treeRssMb(serverPid: number | undefined): number {
  if (process.platform !== "linux" || serverPid === undefined) return 0;
  const stats = procStats();
  let kb = 0;
  for (const pid of processTree(serverPid, stats)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}
function processTree(root: number, stats: ReturnType<typeof procStats>): Set<number> {
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, st] of stats) if (!tree.has(pid) && tree.has(st.ppid)) { tree.add(pid); grew = true; }
  }
  return tree;
}
/** Busy CPU time of the whole machine so far, in ms (Linux's /proc/stat; 0 elsewhere). */
function machineBusyMs(): number {
  if (process.platform !== "linux") return 0;
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return (ticks.reduce((sum, t) => sum + t, 0) - idle) * TICK_MS;
}
/**
 * Waits (at most QUIET_MAX_MS) until the machine has been nearly idle for a quarter of a second:
 * what the previous server's round left behind (PostgreSQL's autovacuum and checkpoint of the rows
 * it wrote, a collector's full run) would otherwise fall on the next server's round. Without it,
 * the server that ran right after node-oidc-provider lost up to two fifths of its rate, and two
 * copies of one commit differed by more than any change being measured.
 */
const QUIET_MAX_MS = 20_000;
async function untilQuiet(): Promise<void> {
  const window = 250;
  const deadline = performance.now() + QUIET_MAX_MS;
  while (performance.now() < deadline) {
    const before = machineBusyMs();
    await new Promise((r) => setTimeout(r, window));
    // Less than a tenth of one core busy over the window.
    if (machineBusyMs() - before <= window / 10) return;
  }
}
/** CPU ms per request of each part between two snapshots. */
function cpuPerRequest(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, requests: number): CpuSnapshot {
  let postgres = 0;
  for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
  const per = (ms: number) => (requests > 0 ? ms / requests : 0);
  return { server: per(after.server - before.server), postgres: per(postgres), client: per(after.client - before.client) };
}
const cpuFigures: Record<string, Record<string, CpuSnapshot>> = {};

interface Server {
  name: "porta" | "oidc-provider" | "porta-baseline";
  /** Its PostgreSQL database. */
  database: string;
  /** The server's process (its tree is measured). */
  pid?: number;
  base: string;
  /** The private_key_jwt client. */
  clientId: string;
  /** The client_secret_basic client. */
  secretClient: { id: string; secret: string };
  tokenPath: string;
  parPath: string;
  discoveryPath: string;
  jwksPath: string;
  issuer: string;
  /** One complete login up to the code (HTTP only), by the private_key_jwt client unless another is named; returns the code. */
  login(challenge: string, clientId?: string): Promise<string>;
}

/**
 * The full login's HTTP client: node:http over kept-alive connections, as autocannon uses for the
 * other scenarios. (fetch costs the load generator more CPU per request, taken from the same two
 * cores the servers run on.)
 */
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
interface Answer {
  status: number;
  location: string | undefined;
  cookies: string[];
  body: string;
}
function call(url: string, init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const headers = init.body === undefined ? init.headers : { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) };
    const req = httpRequest({ agent, host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, method: init.method ?? "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, cookies: res.headers["set-cookie"] ?? [], body }));
      res.once("error", reject);
    });
    req.once("error", reject);
    req.end(init.body);
  });
}

function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    store(res: Answer) {
      for (const c of res.cookies) {
        const [pair] = c.split(";");
        const i = pair!.indexOf("=");
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
    },
  };
}

let signingKey: CryptoKey;
async function assertion(clientId: string, aud: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({}).setProtectedHeader({ alg: "RS256", kid: "bench-client" }).setIssuer(clientId).setSubject(clientId).setAudience(aud).setIssuedAt(now).setExpirationTime(now + 290).setJti(randomUUID()).sign(signingKey);
}
function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/**
 * Client assertions signed before a timed run, as the PAR and redemption scenarios sign theirs:
 * the relying party signs on its own machine, not on the two cores the servers are measured on.
 * Signs on demand once they run out.
 */
async function assertionsAhead(s: Server, n: number): Promise<() => Promise<string>> {
  const ready = await pool(n, 8, () => assertion(s.clientId, s.issuer));
  return () => Promise.resolve(ready.pop() ?? assertion(s.clientId, s.issuer));
}

async function redeemBody(s: Server, code: string, verifier: string, clientAssertion?: string): Promise<string> {
  return new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: s.clientId,
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: clientAssertion ?? (await assertion(s.clientId, s.issuer)),
  }).toString();
}

/** The token request of the client_secret_basic client: its credentials go in the Authorization header (basicAuth). */
function secretRedeemBody(code: string, verifier: string): string {
  return new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier }).toString();
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  /** The rate of every round, in order, when the scenario ran in rounds (the figures are the median round's). */
  rounds?: number[];
  /** The CPU ms per request of the server and its database backends in every round, in order. */
  cpuRounds?: number[];
  /** When the load started and when each answer came (performance.now()), for runs side by side. */
  startedAt?: number;
  answeredAt?: number[];
}

async function cannon(url: string, options: { method?: "GET" | "POST"; bodies?: string[]; amount?: number; headers?: Record<string, string> }): Promise<Figures> {
  let i = 0;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const answeredAt: number[] = [];
  const run: autocannon.Options = {
    url,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
    requests: [
      {
        method: options.method ?? "GET",
        headers: { ...(options.bodies ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...options.headers },
        ...(options.bodies ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: options.bodies![i++ % options.bodies!.length] }) } : {}),
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(run, (error: unknown, finished: autocannon.Result) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(finished);
    });
    instance.on("response", () => {
      lastAnswerAt = performance.now();
      answeredAt.push(lastAnswerAt);
    });
  });
  // Requests over the time from the start to the last answer: autocannon ends a run on its
  // one-second tick, so its duration (and the time until it resolves) is whole seconds, which
  // quantizes a fixed-amount run of a few seconds (3000 in 3 s or 4 s is a 33% jump).
  const seconds = (lastAnswerAt - startedAt) / 1000;
  return { rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, total: result.requests.total, startedAt, answeredAt };
}

/** Per-step latencies of the full login, collected while `stepLog` is set. */
let stepLog: Map<string, number[]> | undefined;
type StepFigures = Record<string, { p50: number; p99: number }>;
const stepFigures: Record<string, StepFigures> = {};
/** The step latencies of the last fullLogins run. */
let lastSteps: StepFigures = {};
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const value = await fn();
  if (stepLog) {
    const list = stepLog.get(name) ?? [];
    list.push(performance.now() - t0);
    stepLog.set(name, list);
  }
  return value;
}
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** Runs `make` exactly n times, `concurrency` at a time. */
async function pool<T>(n: number, concurrency: number, make: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let started = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (started < n) {
      started++;
      out.push(await make());
    }
  }));
  return out;
}

/** The complete test login over HTTP (authorize → eID → callback → token), concurrently for SECONDS. */
async function fullLogins(s: Server, nextAssertion: () => Promise<string>, options: { sideBySide?: boolean } = {}): Promise<Figures> {
  const latencies: number[] = [];
  const answeredAt: number[] = [];
  let errors = 0;
  const startedAt = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  if (!options.sideBySide) stepLog = new Map();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < deadline) {
      const t0 = performance.now();
      try {
        const { verifier, challenge } = pkce();
        const code = await s.login(challenge);
        const body = await redeemBody(s, code, verifier, await nextAssertion());
        const res = await step("token", () => call(`${s.base}${s.tokenPath}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }));
        if (res.status !== 200) throw new Error(String(res.status));
        answeredAt.push(performance.now());
        latencies.push(answeredAt[answeredAt.length - 1]! - t0);
      } catch {
        errors++;
      }
    }
  }));
  latencies.sort((a, b) => a - b);
  if (stepLog) {
    lastSteps = Object.fromEntries([...stepLog].map(([name, list]) => {
      list.sort((a, b) => a - b);
      return [name, { p50: percentile(list, 0.5), p99: percentile(list, 0.99) }];
    }));
  }
  stepLog = undefined;
  return { rps: latencies.length / SECONDS, p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, errors, total: latencies.length, startedAt, answeredAt };
}

/** Rows inserted, updated and deleted so far in a database (PostgreSQL's own counters). */
interface RowCounts {
  inserted: number;
  updated: number;
  deleted: number;
}
interface TableWrites extends RowCounts {
  /** Rows written (inserted + updated + deleted) per table. */
  tables: Record<string, number>;
}
async function rowsWritten(url: string): Promise<TableWrites> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ relname: string; inserted: number; updated: number; deleted: number }>(
    "SELECT relname, n_tup_ins::int AS inserted, n_tup_upd::int AS updated, n_tup_del::int AS deleted FROM pg_stat_user_tables",
  );
  await c.end();
  const total: TableWrites = { inserted: 0, updated: 0, deleted: 0, tables: {} };
  for (const r of rows) {
    total.inserted += r.inserted;
    total.updated += r.updated;
    total.deleted += r.deleted;
    total.tables[r.relname] = r.inserted + r.updated + r.deleted;
  }
  return total;
}
function perLogin(before: TableWrites, after: TableWrites, n: number): RowCounts & { total: number; tables: Record<string, number> } {
  const inserted = (after.inserted - before.inserted) / n;
  const updated = (after.updated - before.updated) / n;
  const deleted = (after.deleted - before.deleted) / n;
  const tables: Record<string, number> = {};
  for (const [name, rows] of Object.entries(after.tables)) {
    const per = (rows - (before.tables[name] ?? 0)) / n;
    if (per > 0) tables[name] = per;
  }
  return { inserted, updated, deleted, total: inserted + updated + deleted, tables };
}

function signRate(): Promise<number> {
  return (async () => {
    const end = Date.now() + 2000;
    let n = 0;
    while (Date.now() < end) {
      await new SignJWT({ sub: "x" }).setProtectedHeader({ alg: "RS256" }).sign(signingKey);
      n++;
    }
    return n / 2;
  })();
}

/** Registers one of the bench's clients at a Porta (RFC 7591, with the admin token). */
async function registerPortaClient(base: string, adminToken: string, auth: { token_endpoint_auth_method: "private_key_jwt"; jwks: { keys: JWK[] } } | { token_endpoint_auth_method: "client_secret_basic" }): Promise<{ client_id: string; client_secret?: string }> {
  const registered = await fetch(`${base}/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ redirect_uris: [REDIRECT], ...auth, default_acr_values: ["urn:grn:authn:dk:mitid:substantial"] }),
  });
  if (registered.status !== 201) throw new Error(`registration: ${registered.status} ${await registered.text()}`);
  return (await registered.json()) as { client_id: string; client_secret?: string };
}

/** The bench's two clients at a Porta: private_key_jwt and client_secret_basic. */
async function registerPortaClients(base: string, adminToken: string, clientJwks: { keys: JWK[] }): Promise<{ clientId: string; secretClient: { id: string; secret: string } }> {
  const jwt = await registerPortaClient(base, adminToken, { token_endpoint_auth_method: "private_key_jwt", jwks: clientJwks });
  const secret = await registerPortaClient(base, adminToken, { token_endpoint_auth_method: "client_secret_basic" });
  return { clientId: jwt.client_id, secretClient: { id: secret.client_id, secret: secret.client_secret! } };
}

/** A Porta under test: its test login (authorize → approve at the test MitID) and token endpoint. */
function portaServer(portaBase: string, clients: { clientId: string; secretClient: { id: string; secret: string } }, database: string, pid: number | undefined, name: "porta" | "porta-baseline" = "porta"): Server {
  return {
    name, database, pid, base: portaBase, issuer: portaBase, ...clients,
    tokenPath: "/oauth2/token", parPath: "/oauth2/par", discoveryPath: "/.well-known/openid-configuration", jwksPath: "/.well-known/jwks",
    async login(challenge, clientId = clients.clientId) {
      const jar = cookieJar();
      const q = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: "code", scope: "openid", code_challenge: challenge, code_challenge_method: "S256", nonce: "n" });
      const a = await step("authorize", () => call(`${portaBase}/oauth2/authorize?${q}`));
      jar.store(a);
      const eid = await step("authenticate", () => call(`${portaBase}${a.location!.replace(/\/eid$/, "/authenticate")}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: portaBase },
        body: "identity=mitid-1&decision=approve",
      }));
      return new URL(eid.location!).searchParams.get("code")!;
    },
  };
}

/** After the load: just after it (the heap as the load left it), and at rest. */
const JUST_AFTER_MS = 3_000;
/** V8 shrinks an idle heap (its memory reducer) only some 10-20 s after the load: at rest is later. */
const AT_REST_MS = 30_000;

/**
 * `npm start` as an operator runs it, on its embedded database (no DATABASE_URL): the resident
 * memory of its process tree 3 s after 100 logins (each code redeemed) and at rest, 30 s after
 * them, then the time a second start on the same data takes to be ready. With and without the
 * web pages.
 */
async function embeddedMemory(clientJwks: { keys: JWK[] }): Promise<Record<string, { justAfterMb: number; restMb: number; secondStartS: number }>> {
  const out: Record<string, { justAfterMb: number; restMb: number; secondStartS: number }> = {};
  for (const [name, args] of [["npm start", []], ["npm start -- --protocol-only", ["--protocol-only"]]] as const) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "porta-bench-"));
    const port = 3903;
    const base = `http://127.0.0.1:${port}`;
    const adminToken = randomBytes(32).toString("base64url");
    const env = { ...START_ENV, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: "", PORTA_SECRET: randomBytes(32).toString("base64url"), PORTA_ADMIN_TOKEN: adminToken, LOG_LEVEL: "error", NODE_ENV: "production", SHUTDOWN_DELAY_S: "0" };
    const stop = async (child: ChildProcess) => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    };
    try {
      const first = await start([...START, ...args], env, /Porta is running/);
      const s = portaServer(base, await registerPortaClients(base, adminToken, clientJwks), "", first.pid);
      await pool(100, 5, async () => {
        const { verifier, challenge } = pkce();
        const code = await s.login(challenge);
        const res = await fetch(`${base}/oauth2/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: await redeemBody(s, code, verifier) });
        if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
      });
      await new Promise((r) => setTimeout(r, JUST_AFTER_MS));
      const justAfterMb = treeRssMb(first.pid);
      await new Promise((r) => setTimeout(r, AT_REST_MS - JUST_AFTER_MS));
      const restMb = treeRssMb(first.pid);
      await stop(first);
      const t0 = performance.now();
      const second = await start([...START, ...args], env, /Porta is running/);
      const secondStartS = (performance.now() - t0) / 1000;
      await stop(second);
      out[name] = { justAfterMb, restMb, secondStartS };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const stamp = `${process.pid}_${Date.now().toString(36)}`;
  const portaDb = `porta_bench_${stamp}`;
  const peerDb = `oidcp_bench_${stamp}`;
  const baselineDb = `porta_baseline_bench_${stamp}`;
  await admin(`CREATE DATABASE ${portaDb}`);
  await admin(`CREATE DATABASE ${peerDb}`);
  if (BASELINE) await admin(`CREATE DATABASE ${baselineDb}`);
  const cleanup = async () => {
    // The servers stop gracefully (a CPU profile is written as Porta exits): wait for them, 10 s at most.
    const exited = children.map((c) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once("exit", r))));
    for (const c of children) c.kill("SIGTERM");
    await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 10_000))]);
    await admin(`DROP DATABASE IF EXISTS ${portaDb} WITH (FORCE)`).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${peerDb} WITH (FORCE)`).catch(() => undefined);
    if (BASELINE) await admin(`DROP DATABASE IF EXISTS ${baselineDb} WITH (FORCE)`).catch(() => undefined);
  };
  try {
    const keys = await generateKeyPair("RS256", { extractable: true });
    signingKey = keys.privateKey;
    const clientJwks = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: "bench-client", alg: "RS256", use: "sig" }] };

    const portaPort = 3901;
    const peerPort = 3902;
    const baselinePort = 3904;
    const portaBase = `http://127.0.0.1:${portaPort}`;
    const peerBase = `http://127.0.0.1:${peerPort}`;
    const baselineBase = `http://127.0.0.1:${baselinePort}`;
    const adminToken = randomBytes(32).toString("base64url");
    const peerClientSecret = randomBytes(32).toString("base64url");
    console.log(`Starting Porta (production build, PostgreSQL)${BASELINE ? `, the baseline Porta of ${BASELINE}` : ""} and node-oidc-provider (PostgreSQL adapter)...`);
    const portaArgs = (start: string[]) => [...start, ...(process.env.BENCH_PROTOCOL_ONLY === "1" ? ["--protocol-only"] : [])];
    // RATE_LIMIT_LOGINS_PER_MINUTE=0: every login comes from loopback, hundreds a second in
    // full_login, far past the per-IP limit on new logins that a real deployment keeps on.
    const portaEnv = (startEnv: Record<string, string>, port: number, base: string, database: string) => ({ ...startEnv, PORT: String(port), PUBLIC_URL: base, DATABASE_URL: dbUrl(database), PORTA_SECRET: randomBytes(32).toString("base64url"), PORTA_ADMIN_TOKEN: adminToken, LOG_LEVEL: "error", NODE_ENV: "production", DATABASE_POOL_SIZE: "10", SHUTDOWN_DELAY_S: "0", RATE_LIMIT_LOGINS_PER_MINUTE: "0" });
    const baselineStart = BASELINE ? startCommandOf(BASELINE) : undefined;
    // A baseline from before new logins were limited by default refuses 0 and has no limit unset.
    const baselineEnv = (env: Record<string, string>): Record<string, string> => {
      if (!BASELINE || /RATE_LIMIT_LOGINS_PER_MINUTE:[^\n]*\.default\(/.test(readFileSync(path.join(BASELINE, "lib/config.ts"), "utf8"))) return env;
      const { RATE_LIMIT_LOGINS_PER_MINUTE: _off, ...rest } = env;
      return rest;
    };
    const [portaProcess, peerProcess, baselineProcess] = await Promise.all([
      start([...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []), ...portaArgs(START)], portaEnv(START_ENV, portaPort, portaBase, portaDb), /Porta is running/),
      start([tsx, "bench/oidc-provider-server.mts"], { PORT: String(peerPort), DATABASE_URL: dbUrl(peerDb), CLIENT_JWKS: JSON.stringify(clientJwks), CLIENT_SECRET: peerClientSecret, REDIRECT_URI: REDIRECT, NODE_ENV: "production" }, /oidc-provider ready/),
      baselineStart && BASELINE ? start(portaArgs(baselineStart.START), baselineEnv(portaEnv(baselineStart.START_ENV, baselinePort, baselineBase, baselineDb)), /Porta is running/, BASELINE) : undefined,
    ]);

    const porta = portaServer(portaBase, await registerPortaClients(portaBase, adminToken, clientJwks), portaDb, portaProcess.pid);
    const peer: Server = {
      name: "oidc-provider", database: peerDb, pid: peerProcess.pid, base: peerBase, issuer: peerBase, clientId: "bench",
      secretClient: { id: "bench-secret", secret: peerClientSecret },
      tokenPath: "/token", parPath: "/request", discoveryPath: "/.well-known/openid-configuration", jwksPath: "/jwks",
      async login(challenge, clientId = "bench") {
        const jar = cookieJar();
        const q = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: "code", scope: "openid", code_challenge: challenge, code_challenge_method: "S256", nonce: "n" });
        let res = await step("authorize", () => call(`${peerBase}/auth?${q}`));
        for (let hop = 0; hop < 5; hop++) {
          jar.store(res);
          const location = res.location!;
          if (location.startsWith(REDIRECT)) return new URL(location).searchParams.get("code")!;
          res = await step(`hop${hop + 1}`, () => call(new URL(location, peerBase).href, { headers: { cookie: jar.header() } }));
        }
        throw new Error("oidc-provider login did not finish");
      },
    };

    const baseline = baselineProcess ? portaServer(baselineBase, await registerPortaClients(baselineBase, adminToken, clientJwks), baselineDb, baselineProcess.pid, "porta-baseline") : undefined;

    const results: Record<string, Record<string, Figures>> = {};
    const servers = baseline ? [porta, peer, baseline] : [porta, peer];
    const record = (scenario: string, server: Server, f: Figures, cpu?: CpuSnapshot) => {
      if (cpu) (cpuFigures[scenario] ??= {})[server.name] = cpu;
      results[scenario] ??= {};
      results[scenario]![server.name] = f;
      if (!f.rounds) console.log(`  ${scenario.padEnd(18)} ${server.name.padEnd(14)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  errors ${f.errors}`);
    };

    for (const s of servers) await fullLogins({ ...s }, await assertionsAhead(s, 0)).catch(() => undefined); // warm-up (JIT, pools, caches)

    // Database rows written per login (PostgreSQL's own counters; they settle within ~10 s). First,
    // before any row the scenarios write has expired: the retention sweeper's deletions (every
    // minute) are not the login's writes.
    let writes: Record<"private_key_jwt" | "client_secret_basic", Record<string, ReturnType<typeof perLogin>>> | undefined;
    if (SCENARIOS.has("writes")) {
      const N = 50;
      const counts = async () => ({ porta: await rowsWritten(dbUrl(portaDb)), peer: await rowsWritten(dbUrl(peerDb)), baseline: baseline ? await rowsWritten(dbUrl(baselineDb)) : undefined });
      const logins = async (withSecret: boolean) => {
        for (const s of servers) await pool(N, 5, async () => {
          const { verifier, challenge } = pkce();
          const code = await s.login(challenge, withSecret ? s.secretClient.id : s.clientId);
          const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...(withSecret ? { authorization: basicAuth(s.secretClient.id, s.secretClient.secret) } : {}) };
          const res = await fetch(`${s.base}${s.tokenPath}`, { method: "POST", headers, body: withSecret ? secretRedeemBody(code, verifier) : await redeemBody(s, code, verifier) });
          if (res.status !== 200) throw new Error(`${s.name} token: ${res.status} ${await res.text()}`);
        });
        await new Promise((r) => setTimeout(r, 11_000));
      };
      await new Promise((r) => setTimeout(r, 11_000));
      const before = await counts();
      await logins(false);
      const middle = await counts();
      await logins(true);
      const after = await counts();
      writes = {
        private_key_jwt: { porta: perLogin(before.porta, middle.porta, N), "oidc-provider": perLogin(before.peer, middle.peer, N), ...(before.baseline && middle.baseline ? { "porta-baseline": perLogin(before.baseline, middle.baseline, N) } : {}) },
        client_secret_basic: { porta: perLogin(middle.porta, after.porta, N), "oidc-provider": perLogin(middle.peer, after.peer, N), ...(middle.baseline && after.baseline ? { "porta-baseline": perLogin(middle.baseline, after.baseline, N) } : {}) },
      };
    }
    /**
     * A scenario in ROUNDS rounds after a warm-up round each, the servers taking turns (and which
     * goes first alternating too), so that a slow spell of the machine does not fall on one
     * server's only run. Each server's median round by rate is recorded, with its CPU split and
     * (full login) its steps.
     *
     * Against a baseline, this Porta and the baseline run side by side instead, under the same
     * load at the same time, and node-oidc-provider sits the rounds out. Two copies of one commit
     * taking turns differed by up to a fifth in a scenario's median round and by half within one
     * round: this machine's speed moves within seconds. Side by side, a slow spell falls on both,
     * and the one that needs less CPU per request answers more of them. Each one's rate is its
     * answers while both were under load, over that time.
     */
    const inRounds = async (scenario: string, prepare: (s: Server, sideBySide: boolean) => Promise<() => Promise<Figures>>) => {
      const rounds = new Map<Server, { figures: Figures; cpu: CpuSnapshot; steps: StepFigures }[]>();
      // One round each first, not recorded: a first round runs slower than the others for both
      // servers (the JIT compiling the scenario's code, new pool connections preparing their
      // statements).
      for (const s of servers) await (await prepare(s, false))();
      const groups = baseline ? [[porta, baseline]] : servers.map((s) => [s]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const group of round % 2 === 0 ? groups : [...groups].reverse()) {
          const sideBySide = group.length > 1;
          const ordered = round % 2 === 0 ? group : [...group].reverse();
          // Side by side, both are prepared at the same time too: the one prepared first lost up
          // to a fifth of its rate when they were prepared one after the other.
          const runs = await Promise.all(ordered.map((s) => prepare(s, sideBySide)));
          await untilQuiet();
          const before = ordered.map((s) => cpuSnapshot(s.pid, s.database));
          lastSteps = {};
          const all = await Promise.all(runs.map((run) => run()));
          const overlap = sideBySide ? { from: Math.max(...all.map((f) => f.startedAt ?? 0)), to: Math.min(...all.map((f) => f.answeredAt?.at(-1) ?? 0)) } : undefined;
          ordered.forEach((s, i) => {
            let figures = all[i]!;
            if (overlap) figures = { ...figures, rps: (figures.answeredAt ?? []).filter((t) => t >= overlap.from && t <= overlap.to).length / ((overlap.to - overlap.from) / 1000) };
            const cpu = cpuPerRequest(before[i]!, cpuSnapshot(s.pid, s.database), figures.total);
            console.log(`  ${scenario.padEnd(18)} ${s.name.padEnd(14)} round ${round + 1}${sideBySide ? " (side by side)" : ""}: ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  errors ${figures.errors}`);
            rounds.set(s, [...(rounds.get(s) ?? []), { figures, cpu, steps: lastSteps }]);
          });
        }
      }
      for (const s of groups.flat()) {
        const all = rounds.get(s)!;
        const median = [...all].sort((a, b) => a.figures.rps - b.figures.rps)[Math.floor((all.length - 1) / 2)]!;
        const { answeredAt: _times, ...figures } = median.figures;
        record(scenario, s, { ...figures, rounds: all.map((r) => r.figures.rps), cpuRounds: all.map((r) => r.cpu.server + r.cpu.postgres) }, median.cpu);
        if (scenario === "full_login" && !baseline) stepFigures[s.name] = median.steps;
      }
    };
    const post = (s: Server, path: string, bodies: string[]) => () => cannon(`${s.base}${path}`, { method: "POST", bodies, amount: bodies.length });

    // Rounds here too: a single run of a few seconds at tens of thousands of requests a second
    // moves by a tenth with whatever else the machine does, and whichever server ran first lost.
    if (SCENARIOS.has("discovery")) await inRounds("discovery", async (s) => () => cannon(`${s.base}${s.discoveryPath}`, {}));
    if (SCENARIOS.has("jwks")) await inRounds("jwks", async (s) => () => cannon(`${s.base}${s.jwksPath}`, {}));

    if (SCENARIOS.has("par")) {
      await inRounds("par", async (s) => {
        const bodies = await pool(PAR_ROUND_REQUESTS, 8, async () => {
          const { challenge } = pkce();
          return new URLSearchParams({ client_id: s.clientId, response_type: "code", redirect_uri: REDIRECT, scope: "openid", code_challenge: challenge, code_challenge_method: "S256", client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", client_assertion: await assertion(s.clientId, s.issuer) }).toString();
        });
        return post(s, s.parPath, bodies);
      });
    }
    if (SCENARIOS.has("code_redemption")) {
      // Codes are minted through the real login just before their round (they live a minute).
      await inRounds("code_redemption", async (s) => {
        const codes = await pool(REDEMPTION_ROUND_REQUESTS, 20, async () => {
          const { verifier, challenge } = pkce();
          return { code: await s.login(challenge), verifier };
        });
        return post(s, s.tokenPath, await Promise.all(codes.map((c) => redeemBody(s, c.code, c.verifier))));
      });
    }
    if (SCENARIOS.has("secret_redemption")) {
      await inRounds("secret_redemption", async (s) => {
        const codes = await pool(REDEMPTION_ROUND_REQUESTS, 20, async () => {
          const { verifier, challenge } = pkce();
          return { code: await s.login(challenge, s.secretClient.id), verifier };
        });
        const bodies = codes.map((c) => secretRedeemBody(c.code, c.verifier));
        return () => cannon(`${s.base}${s.tokenPath}`, { method: "POST", bodies, amount: bodies.length, headers: { authorization: basicAuth(s.secretClient.id, s.secretClient.secret) } });
      });
    }
    if (SCENARIOS.has("full_login")) {
      // The assertions are signed while the round is prepared, outside the measured time and CPU.
      await inRounds("full_login", async (s, sideBySide) => {
        const nextAssertion = await assertionsAhead(s, SECONDS * 500);
        return () => fullLogins(s, nextAssertion, { sideBySide });
      });
    }

    const embedded = SCENARIOS.has("memory") ? await embeddedMemory(clientJwks) : undefined;
    // At rest: the load has ended and the collector had time to run.
    await new Promise((r) => setTimeout(r, 2000));
    const memory = { porta: treeRssMb(porta.pid), "oidc-provider": treeRssMb(peer.pid), ...(baseline ? { "porta-baseline": treeRssMb(baseline.pid) } : {}) };
    const ceiling = await signRate();

    // Against a baseline, node-oidc-provider sits the rounds out (inRounds): no table against it.
    if (!baseline) console.log("\nscenario            Porta req/s   peer req/s   Porta/peer   Porta p50/p99 ms   peer p50/p99 ms");
    for (const [scenario, r] of baseline ? [] : Object.entries(results)) {
      const a = r.porta!;
      const b = r["oidc-provider"]!;
      console.log(`${scenario.padEnd(18)} ${a.rps.toFixed(0).padStart(11)} ${b.rps.toFixed(0).padStart(12)} ${(a.rps / b.rps).toFixed(2).padStart(12)}x ${`${a.p50.toFixed(1)}/${a.p99.toFixed(1)}`.padStart(18)} ${`${b.p50.toFixed(1)}/${b.p99.toFixed(1)}`.padStart(17)}`);
    }
    if (baseline) {
      // "Paired": the median over the rounds of the two rates' ratio within one round. "CPU
      // paired": the same for the CPU time each request cost its server and database backends
      // (baseline over Porta, so above 1 is Porta needing less): side by side, how the machine's
      // two cores are shared between the two servers moves a round's rates by up to a fifth, but
      // not what a request costs.
      const median = (values: number[]) => {
        const sorted = [...values].sort((x, y) => x - y);
        return sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
      };
      console.log("\nscenario            Porta req/s   baseline req/s   Porta/baseline   paired   CPU paired   Porta p50/p99 ms   baseline p50/p99 ms");
      for (const [scenario, r] of Object.entries(results)) {
        const a = r.porta!;
        const b = r["porta-baseline"]!;
        const paired = median((a.rounds ?? [a.rps]).map((rate, round) => rate / (b.rounds ?? [b.rps])[round]!));
        const cpuPaired = median((a.cpuRounds ?? []).map((ms, round) => (b.cpuRounds?.[round] ?? 0) / ms));
        console.log(`${scenario.padEnd(18)} ${a.rps.toFixed(0).padStart(11)} ${b.rps.toFixed(0).padStart(16)} ${(a.rps / b.rps).toFixed(2).padStart(15)}x ${paired.toFixed(2).padStart(7)}x ${cpuPaired.toFixed(2).padStart(11)}x ${`${a.p50.toFixed(1)}/${a.p99.toFixed(1)}`.padStart(18)} ${`${b.p50.toFixed(1)}/${b.p99.toFixed(1)}`.padStart(21)}`);
        console.log(`${"".padEnd(18)} rounds: Porta ${(a.rounds ?? []).map((x) => x.toFixed(0)).join(" ")}; baseline ${(b.rounds ?? []).map((x) => x.toFixed(0)).join(" ")}`);
        console.log(`${"".padEnd(18)} CPU ms per request: Porta ${(a.cpuRounds ?? []).map((x) => x.toFixed(2)).join(" ")}; baseline ${(b.cpuRounds ?? []).map((x) => x.toFixed(2)).join(" ")}`);
      }
    }
    for (const [name, steps] of Object.entries(stepFigures)) {
      console.log(`full_login steps, ${name}: ${Object.entries(steps).map(([step, f]) => `${step} p50 ${f.p50.toFixed(1)} / p99 ${f.p99.toFixed(1)} ms`).join("; ")}`);
    }
    for (const [scenario, byServer] of Object.entries(cpuFigures)) {
      for (const [name, c] of Object.entries(byServer)) {
        console.log(`CPU ms per ${scenario === "full_login" ? "login" : "request"}, ${scenario}, ${name}: server ${c.server.toFixed(2)}, postgres ${c.postgres.toFixed(2)}, load generator ${c.client.toFixed(2)}, total ${(c.server + c.postgres + c.client).toFixed(2)}`);
      }
    }
    const rowText = (w: ReturnType<typeof perLogin>) => `${w.total.toFixed(1)} (inserted ${w.inserted.toFixed(1)}, updated ${w.updated.toFixed(1)}, deleted ${w.deleted.toFixed(1)})`;
    const tableText = (w: ReturnType<typeof perLogin>) => Object.entries(w.tables).sort((x, y) => y[1] - x[1]).map(([name, rows]) => `${name} ${rows.toFixed(2)}`).join(", ");
    for (const [auth, byServer] of Object.entries(writes ?? {})) {
      console.log(`${auth === "private_key_jwt" ? "\n" : ""}rows written per login with ${auth} (incl. token): Porta ${rowText(byServer.porta!)}, oidc-provider ${rowText(byServer["oidc-provider"]!)}${byServer["porta-baseline"] ? `, baseline Porta ${rowText(byServer["porta-baseline"])}` : ""}`);
      console.log(`  Porta by table: ${tableText(byServer.porta!)}`);
    }
    console.log(`memory at rest after the run (RSS of the process tree): Porta ${memory.porta.toFixed(0)} MB, oidc-provider ${memory["oidc-provider"].toFixed(0)} MB${memory["porta-baseline"] !== undefined ? `, baseline Porta ${memory["porta-baseline"].toFixed(0)} MB` : ""}`);
    for (const [name, m] of Object.entries(embedded ?? {})) {
      console.log(`${name} (embedded database): ${m.restMb.toFixed(0)} MB at rest (30 s) after 100 logins, ${m.justAfterMb.toFixed(0)} MB 3 s after them; second start ready in ${m.secondStartS.toFixed(1)} s`);
    }
    const redemption = results.code_redemption?.porta;
    console.log(`jose RS256 sign rate (one core, the ceiling): ${ceiling.toFixed(0)}/s${redemption ? `; code redemption reaches ${((redemption.rps / ceiling) * 100).toFixed(0)}% of it` : ""}`);
    // A partial run, or one against a baseline, does not replace the recorded figures.
    if (BASELINE || !ALL_SCENARIOS.every((scenario) => SCENARIOS.has(scenario))) return;

    const report = { date: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, results, stepLatencies: stepFigures, cpuMsPerRequest: cpuFigures, rowsWrittenPerLogin: writes, memoryMb: memory, embeddedStart: embedded, rs256SignRate: ceiling };
    writeFileSync(path.join(root, "bench", "results.json"), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(root, "bench", "results.svg"), chart(results));
    console.log("\nWrote bench/results.json and bench/results.svg");
  } finally {
    await cleanup();
  }
}

/**
 * A grouped bar chart of req/s per scenario (Porta and oidc-provider). Each scenario is scaled to
 * its own faster server (the rates differ by two orders of magnitude between scenarios), and the
 * ratio is written beside it.
 */
function chart(results: Record<string, Record<string, Pick<Figures, "rps">>>): string {
  const scenarios = Object.keys(results);
  const w = 720;
  const rowH = 46;
  const h = 60 + scenarios.length * rowH;
  const rows = scenarios.map((s, i) => {
    const y = 40 + i * rowH;
    const p = results[s]!.porta!.rps;
    const o = results[s]!["oidc-provider"]!.rps;
    const scale = (v: number) => (v / Math.max(p, o)) * (w - 330);
    return `<text x="10" y="${y + 18}" font-size="13">${s}</text>
<text x="10" y="${y + 34}" font-size="11" fill="#475569">${(p / o).toFixed(2)}× the peer</text>
<rect x="150" y="${y + 4}" width="${scale(p).toFixed(1)}" height="16" fill="#1d4ed8"/><text x="${(155 + scale(p)).toFixed(1)}" y="${y + 17}" font-size="11">${p.toFixed(0)}</text>
<rect x="150" y="${y + 22}" width="${scale(o).toFixed(1)}" height="16" fill="#94a3b8"/><text x="${(155 + scale(o)).toFixed(1)}" y="${y + 35}" font-size="11">${o.toFixed(0)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="system-ui, sans-serif">
<text x="10" y="22" font-size="15" font-weight="600">Requests per second (each scenario to its own scale)</text>
<rect x="480" y="10" width="12" height="12" fill="#1d4ed8"/><text x="497" y="21" font-size="12">Porta</text>
<rect x="560" y="10" width="12" height="12" fill="#94a3b8"/><text x="577" y="21" font-size="12">node-oidc-provider</text>
${rows.join("\n")}
</svg>
`;
}

process.on("SIGINT", () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(130);
});
await main();
process.exit(0);
