/**
 * `npm run bench`: Porta against node-oidc-provider, in one run, on this machine, over PostgreSQL
 * (loopback only, bounded in time). Both serve the same client (private_key_jwt, RS256, PKCE).
 * Scenarios: discovery, JWKS, PAR, code redemption with private_key_jwt (codes minted beforehand
 * through the real flow), and the complete test login driven over HTTP; plus the RS256 signing
 * rate of jose alone (the ceiling for anything that signs). Prints a table, writes
 * bench/results.json and bench/results.svg.
 *   BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres)  BENCH_SECONDS (default 8)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIRECT = "https://rp.example/callback";
const children: ChildProcess[] = [];

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
function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let out = "";
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code}:\n${out.slice(-2000)}`)));
  });
}

interface Server {
  name: "porta" | "oidc-provider";
  base: string;
  clientId: string;
  tokenPath: string;
  parPath: string;
  discoveryPath: string;
  jwksPath: string;
  issuer: string;
  /** One complete login up to the code (HTTP only); returns the code. */
  login(challenge: string): Promise<string>;
}

function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    store(res: Response) {
      for (const c of res.headers.getSetCookie()) {
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

async function redeemBody(s: Server, code: string, verifier: string): Promise<string> {
  return new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: s.clientId,
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: await assertion(s.clientId, s.issuer),
  }).toString();
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

async function cannon(url: string, options: { method?: "GET" | "POST"; bodies?: string[]; amount?: number }): Promise<Figures> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
    requests: [
      {
        method: options.method ?? "GET",
        headers: options.bodies ? { "content-type": "application/x-www-form-urlencoded" } : {},
        ...(options.bodies ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: options.bodies![i++ % options.bodies!.length] }) } : {}),
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, total: result.requests.total };
}

async function pool<T>(n: number, concurrency: number, make: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (out.length < n) out.push(await make());
  }));
  return out.slice(0, n);
}

/** The complete test login over HTTP (authorize → eID → callback → token), concurrently for SECONDS. */
async function fullLogins(s: Server): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < deadline) {
      const t0 = performance.now();
      try {
        const { verifier, challenge } = pkce();
        const code = await s.login(challenge);
        const res = await fetch(`${s.base}${s.tokenPath}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: await redeemBody(s, code, verifier) });
        await res.text();
        if (res.status !== 200) throw new Error(String(res.status));
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }));
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / SECONDS, p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, errors, total: latencies.length };
}

async function rowsWritten(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query("SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::int AS w FROM pg_stat_user_tables");
  await c.end();
  return rows[0].w as number;
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

async function main(): Promise<void> {
  const stamp = `${process.pid}_${Date.now().toString(36)}`;
  const portaDb = `porta_bench_${stamp}`;
  const peerDb = `oidcp_bench_${stamp}`;
  await admin(`CREATE DATABASE ${portaDb}`);
  await admin(`CREATE DATABASE ${peerDb}`);
  const cleanup = async () => {
    for (const c of children) c.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await admin(`DROP DATABASE IF EXISTS ${portaDb} WITH (FORCE)`).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${peerDb} WITH (FORCE)`).catch(() => undefined);
  };
  try {
    const keys = await generateKeyPair("RS256", { extractable: true });
    signingKey = keys.privateKey;
    const clientJwks = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: "bench-client", alg: "RS256", use: "sig" }] };

    const portaPort = 3901;
    const peerPort = 3902;
    const portaBase = `http://127.0.0.1:${portaPort}`;
    const peerBase = `http://127.0.0.1:${peerPort}`;
    const adminToken = randomBytes(32).toString("base64url");
    console.log("Starting Porta (production build, PostgreSQL) and node-oidc-provider (PostgreSQL adapter)...");
    await Promise.all([
      start([tsx, "scripts/start.ts"], { PORT: String(portaPort), PUBLIC_URL: portaBase, DATABASE_URL: dbUrl(portaDb), PORTA_SECRET: randomBytes(32).toString("base64url"), PORTA_ADMIN_TOKEN: adminToken, LOG_LEVEL: "error", NODE_ENV: "production", DATABASE_POOL_SIZE: "10" }, /Porta is running/),
      start([tsx, "bench/oidc-provider-server.mts"], { PORT: String(peerPort), DATABASE_URL: dbUrl(peerDb), CLIENT_JWKS: JSON.stringify(clientJwks), REDIRECT_URI: REDIRECT, NODE_ENV: "production" }, /oidc-provider ready/),
    ]);

    const registered = await fetch(`${portaBase}/oauth2/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt", jwks: clientJwks, default_acr_values: ["urn:grn:authn:dk:mitid:substantial"] }),
    });
    const portaClient = ((await registered.json()) as { client_id: string }).client_id;

    const porta: Server = {
      name: "porta", base: portaBase, issuer: portaBase, clientId: portaClient,
      tokenPath: "/oauth2/token", parPath: "/oauth2/par", discoveryPath: "/.well-known/openid-configuration", jwksPath: "/.well-known/jwks",
      async login(challenge) {
        const jar = cookieJar();
        const q = new URLSearchParams({ client_id: portaClient, redirect_uri: REDIRECT, response_type: "code", scope: "openid", code_challenge: challenge, code_challenge_method: "S256", nonce: "n" });
        const a = await fetch(`${portaBase}/oauth2/authorize?${q}`, { redirect: "manual" });
        jar.store(a);
        const eid = await fetch(`${portaBase}${a.headers.get("location")!.replace(/\/eid$/, "/authenticate")}`, {
          method: "POST", redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: portaBase },
          body: "identity=mitid-1&decision=approve",
        });
        return new URL(eid.headers.get("location")!).searchParams.get("code")!;
      },
    };
    const peer: Server = {
      name: "oidc-provider", base: peerBase, issuer: peerBase, clientId: "bench",
      tokenPath: "/token", parPath: "/request", discoveryPath: "/.well-known/openid-configuration", jwksPath: "/jwks",
      async login(challenge) {
        const jar = cookieJar();
        const q = new URLSearchParams({ client_id: "bench", redirect_uri: REDIRECT, response_type: "code", scope: "openid", code_challenge: challenge, code_challenge_method: "S256", nonce: "n" });
        let res = await fetch(`${peerBase}/auth?${q}`, { redirect: "manual" });
        for (let hop = 0; hop < 5; hop++) {
          jar.store(res);
          const location = res.headers.get("location")!;
          if (location.startsWith(REDIRECT)) return new URL(location).searchParams.get("code")!;
          res = await fetch(new URL(location, peerBase), { redirect: "manual", headers: { cookie: jar.header() } });
        }
        throw new Error("oidc-provider login did not finish");
      },
    };

    const results: Record<string, Record<string, Figures>> = {};
    const servers = [porta, peer];
    const record = (scenario: string, server: Server, f: Figures) => {
      results[scenario] ??= {};
      results[scenario]![server.name] = f;
      console.log(`  ${scenario.padEnd(18)} ${server.name.padEnd(14)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  errors ${f.errors}`);
    };

    for (const s of servers) await fullLogins({ ...s }).catch(() => undefined); // warm-up (JIT, pools, caches)

    for (const s of servers) record("discovery", s, await cannon(`${s.base}${s.discoveryPath}`, {}));
    for (const s of servers) record("jwks", s, await cannon(`${s.base}${s.jwksPath}`, {}));
    for (const s of servers) {
      const bodies = await pool(2000, 8, async () => {
        const { challenge } = pkce();
        return new URLSearchParams({ client_id: s.clientId, response_type: "code", redirect_uri: REDIRECT, scope: "openid", code_challenge: challenge, code_challenge_method: "S256", client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", client_assertion: await assertion(s.clientId, s.issuer) }).toString();
      });
      record("par", s, await cannon(`${s.base}${s.parPath}`, { method: "POST", bodies, amount: bodies.length }));
    }
    for (const s of servers) {
      const codes = await pool(1500, 20, async () => {
        const { verifier, challenge } = pkce();
        return { code: await s.login(challenge), verifier };
      });
      const bodies = await Promise.all(codes.map((c) => redeemBody(s, c.code, c.verifier)));
      record("code_redemption", s, await cannon(`${s.base}${s.tokenPath}`, { method: "POST", bodies, amount: bodies.length }));
    }
    for (const s of servers) record("full_login", s, await fullLogins(s));

    // Database rows written per login (PostgreSQL's own counters; they settle within ~10 s).
    await new Promise((r) => setTimeout(r, 11_000));
    const before = { porta: await rowsWritten(dbUrl(portaDb)), peer: await rowsWritten(dbUrl(peerDb)) };
    const N = 50;
    for (const s of servers) await pool(N, 5, async () => {
      const { verifier, challenge } = pkce();
      const code = await s.login(challenge);
      await (await fetch(`${s.base}${s.tokenPath}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: await redeemBody(s, code, verifier) })).text();
    });
    await new Promise((r) => setTimeout(r, 11_000));
    const writes = { porta: (await rowsWritten(dbUrl(portaDb)) - before.porta) / N, "oidc-provider": (await rowsWritten(dbUrl(peerDb)) - before.peer) / N };
    const ceiling = await signRate();

    console.log("\nscenario            Porta req/s   peer req/s   Porta/peer   Porta p50/p99 ms   peer p50/p99 ms");
    for (const [scenario, r] of Object.entries(results)) {
      const a = r.porta!;
      const b = r["oidc-provider"]!;
      console.log(`${scenario.padEnd(18)} ${a.rps.toFixed(0).padStart(11)} ${b.rps.toFixed(0).padStart(12)} ${(a.rps / b.rps).toFixed(2).padStart(12)}x ${`${a.p50.toFixed(1)}/${a.p99.toFixed(1)}`.padStart(18)} ${`${b.p50.toFixed(1)}/${b.p99.toFixed(1)}`.padStart(17)}`);
    }
    console.log(`\nrows written per login (incl. token): Porta ${writes.porta.toFixed(1)}, oidc-provider ${writes["oidc-provider"].toFixed(1)}`);
    console.log(`jose RS256 sign rate (one core, the ceiling): ${ceiling.toFixed(0)}/s; code redemption reaches ${((results.code_redemption!.porta!.rps / ceiling) * 100).toFixed(0)}% of it`);

    const report = { date: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, results, rowsWrittenPerLogin: writes, rs256SignRate: ceiling };
    writeFileSync(path.join(root, "bench", "results.json"), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(root, "bench", "results.svg"), chart(results));
    console.log("\nWrote bench/results.json and bench/results.svg");
  } finally {
    await cleanup();
  }
}

/** A grouped bar chart of req/s per scenario (Porta and oidc-provider). */
function chart(results: Record<string, Record<string, Figures>>): string {
  const scenarios = Object.keys(results);
  const max = Math.max(...scenarios.flatMap((s) => Object.values(results[s]!).map((f) => f.rps)));
  const w = 720;
  const rowH = 46;
  const h = 60 + scenarios.length * rowH;
  const scale = (v: number) => (v / max) * (w - 260);
  const rows = scenarios.map((s, i) => {
    const y = 40 + i * rowH;
    const p = results[s]!.porta!.rps;
    const o = results[s]!["oidc-provider"]!.rps;
    return `<text x="10" y="${y + 18}" font-size="13">${s}</text>
<rect x="150" y="${y + 4}" width="${scale(p).toFixed(1)}" height="16" fill="#1d4ed8"/><text x="${(155 + scale(p)).toFixed(1)}" y="${y + 17}" font-size="11">${p.toFixed(0)}</text>
<rect x="150" y="${y + 22}" width="${scale(o).toFixed(1)}" height="16" fill="#94a3b8"/><text x="${(155 + scale(o)).toFixed(1)}" y="${y + 35}" font-size="11">${o.toFixed(0)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="system-ui, sans-serif">
<text x="10" y="22" font-size="15" font-weight="600">Requests per second (higher is better)</text>
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
