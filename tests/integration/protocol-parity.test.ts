/**
 * One routing table, two ways in: every route of lib/endpoints/protocol-routes.ts answers the same
 * through the custom server (`npm start`'s lean path, over HTTP) and through the Next.js catch-all
 * route module (app/[...protocol]/route.ts, called as Next calls it). Same status, same headers
 * (less the per-request ones), same OAuth error code.
 *
 * The cases are keyed by route name; the table drives the test: a route without cases, or a
 * method of a route without a case, fails it. Every route also gets HEAD (when it has GET) and
 * each method it lacks (405 with Allow), generated from the table.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as catchAll from "../../app/[...protocol]/route";
import * as callbackRoute from "../../app/login/callback/route";
import { hashToken } from "../../lib/crypto/hash";
import { prisma } from "../../lib/db/client";
import { protocolRoutes, type RouteMethod } from "../../lib/endpoints/protocol-routes";
import type { ProtocolRouteName } from "../../lib/http/protocol-paths";
import { DEMO_CLIENT_ID } from "../../lib/setup/demo";
import { loginId, TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { authorizePath, MITID, SE_BANKID } from "../support/hosted-login";
import { startTestPorta, type TestPorta } from "../support/test-server";

/** /metrics is in the table only with METRICS_TOKEN (set before the configuration is read). */
const METRICS_TOKEN = vi.hoisted(() => (process.env.METRICS_TOKEN = "parity-metrics-token-0123456789"));

let porta: TestPorta;
let fx: Fixtures;

interface Fixtures {
  porta: TestPorta;
  rp: RegisteredClient;
  ciba: RegisteredClient;
  headless: RegisteredClient;
  /** A public client whose redirect URI is on SPA_ORIGIN (CORS). */
  spa: RegisteredClient;
}

beforeAll(async () => {
  porta = await startTestPorta();
  fx = {
    porta,
    rp: await registerClient(porta),
    ciba: await registerClient(porta, { grant_types: ["urn:openid:params:grant-type:ciba"], response_types: undefined, redirect_uris: undefined, backchannel_token_delivery_mode: "poll" }),
    headless: await registerClient(porta, { grant_types: ["urn:service:params:grant-type:headless"], response_types: undefined, redirect_uris: undefined }),
    spa: await registerClient(porta, { redirect_uris: [`${SPA_ORIGIN}/cb`], token_endpoint_auth_method: "none", response_types: ["code"], grant_types: ["authorization_code"] }),
  };
});

afterAll(async () => {
  await porta.close();
});

/** One request, built afresh for each side (so each side gets its own login, client, ...). */
interface Req {
  path: string;
  headers?: Record<string, string>;
  /** Sent urlencoded, as a browser's form or an OAuth client sends it. */
  form?: Record<string, string>;
  json?: unknown;
  /** Sent as is. */
  body?: string;
}

interface Case {
  method: string;
  /** The status both sides must answer (undefined: whatever the custom server answers). */
  status?: number;
  title: string;
  build: (fx: Fixtures) => Req | Promise<Req>;
}

interface RouteCases {
  /** A concrete path without side effects, for the generated HEAD and 405 cases. */
  example: (fx: Fixtures) => string;
  cases: Case[];
}

type Build = (fx: Fixtures) => Req | string | Promise<Req | string>;
const request = (method: string) => (status: number | undefined, title: string, build: Build): Case => ({
  method,
  status,
  title,
  build: async (f) => {
    const built = await build(f);
    return typeof built === "string" ? { path: built } : built;
  },
});
const GET = request("GET");
const POST = request("POST");
const PUT = request("PUT");
const DELETE = request("DELETE");
const PATCH = request("PATCH");
const OPTIONS = request("OPTIONS");

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const SE_SSN = "197808094515";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const SPA_ORIGIN = "https://spa.example";
/** A CORS preflight from `origin`. */
const preflight = (path: string, origin: string, method = "POST") => ({ path, headers: { Origin: origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "authorization" } });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const basic = (client: RegisteredClient) => ({ Authorization: basicAuth(client.client_id, client.client_secret!) });

async function etagOf(path: string): Promise<string> {
  const response = await fetch(`${porta.issuer}${path}`);
  await response.arrayBuffer();
  return response.headers.get("etag")!;
}

/** A login started by a browser on the server; its id and the browser's cookie. */
async function startLogin(fx: Fixtures, acrValues: string): Promise<{ id: string; cookie: string }> {
  const browser = new TestBrowser(fx.porta.issuer);
  const hop = await browser.get(authorizePath(fx.rp, { acr_values: acrValues, state: "parity" }));
  return { id: loginId(hop.location), cookie: `porta_browser=${browser.cookie("porta_browser")}` };
}

/** A form post from the login's own browser, as the hosted login's pages send it. */
async function loginPost(fx: Fixtures, acrValues: string, action: string, form: Record<string, string>, before?: (id: string, cookie: string) => Promise<unknown>): Promise<Req> {
  const { id, cookie } = await startLogin(fx, acrValues);
  await before?.(id, cookie);
  return { path: `/login/${id}/${action}`, form, headers: { Cookie: cookie, Origin: fx.porta.issuer } };
}

/** Cases every hosted-login form post shares: an unknown login, a form from another site. */
function loginActionErrors(action: string): Case[] {
  return [
    POST(400, "an unknown login → error page", (fx) => ({ path: `/login/${UNKNOWN_ID}/${action}`, form: {}, headers: { Origin: fx.porta.issuer } })),
    POST(403, "a form from another site → 403", async (fx) => {
      const sent = await loginPost(fx, MITID, action, {});
      return { ...sent, headers: { ...sent.headers, Origin: "https://evil.example" } };
    }),
  ];
}

/** A pending CIBA login's id. */
async function decoupledLogin(fx: Fixtures): Promise<string> {
  const response = await fetch(`${fx.porta.issuer}/ciba/bc-authorize`, {
    method: "POST",
    headers: { ...FORM, ...basic(fx.ciba) },
    body: new URLSearchParams({ scope: "openid", acr_values: SE_BANKID, login_hint: `sub:ssn:${SE_SSN}` }),
  });
  const { auth_req_id } = (await response.json()) as { auth_req_id: string };
  const login = await (await prisma()).login.findUniqueOrThrow({ where: { decoupledIdHash: hashToken(auth_req_id) } });
  return login.id;
}

/** An admin API request with the platform token (and a JSON body when given). */
const admin = (fx: Fixtures, path: string, json?: unknown): Req => ({ path, headers: bearer(fx.porta.adminToken), ...(json !== undefined ? { json } : {}) });
const rpTenant = (fx: Fixtures) => fx.rp.tenant_id as string;

/** A fresh tenant without applications (admin API). */
async function adminTenant(fx: Fixtures): Promise<string> {
  const created = await fetch(`${fx.porta.issuer}/api/v1/tenants`, { method: "POST", headers: { ...bearer(fx.porta.adminToken), "Content-Type": "application/json" }, body: JSON.stringify({ name: `Parity ${randomUUID()}`, environment: "test" }) });
  return ((await created.json()) as { id: string }).id;
}

const DISCOVERY = "/.well-known/openid-configuration";
const JWKS = "/.well-known/jwks";
const EXTENSION_JWKS = "/extensions/service/.well-known/jwks";
const LOGGED_OUT = "https://rp.example/logged-out";

const CASES: Record<ProtocolRouteName, RouteCases> = {
  discovery: {
    example: () => DISCOVERY,
    cases: [
      GET(200, "the tenant-wide document", () => DISCOVERY),
      GET(200, "an application's document (?client_id=)", () => `${DISCOVERY}?client_id=${DEMO_CLIENT_ID}`),
      GET(304, "If-None-Match with its ETag → 304", async () => ({ path: DISCOVERY, headers: { "If-None-Match": await etagOf(DISCOVERY) } })),
      GET(200, "a stale If-None-Match → 200", () => ({ path: DISCOVERY, headers: { "If-None-Match": '"stale"' } })),
    ],
  },
  jwks: {
    example: () => JWKS,
    cases: [
      GET(200, "the ID token keys", () => JWKS),
      GET(304, "If-None-Match with its ETag → 304", async () => ({ path: JWKS, headers: { "If-None-Match": await etagOf(JWKS) } })),
    ],
  },
  extensionJwks: {
    example: () => EXTENSION_JWKS,
    cases: [
      GET(200, "the webhook service keys", () => EXTENSION_JWKS),
      GET(304, "If-None-Match with its ETag → 304", async () => ({ path: EXTENSION_JWKS, headers: { "If-None-Match": await etagOf(EXTENSION_JWKS) } })),
    ],
  },
  liveness: { example: () => "/healthz", cases: [GET(200, "alive", () => "/healthz")] },
  readiness: { example: () => "/readyz", cases: [GET(200, "ready", () => "/readyz")] },
  metrics: {
    example: () => "/metrics",
    cases: [
      GET(200, "with the metrics token → the scrape", () => ({ path: "/metrics", headers: bearer(METRICS_TOKEN) })),
      GET(401, "without a token → 401", () => "/metrics"),
      GET(401, "a wrong token → 401", () => ({ path: "/metrics", headers: bearer("not-the-metrics-token") })),
    ],
  },
  registration: {
    example: () => "/oauth2/register",
    cases: [
      POST(201, "a client with the admin token → 201", (fx) => ({ path: "/oauth2/register", headers: bearer(fx.porta.adminToken), json: { redirect_uris: [RP_CALLBACK] } })),
      POST(401, "without a token → 401", () => ({ path: "/oauth2/register", json: { redirect_uris: [RP_CALLBACK] } })),
      POST(400, "a body that is not JSON → 400", (fx) => ({ path: "/oauth2/register", headers: { ...bearer(fx.porta.adminToken), "Content-Type": "application/json" }, body: "{" })),
    ],
  },
  clientConfiguration: {
    example: () => "/oauth2/register/no-such-client",
    cases: [
      GET(200, "with the registration access token → 200", async (fx) => {
        const client = await registerClient(fx.porta);
        return { path: `/oauth2/register/${client.client_id}`, headers: bearer(client.registration_access_token) };
      }),
      GET(401, "with another token → 401", (fx) => ({ path: `/oauth2/register/${fx.rp.client_id}`, headers: bearer("not-the-token") })),
      GET(401, "an unknown client → 401", () => ({ path: "/oauth2/register/no-such-client", headers: bearer("not-the-token") })),
      PUT(200, "with the token → 200", async (fx) => {
        const client = await registerClient(fx.porta);
        return { path: `/oauth2/register/${client.client_id}`, headers: bearer(client.registration_access_token), json: { client_id: client.client_id, client_name: "Renamed RP", redirect_uris: [RP_CALLBACK] } };
      }),
      PUT(401, "without a token → 401", (fx) => ({ path: `/oauth2/register/${fx.rp.client_id}`, json: {} })),
      DELETE(204, "with the token → 204", async (fx) => {
        const client = await registerClient(fx.porta);
        return { path: `/oauth2/register/${client.client_id}`, headers: bearer(client.registration_access_token) };
      }),
      DELETE(401, "with another token → 401", (fx) => ({ path: `/oauth2/register/${fx.rp.client_id}`, headers: bearer("not-the-token") })),
    ],
  },
  authorization: {
    example: () => "/oauth2/authorize?client_id=no-such-client",
    cases: [
      GET(303, "starts a login: 303 to the eID step with the browser cookie", (fx) => authorizePath(fx.rp, { acr_values: MITID, state: "s" })),
      GET(400, "an unknown client → the error page", (fx) => authorizePath({ ...fx.rp, client_id: "no-such-client" }, { acr_values: MITID })),
      GET(400, "an unregistered redirect_uri → the error page", (fx) => authorizePath(fx.rp, { redirect_uri: "https://evil.example/cb" })),
      GET(303, "an unsupported response_type → back to the relying party", (fx) => authorizePath(fx.rp, { response_type: "token", state: "s" })),
      POST(303, "starts a login", (fx) => ({ path: "/oauth2/authorize", form: { client_id: fx.rp.client_id, redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: `${MITID} ${SE_BANKID}` } })),
      POST(400, "an unknown client → the error page", () => ({ path: "/oauth2/authorize", form: { client_id: "no-such-client", redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid" } })),
    ],
  },
  token: {
    example: () => "/oauth2/token",
    cases: [
      POST(401, "without client credentials → 401", () => ({ path: "/oauth2/token", form: { grant_type: "authorization_code", code: "x", redirect_uri: RP_CALLBACK } })),
      POST(401, "a wrong client secret → 401", (fx) => ({ path: "/oauth2/token", headers: { Authorization: basicAuth(fx.rp.client_id, "wrong") }, form: { grant_type: "authorization_code", code: "x", redirect_uri: RP_CALLBACK } })),
      POST(400, "an unknown code → 400 invalid_grant", (fx) => ({ path: "/oauth2/token", headers: basic(fx.rp), form: { grant_type: "authorization_code", code: "no-such-code", redirect_uri: RP_CALLBACK } })),
      POST(400, "an unsupported grant → 400", (fx) => ({ path: "/oauth2/token", headers: basic(fx.rp), form: { grant_type: "password", username: "u", password: "p" } })),
      POST(400, "a public client's unknown code from its origin → 400, CORS alike both ways", (fx) => ({ path: "/oauth2/token", headers: { Origin: SPA_ORIGIN }, form: { grant_type: "authorization_code", code: "no-such-code", redirect_uri: `${SPA_ORIGIN}/cb`, client_id: fx.spa.client_id, code_verifier: "x".repeat(43) } })),
      OPTIONS(204, "a preflight from a public client's origin → 204, CORS alike both ways", () => preflight("/oauth2/token", SPA_ORIGIN)),
      OPTIONS(204, "a preflight from another origin → 204, no CORS either way", () => preflight("/oauth2/token", "https://evil.example")),
    ],
  },
  pushedAuthorization: {
    example: () => "/oauth2/par",
    cases: [
      POST(201, "a pushed request → 201", (fx) => ({ path: "/oauth2/par", headers: basic(fx.rp), form: { redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid", acr_values: MITID } })),
      POST(401, "without client credentials → 401", () => ({ path: "/oauth2/par", form: { redirect_uri: RP_CALLBACK, response_type: "code", scope: "openid" } })),
      POST(400, "an unregistered redirect_uri → 400", (fx) => ({ path: "/oauth2/par", headers: basic(fx.rp), form: { redirect_uri: "https://evil.example/cb", response_type: "code", scope: "openid" } })),
      OPTIONS(204, "a preflight from a public client's origin → 204, CORS alike both ways", () => preflight("/oauth2/par", SPA_ORIGIN)),
    ],
  },
  userinfo: {
    example: () => "/oauth2/userinfo",
    cases: [
      GET(401, "without a token → 401", () => "/oauth2/userinfo"),
      GET(401, "an unknown token → 401", () => ({ path: "/oauth2/userinfo", headers: bearer("no-such-token") })),
      POST(401, "an unknown token in the form → 401", () => ({ path: "/oauth2/userinfo", form: { access_token: "no-such-token" } })),
      GET(401, "an unknown token from a public client's origin → 401, CORS alike both ways", () => ({ path: "/oauth2/userinfo", headers: { ...bearer("no-such-token"), Origin: SPA_ORIGIN } })),
      OPTIONS(204, "a preflight from a public client's origin → 204, CORS alike both ways", () => preflight("/oauth2/userinfo", SPA_ORIGIN, "GET")),
    ],
  },
  endSession: {
    example: () => "/oauth2/logout",
    cases: [
      GET(200, "without parameters → the logged-out page", () => "/oauth2/logout"),
      GET(303, "to a registered address → back to the relying party", (fx) => `/oauth2/logout?client_id=${fx.rp.client_id}&post_logout_redirect_uri=${encodeURIComponent(LOGGED_OUT)}&state=s`),
      GET(400, "to an unregistered address → the page", (fx) => `/oauth2/logout?client_id=${fx.rp.client_id}&post_logout_redirect_uri=${encodeURIComponent("https://evil.example/")}`),
      POST(200, "without parameters", () => ({ path: "/oauth2/logout", form: {} })),
    ],
  },
  backchannelAuthentication: {
    example: () => "/ciba/bc-authorize",
    cases: [
      POST(200, "a request → 200 with auth_req_id", (fx) => ({ path: "/ciba/bc-authorize", headers: basic(fx.ciba), form: { scope: "openid", acr_values: SE_BANKID, login_hint: `sub:ssn:${SE_SSN}` } })),
      POST(401, "without client credentials → 401", () => ({ path: "/ciba/bc-authorize", form: { scope: "openid", acr_values: SE_BANKID, login_hint: `sub:ssn:${SE_SSN}` } })),
    ],
  },
  headlessAuthorization: {
    example: () => "/headless/authorize",
    cases: [
      POST(200, "a request → 200 with headless_req_id", (fx) => ({ path: "/headless/authorize", headers: basic(fx.headless), form: { scope: "openid", acr_values: SE_BANKID, login_hint: `sub:ssn:${SE_SSN}` } })),
      POST(401, "without client credentials → 401", () => ({ path: "/headless/authorize", form: { scope: "openid", acr_values: SE_BANKID } })),
    ],
  },
  testDeviceApprove: {
    example: () => `/test/devices/${UNKNOWN_ID}/approve`,
    cases: [
      POST(303, "approve a pending decoupled login", async (fx) => `/test/devices/${await decoupledLogin(fx)}/approve`),
      POST(404, "an unknown login", () => `/test/devices/${UNKNOWN_ID}/approve`),
    ],
  },
  testDeviceDecline: {
    example: () => `/test/devices/${UNKNOWN_ID}/decline`,
    cases: [
      POST(303, "decline a pending decoupled login", async (fx) => `/test/devices/${await decoupledLogin(fx)}/decline`),
      POST(404, "an unknown login", () => `/test/devices/${UNKNOWN_ID}/decline`),
    ],
  },
  resume: {
    example: () => "/login/resume/no-such-resume-token",
    cases: [GET(400, "an unknown resume token → the error page", () => "/login/resume/no-such-resume-token")],
  },
  eidCallback: {
    example: () => "/login/callback",
    cases: [
      GET(400, "without state → the error page", () => "/login/callback"),
      GET(400, "an unknown state → the error page", () => "/login/callback?state=no-such-state&code=c"),
    ],
  },
  eidStatus: {
    example: () => `/login/${UNKNOWN_ID}/eid/status`,
    cases: [
      GET(400, "a test tenant's login has no app to poll → 400", async (fx) => {
        const { id, cookie } = await startLogin(fx, MITID);
        return { path: `/login/${id}/eid/status`, headers: { Cookie: cookie, Accept: "application/json" } };
      }),
      GET(404, "an unknown login", () => ({ path: `/login/${UNKNOWN_ID}/eid/status`, headers: { Accept: "application/json" } })),
    ],
  },
  eidConnectionJwks: {
    example: () => `/eid-connections/${UNKNOWN_ID}/jwks`,
    cases: [GET(404, "an unknown connection → 404", () => `/eid-connections/${UNKNOWN_ID}/jwks`)],
  },
  loginSelect: {
    example: () => `/login/${UNKNOWN_ID}/select`,
    cases: [
      POST(303, "choose an eID → 303 to the eID step", (fx) => loginPost(fx, `${MITID} ${SE_BANKID}`, "select", { acr: MITID })),
      POST(400, "an eID the login did not offer → error page", (fx) => loginPost(fx, `${MITID} ${SE_BANKID}`, "select", { acr: "urn:grn:authn:no:bankid" })),
      ...loginActionErrors("select"),
    ],
  },
  loginAuthenticate: {
    example: () => `/login/${UNKNOWN_ID}/authenticate`,
    cases: [
      POST(303, "a test identity → the code at the relying party", (fx) => loginPost(fx, MITID, "authenticate", { identity: "mitid-1", decision: "approve" })),
      POST(400, "an unknown test identity → error page", (fx) => loginPost(fx, MITID, "authenticate", { identity: "mitid-999", decision: "approve" })),
      ...loginActionErrors("authenticate"),
    ],
  },
  loginConsentDecision: {
    example: () => `/login/${UNKNOWN_ID}/consent-decision`,
    cases: [
      POST(303, "in the wrong state → back to the login page", (fx) => loginPost(fx, MITID, "consent-decision", { decision: "accept" })),
      ...loginActionErrors("consent-decision"),
    ],
  },
  loginCancel: {
    example: () => `/login/${UNKNOWN_ID}/cancel`,
    cases: [POST(303, "cancel → access_denied at the relying party", (fx) => loginPost(fx, MITID, "cancel", {})), ...loginActionErrors("cancel")],
  },
  loginBack: {
    example: () => `/login/${UNKNOWN_ID}/back`,
    cases: [
      POST(303, "back from the eID step → the selection page", (fx) =>
        loginPost(fx, `${MITID} ${SE_BANKID}`, "back", {}, (id, cookie) =>
          fetch(`${fx.porta.issuer}/login/${id}/select`, { method: "POST", redirect: "manual", headers: { ...FORM, Cookie: cookie, Origin: fx.porta.issuer }, body: new URLSearchParams({ acr: MITID }) }).then((r) => r.arrayBuffer()),
        ),
      ),
      ...loginActionErrors("back"),
    ],
  },
  loginProblem: {
    example: () => `/login/${UNKNOWN_ID}/problem?p=expired`,
    cases: [
      GET(undefined, "a running login's problem page, in its browser", async (fx) => {
        const { id, cookie } = await startLogin(fx, MITID);
        return { path: `/login/${id}/problem?p=unknownEid`, headers: { Cookie: cookie } };
      }),
      GET(undefined, "an unknown login's problem page", () => `/login/${UNKNOWN_ID}/problem?p=expired`),
    ],
  },
  adminTenants: {
    example: () => "/api/v1/tenants",
    cases: [
      POST(201, "a tenant with the platform token → 201", (fx) => ({ path: "/api/v1/tenants", headers: bearer(fx.porta.adminToken), json: { name: `Parity ${randomUUID()}`, environment: "test" } })),
      POST(401, "without a token → 401", () => ({ path: "/api/v1/tenants", json: { name: "Parity", environment: "test" } })),
      POST(400, "a domain with a path → 400", (fx) => ({ path: "/api/v1/tenants", headers: bearer(fx.porta.adminToken), json: { name: `Parity ${randomUUID()}`, environment: "test", domains: ["login.example.com/x"] } })),
      GET(200, "the list with the platform token → 200", (fx) => ({ path: "/api/v1/tenants?limit=2", headers: bearer(fx.porta.adminToken) })),
      GET(400, "a tampered cursor → 400", (fx) => ({ path: "/api/v1/tenants?cursor=abc.def", headers: bearer(fx.porta.adminToken) })),
    ],
  },
  adminTenant: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}`,
    cases: [
      PATCH(200, "a rename with the platform token → 200", async (fx) => {
        const created = await fetch(`${fx.porta.issuer}/api/v1/tenants`, { method: "POST", headers: { ...bearer(fx.porta.adminToken), "Content-Type": "application/json" }, body: JSON.stringify({ name: `Parity ${randomUUID()}`, environment: "test" }) });
        const { id } = (await created.json()) as { id: string };
        return { path: `/api/v1/tenants/${id}`, headers: bearer(fx.porta.adminToken), json: { name: `Renamed ${randomUUID()}` } };
      }),
      PATCH(404, "an unknown tenant → 404", (fx) => ({ path: `/api/v1/tenants/${UNKNOWN_ID}`, headers: bearer(fx.porta.adminToken), json: { name: "Nobody" } })),
      PATCH(401, "a wrong token → 401", () => ({ path: `/api/v1/tenants/${UNKNOWN_ID}`, headers: bearer("not-the-platform-token"), json: { name: "Nobody" } })),
      GET(200, "a tenant → 200", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}`)),
      GET(404, "a malformed id → 404", (fx) => admin(fx, "/api/v1/tenants/not-a-uuid")),
      DELETE(409, "a tenant with applications → 409", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}`)),
      DELETE(204, "an empty tenant → 204", async (fx) => admin(fx, `/api/v1/tenants/${await adminTenant(fx)}`)),
    ],
  },
  adminTenantApplications: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/applications`,
    cases: [
      GET(200, "the list → 200", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/applications?limit=1`)),
      POST(201, "RFC 7591 metadata → 201", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/applications`, { redirect_uris: [RP_CALLBACK] })),
      POST(400, "malformed JSON → 400", (fx) => ({ path: `/api/v1/tenants/${rpTenant(fx)}/applications`, headers: { ...bearer(fx.porta.adminToken), "Content-Type": "application/json" }, body: "{" })),
      POST(401, "without a token → 401", (fx) => ({ path: `/api/v1/tenants/${rpTenant(fx)}/applications`, json: {} })),
    ],
  },
  adminApplication: {
    example: () => "/api/v1/applications/no-such-client",
    cases: [
      GET(200, "an application → 200", (fx) => admin(fx, `/api/v1/applications/${fx.rp.client_id}`)),
      GET(404, "an unknown client → 404", (fx) => admin(fx, "/api/v1/applications/no-such-client")),
      PATCH(200, "a partial change → 200", async (fx) => admin(fx, `/api/v1/applications/${(await registerClient(fx.porta)).client_id}`, { client_name: "Patched RP" })),
      PATCH(400, "a bad member → 400", async (fx) => admin(fx, `/api/v1/applications/${(await registerClient(fx.porta)).client_id}`, { redirect_uris: "nope" })),
      DELETE(204, "an application → 204", async (fx) => admin(fx, `/api/v1/applications/${(await registerClient(fx.porta)).client_id}`)),
    ],
  },
  adminApplicationSecret: {
    example: () => "/api/v1/applications/no-such-client/secret",
    cases: [
      POST(200, "a new secret → 200", async (fx) => admin(fx, `/api/v1/applications/${(await registerClient(fx.porta)).client_id}/secret`)),
      POST(404, "an unknown client → 404", (fx) => admin(fx, "/api/v1/applications/no-such-client/secret")),
    ],
  },
  adminApplicationDeliveries: {
    example: () => "/api/v1/applications/no-such-client/webhook-deliveries",
    cases: [GET(200, "the deliveries → 200", (fx) => admin(fx, `/api/v1/applications/${fx.rp.client_id}/webhook-deliveries`))],
  },
  adminEidConnections: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/eid-connections`,
    cases: [
      GET(200, "the list → 200", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/eid-connections`)),
      POST(400, "in a test tenant → 400", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/eid-connections`, { family: "dk-mitid", kind: "oidc", settings: { issuer: "https://idp.example", clientId: "c", clientAuth: "private_key_jwt", scopes: "openid" } })),
    ],
  },
  adminEidConnection: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/eid-connections/${UNKNOWN_ID}`,
    cases: [
      GET(404, "an unknown connection → 404", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/eid-connections/${UNKNOWN_ID}`)),
      PATCH(404, "an unknown connection → 404", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/eid-connections/${UNKNOWN_ID}`, { enabled: false })),
      DELETE(404, "an unknown connection → 404", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/eid-connections/${UNKNOWN_ID}`)),
    ],
  },
  adminEidConnectionTest: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/eid-connections/${UNKNOWN_ID}/test`,
    cases: [POST(404, "an unknown connection → 404", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/eid-connections/${UNKNOWN_ID}/test`))],
  },
  adminKeys: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/keys`,
    cases: [GET(200, "the keys → 200", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/keys`))],
  },
  adminKeysRotate: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/keys/rotate`,
    cases: [
      POST(200, "a rotation → 200", async (fx) => admin(fx, `/api/v1/tenants/${await adminTenant(fx)}/keys/rotate`)),
      POST(404, "an unknown tenant → 404", (fx) => admin(fx, `/api/v1/tenants/${UNKNOWN_ID}/keys/rotate`)),
    ],
  },
  adminAudit: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/audit`,
    cases: [GET(200, "the audit entries → 200", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/audit?limit=3`))],
  },
  adminAdmins: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/admins`,
    cases: [
      GET(200, "the admins → 200", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/admins`)),
      POST(201, "an invitation → 201", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/admins`, { email: `parity-${randomUUID()}@example.com`, role: "member" })),
    ],
  },
  adminAdmin: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/admins/${UNKNOWN_ID}`,
    cases: [
      PATCH(404, "an unknown admin → 404", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/admins/${UNKNOWN_ID}`, { role: "owner" })),
      DELETE(404, "an unknown admin → 404", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/admins/${UNKNOWN_ID}`)),
    ],
  },
  adminTokens: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/tokens`,
    cases: [
      GET(200, "the tokens → 200", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/tokens`)),
      POST(201, "a token → 201", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/tokens`, { name: "parity" })),
    ],
  },
  adminToken: {
    example: () => `/api/v1/tenants/${UNKNOWN_ID}/tokens/${UNKNOWN_ID}`,
    cases: [
      DELETE(204, "a token → 204", async (fx) => {
        const created = await fetch(`${fx.porta.issuer}/api/v1/tenants/${rpTenant(fx)}/tokens`, { method: "POST", headers: { ...bearer(fx.porta.adminToken), "Content-Type": "application/json" }, body: JSON.stringify({ name: "parity" }) });
        return admin(fx, `/api/v1/tenants/${rpTenant(fx)}/tokens/${((await created.json()) as { id: string }).id}`);
      }),
      DELETE(404, "an unknown token → 404", (fx) => admin(fx, `/api/v1/tenants/${rpTenant(fx)}/tokens/${UNKNOWN_ID}`)),
    ],
  },
  adminOpenApi: {
    example: () => "/api/v1/openapi.json",
    cases: [GET(200, "the OpenAPI document, without a token → 200", () => "/api/v1/openapi.json")],
  },
  playgroundStart: {
    example: () => "/playground/start?response_type=token",
    cases: [
      GET(303, "a login as the demo application → 303 to authorize with the state cookie", () => `/playground/start?acr_values=${encodeURIComponent(MITID)}&pkce=on`),
      GET(400, "a response_type the playground does not offer → its 400 page", () => "/playground/start?response_type=token"),
    ],
  },
  playgroundCallback: {
    example: () => "/playground/callback",
    cases: [
      GET(200, "without parameters → the page that relays the fragment", () => "/playground/callback"),
      GET(303, "an answer without a playground login in progress → the result page", () => "/playground/callback?code=c&state=s"),
      POST(303, "a form_post answer without a playground login in progress → the result page", () => ({ path: "/playground/callback", form: { code: "c", state: "s" } })),
    ],
  },
};

/** Paths no route serves. */
const UNKNOWN_PATHS: Case[] = [
  GET(404, "an unknown path → JSON 404", () => "/no/such/path"),
  GET(404, "an unknown path from a browser → HTML 404", () => ({ path: "/no/such/path", headers: { Accept: "text/html,application/xhtml+xml" } })),
  POST(404, "a known path with a suffix → 404", () => "/oauth2/token/extra"),
  POST(404, "a test device answer that is neither approve nor decline → 404", () => `/test/devices/${UNKNOWN_ID}/maybe`),
];

const ALL_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;

/** HEAD (for GET routes) and every method the route lacks, from the table. */
function generatedCases(allowed: readonly RouteMethod[], example: RouteCases["example"]): Case[] {
  const cases: Case[] = [];
  if (allowed.includes("GET")) cases.push(request("HEAD")(undefined, "HEAD → GET's headers without a body", example));
  for (const method of ALL_METHODS) {
    if (!(allowed as readonly string[]).includes(method)) cases.push(request(method)(405, `${method} → 405 with Allow`, example));
  }
  return cases;
}

// --- sending the same request both ways -------------------------------------------------------

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  hasBody: boolean;
  /** The OAuth error code of a JSON answer. */
  error?: string;
}

/** Headers that differ per request or per transport, whoever answers. */
const PER_REQUEST = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "x-request-id"]);

/** Ids and bearer values (login ids, codes, client ids) vary per request; their shape must not. */
function normaliseValue(value: string): string {
  return value.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>").replace(/[A-Za-z0-9_-]{32,}/g, "<token>");
}

async function answerOf(response: Response): Promise<Answer> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (PER_REQUEST.has(name) || name === "set-cookie") return;
    headers[name] = name === "location" ? normaliseValue(value) : value;
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.replace(/^([^=]+)=[^;]*/, "$1=<value>"));
  if (cookies.length > 0) headers["set-cookie"] = cookies.sort();
  const text = await response.text();
  let error: string | undefined;
  if (headers["content-type"]?.toString().startsWith("application/json") && text) {
    error = (JSON.parse(text) as { error?: string }).error;
  }
  return { status: response.status, headers, hasBody: text.length > 0, error };
}

/** The defaults Node's fetch adds, given explicitly so that both sides see the same request. */
const DEFAULT_HEADERS = { Accept: "*/*", "Accept-Language": "*", "User-Agent": "porta-parity-test" };

function requestInit(method: string, req: Req): RequestInit {
  const headers: Record<string, string> = { ...DEFAULT_HEADERS };
  let body = req.body;
  if (req.form) {
    headers["Content-Type"] = FORM["Content-Type"];
    body = new URLSearchParams(req.form).toString();
  } else if (req.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(req.json);
  }
  return { method, headers: { ...headers, ...req.headers }, body };
}

async function viaServer(method: string, req: Req): Promise<Answer> {
  return answerOf(await fetch(`${porta.issuer}${req.path}`, { ...requestInit(method, req), redirect: "manual" }));
}

type NextRouteHandler = (request: Request, context: { params: Promise<{ protocol: string[] }> }) => Promise<Response>;
const NEXT_HANDLERS: Record<string, NextRouteHandler> = {
  GET: catchAll.GET,
  HEAD: catchAll.HEAD,
  POST: catchAll.POST,
  PUT: catchAll.PUT,
  DELETE: catchAll.DELETE,
  OPTIONS: catchAll.OPTIONS,
  PATCH: catchAll.PATCH,
};

/** As Next.js calls a route handler: the Web Request, and `{ params }` as a Promise. */
async function viaCatchAll(method: string, req: Req): Promise<Answer> {
  const url = new URL(req.path, porta.issuer);
  const protocol = url.pathname.split("/").slice(1).map(decodeURIComponent);
  const handler = NEXT_HANDLERS[method];
  if (!handler) throw new Error(`the catch-all exports no ${method}`);
  return answerOf(await handler(new Request(url, requestInit(method, req)), { params: Promise.resolve({ protocol }) }));
}

/** Sends the case to the custom server, then (built afresh) to the catch-all: same answer. */
async function expectParity(c: Case): Promise<Answer> {
  const server = await viaServer(c.method, await c.build(fx));
  const next = await viaCatchAll(c.method, await c.build(fx));
  expect(next).toEqual(server);
  if (c.status !== undefined) expect(server.status, `${server.error ?? ""}`).toBe(c.status);
  return server;
}

// --- the tests ---------------------------------------------------------------------------------

describe("the table is covered", () => {
  it("every route has cases, and a case for each of its methods", () => {
    const missing: string[] = [];
    for (const route of protocolRoutes()) {
      const spec = CASES[route.name] as RouteCases | undefined;
      const methods = new Set(spec?.cases.map((c) => c.method));
      if (!spec) missing.push(`${route.name} ${route.path}: no cases`);
      else for (const method of route.allowed) if (!methods.has(method)) missing.push(`${route.name} ${route.path}: no ${method} case`);
    }
    expect(missing).toEqual([]);
  });

  it("the /login/callback route file exports the catch-all's handlers", () => {
    for (const [method, handler] of Object.entries(NEXT_HANDLERS)) expect((callbackRoute as Record<string, unknown>)[method], method).toBe(handler);
  });
});

for (const route of protocolRoutes()) {
  const spec = CASES[route.name] as RouteCases | undefined;
  if (!spec) continue;
  describe(`${route.name} ${route.path}`, () => {
    for (const c of [...spec.cases, ...generatedCases(route.allowed, spec.example)]) {
      it(`${c.method}: ${c.title}`, async () => {
        const answer = await expectParity(c);
        if (answer.status === 405) expect(answer.headers.allow).toBe(route.allowed.join(", "));
      });
    }
  });
}

describe("paths the table does not know", () => {
  for (const c of UNKNOWN_PATHS) {
    it(`${c.method}: ${c.title}`, async () => {
      await expectParity(c);
    });
  }
});
