/**
 * The protocol routing table: every route Porta serves outside Next.js's pages (protocol-paths.ts
 * names their paths), once: its error channel (channels.ts), its methods and their handlers. The
 * table, not the endpoint, puts each handler in its channel, so both ways in answer errors alike:
 * - `npm start`: server/porta-server.ts matches with matchProtocolRoute and calls the handler
 *   without going through Next.js (Next's per-request work would be most of the cost of the hot
 *   endpoints), and writes the cached documents (discovery, JWKS) straight to the socket;
 * - `next dev` / `next start`: the catch-all route app/[...protocol]/route.ts calls
 *   serveProtocolRequest. (Under `npm start` only paths the table does not know reach Next, and
 *   the catch-all answers them with notFoundResponse, as a protocol-only instance does.)
 *
 * lib/endpoints holds this table, the error channels and one module per protocol endpoint (OAuth,
 * OpenID Connect, the hosted login's form posts, health); the admin API's operations are in
 * lib/admin-api, the playground's in lib/playground, and the table lists them all.
 */
import { discoveryDocumentForQuery, serveDiscovery, type EndpointDocument } from "./discovery";
import { liveness, readiness } from "./health";
import { serveMetrics } from "./metrics";
import { jwksEndpointDocument, serveJwks } from "./jwks";
import {
  deleteClientConfiguration,
  readClientConfiguration,
  registerClient,
  updateClientConfiguration,
} from "./registration";
import { authorize } from "./authorize";
import { adminHandlers } from "../admin-api/operations";
import { inAdminChannel, inBrowserChannel, inNoChannel, inOAuthChannel, type BrowserHandler, type Channel, type RouteHandler } from "./channels";
import { serveConnectionJwks } from "./eid-connection-jwks";
import { eidCallback, eidStatus } from "./eid-step";
import { loginAction } from "./login-actions";
import { showLoginProblem } from "./login-problem";
import { logout } from "./logout";
import { pushAuthorizationRequest } from "./par";
import { resumeLogin } from "./resume";
import { cibaAuthorize, headlessAuthorize } from "./decoupled";
import { answerDevice } from "./test-devices";
import { token } from "./token";
import { userinfo } from "./userinfo";
import { playgroundCallback, startPlayground } from "../playground/endpoints";
import { ACCESS_TOKEN_CLIENT_CORS, AUTHENTICATING_CLIENT_CORS } from "./public-client-cors";
import { preflight, withCors, type CorsGate } from "../http/cors";
import { escapeHtml, htmlPage } from "../http/html";
import { pageLocale } from "../http/page-locale";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { translator } from "../i18n/translate";
import { isValidText } from "../http/valid-text";
import { jsonResponse, methodNotAllowed } from "../http/responses";
import { misdirectedResponse, resolveIssuerContext, withIssuerContext, type IssuerContext } from "../tenants/issuer-context";
import { compilePath, EXTENSION_JWKS, servedProtocolPaths, type ProtocolPathName, type ProtocolRouteName } from "../http/protocol-paths";
import { processSingleton } from "../process/state";

/**
 * A GET answered from a cached document, given the raw query string (without `?`): the custom
 * server writes it without Web Request/Response objects, and without a promise when it is cached.
 */
export type DocumentHandler = (query: string) => EndpointDocument | Promise<EndpointDocument>;

export type { Channel, RouteHandler };

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
type HandlerMethod = Exclude<RouteMethod, "OPTIONS">;

/**
 * One row of the table: the channel that answers the route's errors (channels.ts) and its handlers
 * by method. HEAD is served by GET; OPTIONS by the preflight of a route with a CORS gate
 * (lib/http/cors.ts, back-channel routes only); any other method gets 405 with Allow. Only routes
 * outside every error channel (documents) may have a cached `document` for GET.
 */
export type RouteRow =
  | ({ channel: "oauth"; cors?: CorsGate } & Partial<Record<HandlerMethod, RouteHandler>>)
  | ({ channel: "browser" } & Partial<Record<HandlerMethod, BrowserHandler>>)
  | ({ channel: "admin" } & Partial<Record<HandlerMethod, RouteHandler>>)
  | ({ channel: "none"; document?: DocumentHandler } & Partial<Record<HandlerMethod, RouteHandler>>);

const TABLE: Record<ProtocolPathName, RouteRow> = {
  discovery: { channel: "none", GET: (r) => serveDiscovery(r), document: discoveryDocumentForQuery },
  jwks: { channel: "none", GET: (r) => serveJwks("oidc", r), document: () => jwksEndpointDocument("oidc") },
  liveness: { channel: "none", GET: () => liveness() },
  readiness: { channel: "none", GET: () => readiness() },
  metrics: { channel: "oauth", GET: (r) => serveMetrics(r) },
  registration: { channel: "oauth", POST: (r) => registerClient(r) },
  clientConfiguration: {
    channel: "oauth",
    GET: (r, p) => readClientConfiguration(r, p.client_id!),
    PUT: (r, p) => updateClientConfiguration(r, p.client_id!),
    DELETE: (r, p) => deleteClientConfiguration(r, p.client_id!),
  },
  authorization: { channel: "browser", GET: (x) => authorize(x), POST: (x) => authorize(x) },
  token: { channel: "oauth", POST: (r) => token(r), cors: AUTHENTICATING_CLIENT_CORS },
  pushedAuthorization: { channel: "oauth", POST: (r) => pushAuthorizationRequest(r), cors: AUTHENTICATING_CLIENT_CORS },
  userinfo: { channel: "oauth", GET: (r) => userinfo(r), POST: (r) => userinfo(r), cors: ACCESS_TOKEN_CLIENT_CORS },
  endSession: { channel: "browser", GET: (x) => logout(x), POST: (x) => logout(x) },
  backchannelAuthentication: { channel: "oauth", POST: (r) => cibaAuthorize(r) },
  headlessAuthorization: { channel: "oauth", POST: (r) => headlessAuthorize(r) },
  testDeviceApprove: { channel: "browser", POST: (x, p) => answerDevice(x.request, p.loginId!, true) },
  testDeviceDecline: { channel: "browser", POST: (x, p) => answerDevice(x.request, p.loginId!, false) },
  resume: { channel: "browser", GET: (x, p) => resumeLogin(x, p.token!) },
  eidCallback: { channel: "browser", GET: (x) => eidCallback(x) },
  // The login page's poll (fetch, JSON): its errors are JSON too.
  eidStatus: { channel: "oauth", GET: (r, p) => eidStatus(r, p.loginId!) },
  eidConnectionJwks: { channel: "none", GET: (_r, p) => serveConnectionJwks(p.id!) },
  loginSelect: { channel: "browser", POST: (x, p) => loginAction(x, p.loginId!, "select") },
  loginAuthenticate: { channel: "browser", POST: (x, p) => loginAction(x, p.loginId!, "authenticate") },
  loginConsentDecision: { channel: "browser", POST: (x, p) => loginAction(x, p.loginId!, "consent") },
  loginCancel: { channel: "browser", POST: (x, p) => loginAction(x, p.loginId!, "cancel") },
  loginBack: { channel: "browser", POST: (x, p) => loginAction(x, p.loginId!, "back") },
  loginProblem: { channel: "browser", GET: (x, p) => showLoginProblem(x.request, p.loginId!) },
  // The admin API: each path's operations, with their schemas, in lib/admin-api/resources/.
  adminTenants: { channel: "admin", ...adminHandlers("adminTenants") },
  adminTenant: { channel: "admin", ...adminHandlers("adminTenant") },
  adminTenantApplications: { channel: "admin", ...adminHandlers("adminTenantApplications") },
  adminApplication: { channel: "admin", ...adminHandlers("adminApplication") },
  adminApplicationSecret: { channel: "admin", ...adminHandlers("adminApplicationSecret") },
  adminApplicationDeliveries: { channel: "admin", ...adminHandlers("adminApplicationDeliveries") },
  adminEidConnections: { channel: "admin", ...adminHandlers("adminEidConnections") },
  adminEidConnection: { channel: "admin", ...adminHandlers("adminEidConnection") },
  adminEidConnectionTest: { channel: "admin", ...adminHandlers("adminEidConnectionTest") },
  adminKeys: { channel: "admin", ...adminHandlers("adminKeys") },
  adminKeysRotate: { channel: "admin", ...adminHandlers("adminKeysRotate") },
  adminAudit: { channel: "admin", ...adminHandlers("adminAudit") },
  adminAdmins: { channel: "admin", ...adminHandlers("adminAdmins") },
  adminAdmin: { channel: "admin", ...adminHandlers("adminAdmin") },
  adminTokens: { channel: "admin", ...adminHandlers("adminTokens") },
  adminToken: { channel: "admin", ...adminHandlers("adminToken") },
  adminOpenApi: { channel: "admin", ...adminHandlers("adminOpenApi") },
  // The playground's relying party (a browser's navigations; it resolves the Host itself).
  playgroundStart: { channel: "browser", GET: (x) => startPlayground(x.request) },
  playgroundCallback: { channel: "browser", GET: (x) => playgroundCallback(x.request), POST: (x) => playgroundCallback(x.request) },
};

/** Served only when EXTENSIONS_URL is on Porta's origin (see extensionJwksPath). */
const EXTENSION_JWKS_ROW: RouteRow = { channel: "none", GET: (r) => serveJwks("extension", r), document: () => jwksEndpointDocument("extension") };

/**
 * Routes the table runs outside an issuer context: the health checks and metrics are answered on
 * any Host (load balancers probe and Prometheus scrapes instances by address; no tenant data in
 * the answer's shape), and the playground resolves the Host itself (a host without a playground
 * gets its own page).
 */
const ANY_HOST: ReadonlySet<ProtocolRouteName> = new Set(["liveness", "readiness", "metrics", "playgroundStart", "playgroundCallback"]);

export interface ProtocolRoute {
  name: ProtocolRouteName;
  path: string;
  pattern: RegExp;
  params: readonly string[];
  /** Who answers the route's errors. */
  channel: Channel;
  /** Handlers by method, in an object without a prototype: any method string may be looked up. */
  handlers: Readonly<Partial<Record<string, RouteHandler>>>;
  document?: DocumentHandler;
  /** The methods that have handlers, for Allow. */
  allowed: readonly RouteMethod[];
  /** Served outside an issuer context (see ANY_HOST). */
  anyHost: boolean;
}

const IN_CHANNEL: Record<Exclude<Channel, "browser">, (endpoint: string, handler: RouteHandler) => RouteHandler> = {
  oauth: inOAuthChannel,
  admin: inAdminChannel,
  none: inNoChannel,
};

/** A row's handler for `method`, its errors answered by the row's channel. */
function channelHandler(row: RouteRow, method: HandlerMethod, name: string): RouteHandler | undefined {
  if (row.channel === "browser") {
    const handler = row[method];
    return handler && inBrowserChannel(name, handler);
  }
  const handler = row[method];
  return handler && IN_CHANNEL[row.channel](name, handler);
}

/** Process state: which routes are served follows the configuration (METRICS_TOKEN, EXTENSIONS_URL). */
const routes = processSingleton("protocol-routes", (): readonly ProtocolRoute[] => buildRoutes());

/** The routes this instance serves (the extension JWKS only when it is on Porta's origin). */
export function protocolRoutes(): readonly ProtocolRoute[] {
  return routes();
}

function buildRoutes(): readonly ProtocolRoute[] {
  return servedProtocolPaths().map(([name, path]): ProtocolRoute => {
    const row = name === EXTENSION_JWKS ? EXTENSION_JWKS_ROW : TABLE[name];
    const cors = row.channel === "oauth" ? row.cors : undefined;
    const allowed = ROUTE_METHODS.filter((m) => (m === "OPTIONS" ? cors : row[m]));
    const handlers: Partial<Record<string, RouteHandler>> = Object.create(null) as Partial<Record<string, RouteHandler>>;
    for (const method of allowed) {
      if (method === "OPTIONS") handlers[method] = preflight(cors!, name, allowed.filter((m) => m !== "OPTIONS"));
      else {
        const handler = channelHandler(row, method, name)!;
        handlers[method] = cors ? withCors(cors, name, handler) : handler;
      }
    }
    const document = row.channel === "none" ? row.document : undefined;
    return { name, path, ...compilePath(path), channel: row.channel, handlers, document, allowed, anyHost: ANY_HOST.has(name) };
  });
}

export interface RouteMatch {
  /** The route's name: the bounded label of request metrics (never the raw path). */
  name: ProtocolRouteName;
  handler: RouteHandler;
  params: Readonly<Record<string, string>>;
  /** Set for GET/HEAD of a document route. */
  document?: DocumentHandler;
  /** Served outside an issuer context (see ANY_HOST). */
  anyHost?: boolean;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** A path parameter, percent-decoded; undefined for broken percent-encoding, NUL or invalid UTF-8. */
function decodePathParam(raw: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return isValidText(value) ? value : undefined;
}

/** The answer to a protocol path whose parameter cannot be decoded (e.g. `%`, `%C0%80`, `%00`). */
function badPathResponse(): Response {
  return jsonResponse({ error: "invalid_request", error_description: "The path holds malformed percent-encoding, a NUL character or text that is not valid UTF-8" }, 400, { "Cache-Control": "no-store" });
}

/**
 * The routes without parameters by their path, for the common case of a match: one lookup instead
 * of a pattern per route. A path that an earlier route's pattern also matches is left to the scan,
 * so the table's order decides as before.
 */
const exactRoutes = processSingleton("protocol-exact-routes", (): ReadonlyMap<string, ProtocolRoute> => {
  const all = routes();
  const exact = new Map<string, ProtocolRoute>();
  all.forEach((route, i) => {
    if (route.params.length === 0 && !all.slice(0, i).some((earlier) => earlier.pattern.test(route.path))) exact.set(route.path, route);
  });
  return exact;
});

/** The handler for a protocol path, a 405 responder, a 400 responder for an undecodable parameter, or undefined when the path is not ours. */
export function matchProtocolRoute(method: string, pathname: string): RouteMatch | undefined {
  const exact = exactRoutes().get(pathname);
  if (exact) return routeMatch(exact, method, NO_PARAMS);
  for (const route of routes()) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    let params = NO_PARAMS;
    if (route.params.length > 0) {
      const named: Record<string, string> = {};
      for (const [i, name] of route.params.entries()) {
        const value = decodePathParam(match[i + 1] ?? "");
        if (value === undefined) return { name: route.name, handler: () => badPathResponse(), params: NO_PARAMS };
        named[name] = value;
      }
      params = named;
    }
    return routeMatch(route, method, params);
  }
  return undefined;
}

function routeMatch(route: ProtocolRoute, method: string, params: Readonly<Record<string, string>>): RouteMatch {
  const effective = method === "HEAD" ? "GET" : method;
  const handler = route.handlers[effective];
  if (!handler) return { name: route.name, handler: () => methodNotAllowed(route.allowed), params };
  if (route.anyHost) return { name: route.name, handler, params, anyHost: true };
  return effective === "GET" && route.document ? { name: route.name, handler, params, document: route.document } : { name: route.name, handler, params };
}

/**
 * The answer to a path no route serves: Porta's small HTML page for browsers (in `locale`), JSON
 * otherwise. (A route handler cannot hand the request back to Next.js's own 404 page.)
 */
export function notFoundResponse(accept: string | null | undefined, locale: Locale = DEFAULT_LOCALE): Response {
  if (accept?.includes("text/html")) {
    const t = translator(locale, "protocolPages");
    const title = escapeHtml(t("notFoundTitle"));
    return htmlPage({ title: t("notFoundTitle"), lang: locale, status: 404, body: `<h1>${title}</h1><p>${escapeHtml(t("notFoundText"))}</p><p><a class="button" href="/">${escapeHtml(t("home"))}</a></p>` });
  }
  return jsonResponse({ error: "not_found", error_description: "No such endpoint" }, 404, { "Cache-Control": "no-store" });
}

/**
 * The issuer context a matched route runs in: from the Host header (PUBLIC_URL's host, or a tenant
 * domain, each its own issuer), undefined for a host that serves no issuer (answer
 * misdirectedResponse()); null for a route outside issuer contexts (ANY_HOST).
 */
export async function routeIssuerContext(route: RouteMatch, host: string | null | undefined): Promise<IssuerContext | null | undefined> {
  return route.anyHost ? null : resolveIssuerContext(host);
}

/** Runs a route's handler in its issuer context. */
export function runInIssuerContext<T>(context: IssuerContext | null, fn: () => T): T {
  // Outside any context the issuer is PUBLIC_URL's and the tenants served are those without a
  // domain (request-issuer.ts, isServedTenant): exactly the default context, so PUBLIC_URL's
  // requests, the common case, skip the AsyncLocalStorage run.
  return context?.kind === "tenant" ? withIssuerContext(context, fn) : fn();
}

/** One protocol request, Web Request → Response (the catch-all route's whole body). */
export async function serveProtocolRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const route = matchProtocolRoute(request.method, url.pathname);
  if (!route) return notFoundResponse(request.headers.get("accept"), pageLocale(request));
  const context = await routeIssuerContext(route, request.headers.get("host") ?? url.host);
  const response = context === undefined ? misdirectedResponse() : await runInIssuerContext(context, () => route.handler(request, route.params));
  if (request.method !== "HEAD" || response.body === null) return response;
  await response.body.cancel();
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
