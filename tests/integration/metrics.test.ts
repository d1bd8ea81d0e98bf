/**
 * GET /metrics, the operator's monitoring: Prometheus text format behind `Authorization: Bearer
 * $METRICS_TOKEN`, read here with a strict exposition-format reader (tests/support/prometheus-text.ts)
 * that refuses whatever a Prometheus server would refuse or misread.
 * Logins are counted once as they end (success, cancel, error; browser and decoupled alike), token
 * requests by grant type and outcome, request durations by route name. Without the token: 401;
 * without METRICS_TOKEN: 404, as for a path Porta does not serve.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { EID_METHODS } from "../../lib/eid/catalogue";
import { protocolRoutes } from "../../lib/endpoints/protocol-routes";
import { TestBrowser } from "../support/browser";
import { basicAuth, registerClient, type RegisteredClient } from "../support/clients";
import { copyEmbeddedTemplate } from "../support/databases";
import { freePort } from "../support/free-port";
import { authorizePath, b64url, expectCode, expectEidStep, expectRedirectedError, expectTokenError, MITID, MOCK, redeem, redeemOk, SE_BANKID, tokenRequest } from "../support/hosted-login";
import { fetchOnLoopback } from "../support/issuer-host-fetch";
import { parsePrometheusText, sampleValue, type MetricFamily } from "../support/prometheus-text";
import { spawnPorta } from "../support/spawn-porta";
import { startTestPorta, type InProcessPorta } from "../support/test-server";

const METRICS_TOKEN = vi.hoisted(() => {
  const token = "metrics-test-token-0123456789abcdef";
  process.env.METRICS_TOKEN = token;
  return token;
});

let porta: InProcessPorta;
let rp: RegisteredClient & { tenant_id: string };
let ciba: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = (await registerClient(porta)) as RegisteredClient & { tenant_id: string };
  ciba = await registerClient(porta, { grant_types: ["urn:openid:params:grant-type:ciba"], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" });
});

afterAll(async () => {
  await porta.close();
});

function metricsRequest(headers: Record<string, string> = {}, query = ""): Promise<Response> {
  return fetch(`${porta.issuer}/metrics${query}`, { headers });
}

/** A scrape with the token, as text. */
async function scrapeText(): Promise<string> {
  const response = await metricsRequest({ Authorization: `Bearer ${METRICS_TOKEN}` });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return text;
}

/** A scrape with the token, read strictly. */
async function scrape(): Promise<Map<string, MetricFamily>> {
  return parsePrometheusText(await scrapeText());
}

let people = 0;

/** A browser login with the mock eID (the person named in login_hint, no eID page): the code at the relying party. */
async function mockLogin(): Promise<string> {
  const hint = `mock:${b64url(JSON.stringify({ sub: `metrics-person-${++people}`, name: "Metrics Person" }))}`;
  const state = `m-${people}`;
  const hop = await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MOCK, login_hint: hint, state }));
  return expectCode(hop, porta, state).code;
}

const logins = (families: Map<string, MetricFamily>, acr: string, outcome: string) => sampleValue(families, "porta_logins_total", { tenant: rp.tenant_id, acr, outcome });
const tokens = (families: Map<string, MetricFamily>, grantType: string, outcome: string) => sampleValue(families, "porta_token_requests_total", { grant_type: grantType, outcome });

describe("the scrape", () => {
  it("five mock-eID logins redeemed → five successes for the tenant and eID, five successful token requests, timed by route name", async () => {
    const before = await scrape();
    for (let i = 0; i < 5; i++) await redeemOk(porta, rp, await mockLogin());
    const after = await scrape();

    expect(logins(after, MOCK, "success") - logins(before, MOCK, "success")).toBe(5);
    expect(logins(after, MOCK, "error") - logins(before, MOCK, "error")).toBe(0);
    expect(tokens(after, "authorization_code", "success") - tokens(before, "authorization_code", "success")).toBe(5);
    expect(after.get("porta_logins_total")?.type).toBe("counter");
    expect(after.get("porta_token_requests_total")?.type).toBe("counter");

    const duration = after.get("porta_http_request_duration_seconds");
    expect(duration?.type).toBe("histogram");
    const count = (families: Map<string, MetricFamily>, route: string, method: string) => sampleValue(families, "porta_http_request_duration_seconds_count", { route, method });
    expect(count(after, "token", "POST") - count(before, "token", "POST")).toBe(5);
    expect(count(after, "authorization", "GET") - count(before, "authorization", "GET")).toBe(5);
    // Routes are the table's names: a path (with its ids) never becomes a label.
    const names = new Set<string>([...protocolRoutes().map((r) => r.name), "not_found", "next"]);
    for (const sample of duration!.samples) expect(names.has(sample.labels.route!), sample.labels.route).toBe(true);

    // The process defaults keep their usual names.
    expect(after.get("process_cpu_user_seconds_total")?.type).toBe("counter");
    expect(after.get("nodejs_heap_size_used_bytes")?.type).toBe("gauge");
    expect(after.has("porta_process_cpu_user_seconds_total")).toBe(false);
  });

  it("a cancel at the eID step counts as cancel, a failed prompt=none as error, under catalogue acr values or none", async () => {
    const before = await scrape();
    const browser = new TestBrowser(porta.issuer);
    const id = expectEidStep(await browser.get(authorizePath(rp, { acr_values: MITID, state: "c1" })));
    expectRedirectedError(await browser.post(`/login/${id}/cancel`, {}), porta, { error: "access_denied", state: "c1" });
    expectRedirectedError(await new TestBrowser(porta.issuer).get(authorizePath(rp, { acr_values: MITID, prompt: "none", state: "e1" })), porta, { error: "login_required", state: "e1" });
    const after = await scrape();

    expect(logins(after, MITID, "cancel") - logins(before, MITID, "cancel")).toBe(1);
    const errors = (families: Map<string, MetricFamily>) =>
      families.get("porta_logins_total")!.samples.filter((s) => s.labels.tenant === rp.tenant_id && s.labels.outcome === "error").reduce((sum, s) => sum + s.value, 0);
    expect(errors(after) - errors(before)).toBe(1);
    expect(logins(after, MITID, "success") - logins(before, MITID, "success")).toBe(0);
    const known = new Set([...EID_METHODS.map((m) => m.acr), "none"]);
    for (const sample of after.get("porta_logins_total")!.samples) expect(known.has(sample.labels.acr!), sample.labels.acr).toBe(true);
  });

  it("token errors are counted under their OAuth error code, an unknown grant_type under unsupported", async () => {
    const before = await scrape();
    await expectTokenError(await redeem(porta, rp, "no-such-code"), 400, "invalid_grant");
    await expectTokenError(await tokenRequest(porta, { grant_type: "password", username: "u", password: "p" }, { Authorization: basicAuth(rp.client_id, rp.client_secret!) }), 400, "unsupported_grant_type");
    await expectTokenError(await tokenRequest(porta, { grant_type: "authorization_code", code: "x" }, { Authorization: basicAuth(rp.client_id, "wrong-secret") }), 401, "invalid_client");
    const after = await scrape();
    expect(tokens(after, "authorization_code", "invalid_grant") - tokens(before, "authorization_code", "invalid_grant")).toBe(1);
    expect(tokens(after, "unsupported", "unsupported_grant_type") - tokens(before, "unsupported", "unsupported_grant_type")).toBe(1);
    expect(tokens(after, "authorization_code", "invalid_client") - tokens(before, "authorization_code", "invalid_client")).toBe(1);
    expect(after.get("porta_token_requests_total")!.samples.some((s) => s.labels.grant_type === "password")).toBe(false);
  });

  it("decoupled logins count the same way: an approved CIBA request is a success, a declined one a cancel", async () => {
    const post = (path: string, form: Record<string, string>) =>
      fetch(`${porta.issuer}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth(ciba.client_id, ciba.client_secret!) }, body: new URLSearchParams(form) });
    const answer = async (approve: boolean) => {
      const { auth_req_id } = (await (await post("/ciba/bc-authorize", { scope: "openid", acr_values: SE_BANKID, login_hint: "sub:ssn:197808094515" })).json()) as { auth_req_id: string };
      const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(auth_req_id) } });
      const device = await fetch(`${porta.issuer}/test/devices/${login.id}/${approve ? "approve" : "decline"}`, { method: "POST", redirect: "manual" });
      expect(device.status).toBe(303);
      return auth_req_id;
    };
    const before = await scrape();
    const approved = await answer(true);
    expect((await post("/oauth2/token", { grant_type: "urn:openid:params:grant-type:ciba", auth_req_id: approved })).status).toBe(200);
    await answer(false);
    const after = await scrape();
    const cibaLogins = (families: Map<string, MetricFamily>, outcome: string) => sampleValue(families, "porta_logins_total", { tenant: ciba.tenant_id as string, acr: SE_BANKID, outcome });
    expect(cibaLogins(after, "success") - cibaLogins(before, "success")).toBe(1);
    expect(cibaLogins(after, "cancel") - cibaLogins(before, "cancel")).toBe(1);
    expect(tokens(after, "urn:openid:params:grant-type:ciba", "success") - tokens(before, "urn:openid:params:grant-type:ciba", "success")).toBe(1);
  });

  it("the database pool is reported on PostgreSQL, and nothing of a pool on the embedded database", async () => {
    const families = await scrape();
    if (process.env.PORTA_TEST_DB === "postgres") {
      expect(sampleValue(families, "porta_db_pool_max_connections", {})).toBeGreaterThan(0);
      expect(sampleValue(families, "porta_db_pool_connections", {})).toBeGreaterThan(0);
      expect(families.get("porta_db_pool_waiting_clients")?.samples).toHaveLength(1);
    } else {
      expect(families.get("porta_db_pool_connections")?.samples ?? []).toEqual([]);
    }
  });

  it("is answered on any Host, as the health checks are (instances are scraped by address)", async () => {
    const port = Number(new URL(porta.issuer).port);
    const viaOtherHost = fetchOnLoopback(port);
    const response = await viaOtherHost("http://scraper.internal.example/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("# TYPE porta_logins_total counter");
  });
});

describe("the token", () => {
  it("without Authorization → 401 with a Bearer challenge, no metrics", async () => {
    const response = await metricsRequest();
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    expect(await response.text()).not.toContain("porta_");
  });

  it("a wrong token → 401", async () => {
    for (const token of [`${METRICS_TOKEN}x`, METRICS_TOKEN.slice(0, -1), "another-token-of-some-length"]) {
      const response = await metricsRequest({ Authorization: `Bearer ${token}` });
      expect(response.status, token).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
      expect(await response.text()).not.toContain("porta_");
    }
  });

  it("the token as Basic credentials or in the query string is not accepted", async () => {
    expect((await metricsRequest({ Authorization: `Basic ${Buffer.from(`metrics:${METRICS_TOKEN}`).toString("base64")}` })).status).toBe(401);
    for (const query of [`?access_token=${METRICS_TOKEN}`, `?token=${METRICS_TOKEN}`, `?METRICS_TOKEN=${METRICS_TOKEN}`]) {
      const response = await metricsRequest({}, query);
      expect(response.status, query).toBe(401);
      expect(await response.text()).not.toContain("porta_");
    }
  });

  it("without METRICS_TOKEN the path is not served: 404 like any unknown path, with or without a token", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const onPostgres = process.env.PORTA_TEST_DB === "postgres";
    // Its own embedded database (this file's is open in this process); on PostgreSQL, this file's.
    const copy = onPostgres ? undefined : copyEmbeddedTemplate(inject("embeddedTemplate"));
    const child = spawnPorta({ METRICS_TOKEN: undefined, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...(copy ? { DATA_DIR: copy.dataDir } : {}) });
    try {
      await child.ready();
      const base = `http://127.0.0.1:${port}`;
      const unknown = await fetch(`${base}/no/such/path`);
      const withToken = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      const withoutToken = await fetch(`${base}/metrics`);
      const posted = await fetch(`${base}/metrics`, { method: "POST" });
      for (const response of [withToken, withoutToken, posted]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual(await unknown.clone().json());
      }
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await child.stop();
      copy?.remove();
    }
  });
});

describe("requests received (what the idle collection counts as activity)", () => {
  it("counts every request the server answers: protocol routes, unknown paths, errors, HEAD", async () => {
    const before = porta.requestsReceived();
    const answers = await Promise.all([
      fetch(`${porta.issuer}/.well-known/openid-configuration`),
      fetch(`${porta.issuer}/no/such/path`),
      fetch(`${porta.issuer}/oauth2/token`, { method: "POST", body: "grant_type=nonsense", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      fetch(`${porta.issuer}/healthz`, { method: "HEAD" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 404, 401, 200]);
    expect(porta.requestsReceived() - before).toBe(4);
  });
});

describe("the exposition reader used above", () => {
  const ok = "# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"1\"} 2\n# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 3\nh_count 2\n";
  it("reads a valid exposition", () => {
    const families = parsePrometheusText(ok);
    expect(sampleValue(families, "a_total", { x: "1" })).toBe(2);
    expect(sampleValue(families, "h_count", {})).toBe(2);
  });

  it.each([
    ["a second TYPE", "# TYPE a_total counter\n# TYPE a_total counter\na_total 1\n"],
    ["a family split in two groups", "# TYPE a_total counter\na_total{x=\"1\"} 1\n# TYPE b gauge\nb 1\na_total{x=\"2\"} 1\n"],
    ["a bad metric name", "# TYPE 1a gauge\n1a 1\n"],
    ["an unknown escape in a label value", "b{x=\"a\\tb\"} 1\n"],
    ["an unclosed label value", "b{x=\"a} 1\n"],
    ["a reserved label name", "b{__x=\"a\"} 1\n"],
    ["a label given twice", "b{x=\"a\",x=\"b\"} 1\n"],
    ["a value that is not a float", "b 1,5\n"],
    ["a histogram without le=\"+Inf\"", "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n"],
    ["a histogram whose +Inf bucket is not its count", "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 1\n"],
    ["buckets that are not cumulative", "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"2\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 2\n"],
    ["a counter without _total", "# TYPE c counter\nc 1\n"],
    ["a series given twice", "b{x=\"1\"} 1\nb{x=\"1\"} 2\n"],
    ["no final line feed", "b 1"],
  ])("refuses %s", (_title, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
