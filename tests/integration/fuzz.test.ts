/**
 * A seeded fuzzer over every protocol endpoint of the routing table (lib/endpoints/protocol-routes.ts,
 * so a new endpoint is covered without touching this file): missing, repeated and oversized
 * parameters, wrong types and content types, broken JWTs and Basic credentials, NUL bytes and
 * invalid UTF-8, broken percent-encoding in paths and queries, unknown methods, and one 10 MiB
 * body per endpoint. Proves: no 5xx; JSON errors where the protocol wants them (429 included,
 * as the client-authentication limits answer); and a normal login still works afterwards.
 *
 * Reproducible: the seed is printed; `FUZZ_SEED=<n>` replays a run, `FUZZ_SEED=random` draws a
 * new one, `FUZZ_REQUESTS=<n>` sets its length (5 000 over the embedded database, 1 000 over
 * PostgreSQL, which runs the same code).
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { protocolRoutes, type ProtocolRoute } from "../../lib/endpoints/protocol-routes";
import { loginId, responseParams, TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { MITID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

/** The seed `npm test` uses, so CI sends the same requests every run; `FUZZ_SEED=random` explores. */
const DEFAULT_SEED = 20_261_123;
const SEED =
  process.env.FUZZ_SEED === "random" ? (Math.random() * 2 ** 32) >>> 0 : process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : DEFAULT_SEED;
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (process.env.PORTA_TEST_DB === "postgres" ? 1000 : 5000));
const CONCURRENCY = 12;
const TEN_MIB = 10 * 1024 * 1024;

/** Endpoints whose every error is RFC 6749-style JSON (`application/json` with `error`). */
const JSON_ROUTES = new Set(["token", "pushedAuthorization", "userinfo", "registration", "clientConfiguration", "backchannelAuthentication", "headlessAuthorization"]);

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(SEED);
const chance = (p: number) => random() < p;
const int = (n: number) => Math.floor(random() * n);
function pick<T>(items: readonly T[]): T {
  return items[int(items.length)]!;
}
const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

let porta: TestPorta;
let client: RegisteredClient;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

// ----- values ---------------------------------------------------------------------------------

/** Percent-encoded (or deliberately broken) query/form values. */
function brokenJwt(): string {
  switch (int(7)) {
    case 0:
      return "a.b.c";
    case 1:
      return `${b64url('{"alg":"none"}')}.${b64url(`{"iss":"${client.client_id}","sub":"${client.client_id}","aud":"${porta.issuer}","exp":9999999999,"jti":"x"}`)}.`;
    case 2:
      return `${b64url('{"alg":"RS256","kid":"k"}')}.${b64url("not json")}.${b64url("sig")}`;
    case 3:
      return `${b64url('{"alg":"RS256"}')}.${b64url(`{"iss":"a\\u0000b","sub":"a\\u0000b","jti":"\\u0000"}`)}.c2ln`;
    case 4:
      return `${b64url('{"alg":"HS256"}')}.${b64url(`{"iss":"${client.client_id}","sub":"${client.client_id}","aud":["${porta.issuer}"],"exp":"soon"}`)}.AAAA`;
    case 5:
      return "eyJ" + "A".repeat(int(5000));
    default:
      return `${b64url(JSON.stringify({ alg: "ES256", crit: ["x"], b64: false }))}.${b64url("[]")}.!!`;
  }
}

function value(): string {
  switch (int(20)) {
    case 0:
      return "";
    case 1:
      return "%00";
    case 2:
      return `${encodeURIComponent(client.client_id)}%00`;
    case 3:
      return pick(["%FF%FE%FD", "%C0%80", "%E0%A4%A", "%", "%%", "%G1", "%ED%A0%80"]);
    case 4:
      return "x".repeat(pick([256, 4096, 70_000]));
    case 5:
      return encodeURIComponent(brokenJwt());
    case 6:
      return encodeURIComponent(client.client_id);
    case 7:
      return encodeURIComponent(RP_CALLBACK);
    case 8:
      return encodeURIComponent(pick(["openid", "openid ssn", "openid profile email", "\u0000openid", "openid\u202e"]));
    case 9:
      return encodeURIComponent(pick(["code", "id_token", "code id_token", "token", "none", "authorization_code", "refresh_token", "urn:openid:params:grant-type:ciba", "client_credentials"]));
    case 10:
      return encodeURIComponent(pick(["[1,2]", '{"a":1}', "null", "true", "-1", "1e309", "NaN", "0x10"]));
    case 11:
      return encodeURIComponent(pick([MITID, "urn:grn:authn:se:bankid", "urn:grn:authn:unknown", "sub:ssn:197808094515", "sub:ssn:\u0000"]));
    case 12:
      return encodeURIComponent(pick(["😀", "\u00e9", "\ufffd", "\u2028", "<script>alert(1)</script>", "'; DROP TABLE x; --", "../../etc/passwd"]));
    case 13:
      return "urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3A" + pick(["abc", "%00", "x".repeat(300)]);
    case 14:
      return encodeURIComponent("urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
    case 15:
      return String(int(1_000_000) - 500_000);
    case 16:
      return encodeURIComponent(pick(["query", "fragment", "form_post", "jwt", "query.jwt"]));
    case 17:
      return pick(["a+b", "a%20b", "+", "%2B", "a&b", "%26"]);
    default:
      return encodeURIComponent(b64url(String(random())).slice(0, 1 + int(60)));
  }
}

const NAMES = [
  "client_id", "client_secret", "redirect_uri", "response_type", "response_mode", "scope", "state", "nonce", "prompt", "max_age",
  "acr_values", "ui_locales", "login_hint", "id_token_hint", "claims", "request", "request_uri", "code_challenge",
  "code_challenge_method", "code_verifier", "grant_type", "code", "refresh_token", "auth_req_id", "headless_req_id",
  "client_assertion", "client_assertion_type", "access_token", "post_logout_redirect_uri", "binding_message",
  "client_notification_token", "requested_expiry", "decision", "identity", "acr", "lang",
];

/** A query or form string: some of the vocabulary, maybe repeated, maybe with a broken name. */
function params(): string {
  const parts: string[] = [];
  const count = int(8);
  for (let i = 0; i < count; i++) {
    const name = chance(0.05) ? pick(["%00", "%FF", "%", "a%00b", "x".repeat(2000)]) : pick(NAMES);
    parts.push(`${name}=${value()}`);
    if (chance(0.12)) parts.push(`${name}=${value()}`);
  }
  if (chance(0.05)) parts.push("&&=&=x&");
  return parts.join("&");
}

function jsonBody(): string {
  const fields: Record<string, unknown> = {};
  const pool: Array<() => unknown> = [
    () => "Fuzz RP",
    () => "a\u0000b",
    () => "\ud800",
    () => int(10),
    () => null,
    () => [RP_CALLBACK],
    () => ["https://rp.example/\u0000"],
    () => [1, 2],
    () => ({ keys: [{ kty: "RSA", n: "x", e: "AQAB" }] }),
    () => "x".repeat(int(70_000)),
    () => RP_CALLBACK,
    () => ["authorization_code", "implicit"],
    () => true,
  ];
  const names = ["client_name", "redirect_uris", "grant_types", "response_types", "token_endpoint_auth_method", "jwks", "jwks_uri", "scope", "post_logout_redirect_uris", "logo_uri", "contacts", "client_id", "\u0000", "backchannel_token_delivery_mode"];
  for (let i = int(6); i > 0; i--) fields[pick(names)] = pick(pool)();
  const text = JSON.stringify(fields);
  switch (int(8)) {
    case 0:
      return text.slice(0, int(text.length));
    case 1:
      return pick(["[]", "null", "1", '"x"', "{", '{"a":1}{}']);
    default:
      return text;
  }
}

function authorization(): Record<string, string> {
  switch (int(12)) {
    case 0:
      return { Authorization: basicAuth(client.client_id, client.client_secret!) };
    case 1:
      return { Authorization: basicAuth(client.client_id, "wrong") };
    case 2:
      return { Authorization: `Basic ${Buffer.from(pick(["nocolon", "%:%", "a\u0000b:c", "%FF:x", ":", "\u00ff\u00fe:x"]), "latin1").toString("base64")}` };
    case 3:
      return { Authorization: pick(["Basic", "Basic ", "Basic !!!", "Basic =", "basic Zm9v", `Basic ${"A".repeat(9000)}`]) };
    case 4:
      return { Authorization: pick(["Bearer", "Bearer ", `Bearer ${brokenJwt()}`, "Bearer x y", `Bearer ${porta.adminToken}`, "DPoP abc", "Negotiate x"]) };
    case 5:
      return { Authorization: `Bearer ${porta.adminToken}` };
    default:
      return {};
  }
}

// ----- requests -------------------------------------------------------------------------------

interface FuzzRequest {
  route: ProtocolRoute;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function pathFor(route: ProtocolRoute): string {
  return route.path.replace(/\{([A-Za-z_]+)\}/g, (_whole, name: string) => {
    if (chance(0.25)) return pick(["%", "%C0%80", "%FF%FE%FD", "%00", "a%2Fb", "%E0%A4%A", "%25"]);
    if (name === "client_id") return chance(0.5) ? encodeURIComponent(client.client_id) : value() || "x";
    if (name === "token") return b64url(String(random())).slice(0, 16 + int(40)).replace(/[^A-Za-z0-9_-]/g, "a").padEnd(16, "a");
    return crypto.randomUUID();
  });
}

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "PROPFIND", "FOO"];

function fuzzRequest(routes: readonly ProtocolRoute[]): FuzzRequest {
  const route = pick(routes);
  const method = chance(0.8) && route.allowed.length > 0 ? pick(route.allowed) : pick(METHODS);
  let path = pathFor(route);
  if (chance(0.5)) path += `?${params()}`;
  const headers: Record<string, string> = { ...authorization() };
  if (chance(0.5)) headers.Origin = porta.issuer;
  if (chance(0.1)) headers.Accept = "text/html";
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD" && chance(0.85)) {
    switch (int(7)) {
      case 0:
      case 1:
      case 2:
        headers["Content-Type"] = pick(["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8", "APPLICATION/X-WWW-FORM-URLENCODED"]);
        body = Buffer.from(params(), "latin1");
        break;
      case 3:
        headers["Content-Type"] = pick(["application/json", "application/json; charset=utf-8"]);
        body = Buffer.from(jsonBody(), "utf8");
        break;
      case 4:
        headers["Content-Type"] = pick(["multipart/form-data; boundary=XYZ", "multipart/form-data", "multipart/form-data; boundary="]);
        body = Buffer.from(`--ABC\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n${client.client_id}\r\n--AB`, "utf8");
        break;
      case 5:
        // Raw bytes: NUL, bytes that are not UTF-8, a form/JSON mix.
        headers["Content-Type"] = pick(["application/x-www-form-urlencoded", "application/json", "text/plain", "application/octet-stream"]);
        body = Buffer.from([0x63, 0x6c, 0x69, 0x65, 0x6e, 0x74, 0x5f, 0x69, 0x64, 0x3d, 0x00, 0xff, 0xfe, 0xc0, 0x80, 0x7b, 0x22, 0x00]);
        break;
      default:
        if (chance(0.5)) headers["Content-Type"] = pick(["", "text/html", "application/xml", ";;;", "application/x-www-form-urlencoded; boundary=x"]);
        body = Buffer.from(params(), "latin1");
    }
  }
  return { route, method, path, headers, body };
}

function send(req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(porta.issuer);
    const outgoing = httpRequest(
      { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers: { ...req.headers, ...(req.body ? { "Content-Length": String(req.body.length) } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}

/** A 10 MiB body with its length declared: answered (413) without being read; a broken pipe after the answer is expected. */
function sendHuge(route: ProtocolRoute, method: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(porta.issuer);
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: route.path.replace(/\{client_id\}/, encodeURIComponent(client.client_id)).replace(/\{token\}/, "a".repeat(32)).replace(/\{[A-Za-z_]+\}/g, () => crypto.randomUUID()),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(TEN_MIB), Connection: "close" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    let answered = false;
    outgoing.on("response", () => (answered = true));
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < TEN_MIB && !answered) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) return void outgoing.once("drain", pump);
      }
      outgoing.end();
    };
    pump();
  });
}

/** Why an answer breaks the rules, or undefined. */
function problemOf(req: { route: ProtocolRoute; method: string }, answer: Answer): string | undefined {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status === 0) return "no status";
  // The admin API (routes named admin*) answers every error as JSON too.
  const isJsonRoute = JSON_ROUTES.has(req.route.name) || req.route.name.startsWith("admin");
  if (!isJsonRoute || answer.status < 400 || req.method === "HEAD") return undefined;
  const type = String(answer.headers["content-type"] ?? "");
  if (!type.startsWith("application/json")) return `HTTP ${answer.status} as ${type || "no content type"}, not JSON`;
  try {
    const parsed = JSON.parse(answer.body) as { error?: unknown };
    if (typeof parsed.error !== "string") return `HTTP ${answer.status} JSON without error: ${answer.body.slice(0, 200)}`;
  } catch {
    return `HTTP ${answer.status} body is not JSON: ${answer.body.slice(0, 200)}`;
  }
  return undefined;
}

function describeRequest(req: FuzzRequest): string {
  const body = req.body ? ` body=${JSON.stringify(req.body.toString("latin1").slice(0, 160))}` : "";
  return `${req.method} ${req.path.slice(0, 200)} ${JSON.stringify(req.headers).slice(0, 200)}${body}`;
}

beforeAll(async () => {
  porta = await startTestPorta();
  client = await registerClient(porta, { client_name: "Fuzz target" });
});

afterAll(async () => {
  agent.destroy();
  await porta.close();
});

describe(`fuzzing the protocol endpoints (FUZZ_SEED=${SEED})`, () => {
  it(`${REQUESTS} malformed requests: no 5xx, JSON errors on the JSON endpoints`, { timeout: 180_000 }, async () => {
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}`);
    const routes = protocolRoutes();
    // Every request is drawn before any is sent: the sequence depends on the seed alone.
    const requests = Array.from({ length: REQUESTS }, () => fuzzRequest(routes));
    const problems: string[] = [];
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const req = requests[next++]!;
          try {
            const why = problemOf(req, await send(req));
            if (why) problems.push(`${why}\n    ← ${describeRequest(req)}`);
          } catch (error) {
            problems.push(`request failed (${(error as Error).message})\n    ← ${describeRequest(req)}`);
          }
        }
      }),
    );
    console.log(`fuzz: ${REQUESTS} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${problems.length} problems`);
    if (process.env.FUZZ_VERBOSE) console.log(problems.join("\n"));
    expect(problems.slice(0, 10), `FUZZ_SEED=${SEED}: ${problems.length} problems`).toEqual([]);
  });

  it("a 10 MiB body to every endpoint → 413 (or 405) without reading it all", { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    for (const route of protocolRoutes()) {
      const method = route.allowed.find((m) => m !== "GET") ?? "POST";
      const started = Date.now();
      const answer = await sendHuge(route, method);
      if (answer.status !== 413 && answer.status !== 405) problems.push(`${method} ${route.path}: HTTP ${answer.status}`);
      const why = problemOf({ route, method }, answer);
      if (why) problems.push(`${method} ${route.path}: ${why}`);
      if (Date.now() - started > 5000) problems.push(`${method} ${route.path}: took ${Date.now() - started} ms`);
    }
    expect(problems).toEqual([]);
  });

  it("afterwards a normal login with a fresh client succeeds", async () => {
    const fresh = await registerClient(porta, { client_name: "After the fuzz" });
    const browser = new TestBrowser(porta.issuer);
    const query = new URLSearchParams({ client_id: fresh.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MITID, state: "s" });
    const start = await browser.get(`/oauth2/authorize?${query}`);
    expect(start.status, start.text.slice(0, 300)).toBe(303);
    const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity: "mitid-1", decision: "approve" });
    expect(done.status).toBe(303);
    const { code } = responseParams(done.location!);
    const tokens = await fetch(`${porta.issuer}/oauth2/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(fresh.client_id, fresh.client_secret!) },
      body: new URLSearchParams({ grant_type: "authorization_code", code: code!, redirect_uri: RP_CALLBACK }),
    });
    expect(tokens.status).toBe(200);
    expect(((await tokens.json()) as { id_token?: string }).id_token).toBeTruthy();
  });
});
