/**
 * The protocol routing table: every protocol path (protocol-paths.ts), its methods and their
 * lib/endpoints handlers, once. Both ways in use it:
 * - `npm start`: server/porta-server.ts matches with matchProtocolRoute and calls the handler
 *   without going through Next.js (design.md §10: Next's per-request overhead matters on the hot
 *   endpoints), and writes the cached documents (discovery, JWKS) straight to the socket;
 * - `next dev` / `next start`: the catch-all route app/[...protocol]/route.ts calls
 *   serveProtocolRequest. (Under `npm start` only paths the table does not know reach Next, and
 *   the catch-all answers them with notFoundResponse, as a protocol-only instance does.)
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
import { adminRoute } from "./admin-api";
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

export type RouteHandler = (request: Request, params: Readonly<Record<string, string>>) => Response | Promise<Response>;
/**
 * A GET answered from a cached document, given the raw query string (without `?`): the custom
 * server writes it without Web Request/Response objects, and without a promise when it is cached.
 */
export type DocumentHandler = (query: string) => EndpointDocument | Promise<EndpointDocument>;

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * What a path answers. HEAD is served by GET; OPTIONS by the preflight of a route with a CORS gate
 * (lib/http/cors.ts); any other method gets 405 with Allow.
 */
export type RouteMethods = Partial<Record<Exclude<RouteMethod, "OPTIONS">, RouteHandler>> & { document?: DocumentHandler; cors?: CorsGate };

const TABLE: Record<ProtocolPathName, RouteMethods> = {
  discovery: { GET: (r) => serveDiscovery(r), document: discoveryDocumentForQuery },
  jwks: { GET: (r) => serveJwks("oidc", r), document: () => jwksEndpointDocument("oidc") },
  liveness: { GET: () => liveness() },
  readiness: { GET: () => readiness() },
  metrics: { GET: (r) => serveMetrics(r) },
  registration: { POST: (r) => registerClient(r) },
  clientConfiguration: {
    GET: (r, p) => readClientConfiguration(r, p.client_id!),
    PUT: (r, p) => updateClientConfiguration(r, p.client_id!),
    DELETE: (r, p) => deleteClientConfiguration(r, p.client_id!),
  },
  authorization: { GET: (r) => authorize(r), POST: (r) => authorize(r) },
  token: { POST: (r) => token(r), cors: AUTHENTICATING_CLIENT_CORS },
  pushedAuthorization: { POST: (r) => pushAuthorizationRequest(r), cors: AUTHENTICATING_CLIENT_CORS },
  userinfo: { GET: (r) => userinfo(r), POST: (r) => userinfo(r), cors: ACCESS_TOKEN_CLIENT_CORS },
  endSession: { GET: (r) => logout(r), POST: (r) => logout(r) },
  backchannelAuthentication: { POST: (r) => cibaAuthorize(r) },
  headlessAuthorization: { POST: (r) => headlessAuthorize(r) },
  testDeviceApprove: { POST: (r, p) => answerDevice(r, p.tx!, true) },
  testDeviceDecline: { POST: (r, p) => answerDevice(r, p.tx!, false) },
  resume: { GET: (r, p) => resumeLogin(r, p.token!) },
  eidCallback: { GET: (r) => eidCallback(r) },
  eidStatus: { GET: (r, p) => eidStatus(r, p.tx!) },
  eidConnectionJwks: { GET: (_r, p) => serveConnectionJwks(p.id!) },
  loginSelect: { POST: (r, p) => loginAction(r, p.tx!, "select") },
  loginAuthenticate: { POST: (r, p) => loginAction(r, p.tx!, "authenticate") },
  loginConsentDecision: { POST: (r, p) => loginAction(r, p.tx!, "consent") },
  loginCancel: { POST: (r, p) => loginAction(r, p.tx!, "cancel") },
  loginBack: { POST: (r, p) => loginAction(r, p.tx!, "back") },
  loginProblem: { GET: (r, p) => showLoginProblem(r, p.tx!) },
  // The admin API (design §14): each path's operations, with their schemas, in lib/endpoints/admin-*.ts.
  adminTenants: adminRoute("adminTenants"),
  adminTenant: adminRoute("adminTenant"),
  adminTenantApplications: adminRoute("adminTenantApplications"),
  adminApplication: adminRoute("adminApplication"),
  adminApplicationSecret: adminRoute("adminApplicationSecret"),
  adminApplicationDeliveries: adminRoute("adminApplicationDeliveries"),
  adminEidConnections: adminRoute("adminEidConnections"),
  adminEidConnection: adminRoute("adminEidConnection"),
  adminEidConnectionTest: adminRoute("adminEidConnectionTest"),
  adminKeys: adminRoute("adminKeys"),
  adminKeysRotate: adminRoute("adminKeysRotate"),
  adminAudit: adminRoute("adminAudit"),
  adminAdmins: adminRoute("adminAdmins"),
  adminAdmin: adminRoute("adminAdmin"),
  adminTokens: adminRoute("adminTokens"),
  adminToken: adminRoute("adminToken"),
  adminOpenApi: adminRoute("adminOpenApi"),
};

/** Served only when EXTENSIONS_URL is on Porta's origin (see extensionJwksPath). */
const EXTENSION_JWKS_METHODS: RouteMethods = { GET: (r) => serveJwks("extension", r), document: () => jwksEndpointDocument("extension") };

/**
 * Answered on any Host (load balancers probe and Prometheus scrapes instances by address): no
 * issuer, no tenant data in the answer's shape.
 */
const ANY_HOST: ReadonlySet<ProtocolRouteName> = new Set(["liveness", "readiness", "metrics"]);

export interface ProtocolRoute {
  name: ProtocolRouteName;
  path: string;
  pattern: RegExp;
  params: readonly string[];
  /** Handlers by method, in an object without a prototype: any method string may be looked up. */
  handlers: Readonly<Partial<Record<string, RouteHandler>>>;
  document?: DocumentHandler;
  /** The methods that have handlers, for Allow. */
  allowed: readonly RouteMethod[];
  /** Served on any Host, outside an issuer context (health checks). */
  anyHost: boolean;
}

let routes: readonly ProtocolRoute[] | undefined;

/** The routes this instance serves (the extension JWKS only when it is on Porta's origin). */
export function protocolRoutes(): readonly ProtocolRoute[] {
  routes ??= servedProtocolPaths().map(([name, path]): ProtocolRoute => {
    const methods = name === EXTENSION_JWKS ? EXTENSION_JWKS_METHODS : TABLE[name];
    const { cors } = methods;
    const allowed = ROUTE_METHODS.filter((m) => (m === "OPTIONS" ? cors : methods[m]));
    const handlers: Partial<Record<string, RouteHandler>> = Object.create(null) as Partial<Record<string, RouteHandler>>;
    for (const method of allowed) {
      if (method === "OPTIONS") handlers[method] = preflight(cors!, name, allowed.filter((m) => m !== "OPTIONS"));
      else handlers[method] = cors ? withCors(cors, name, methods[method]!) : methods[method];
    }
    return { name, path, ...compilePath(path), handlers, document: methods.document, allowed, anyHost: ANY_HOST.has(name) };
  });
  return routes;
}

export interface RouteMatch {
  /** The route's name: the bounded label of request metrics (never the raw path). */
  name: ProtocolRouteName;
  handler: RouteHandler;
  params: Readonly<Record<string, string>>;
  /** Set for GET/HEAD of a document route. */
  document?: DocumentHandler;
  /** Served on any Host (see ANY_HOST). */
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

/** The handler for a protocol path, a 405 responder, a 400 responder for an undecodable parameter, or undefined when the path is not ours. */
export function matchProtocolRoute(method: string, pathname: string): RouteMatch | undefined {
  for (const route of routes ?? protocolRoutes()) {
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
    const effective = method === "HEAD" ? "GET" : method;
    const handler = route.handlers[effective];
    if (!handler) return { name: route.name, handler: () => methodNotAllowed(route.allowed), params };
    if (route.anyHost) return { name: route.name, handler, params, anyHost: true };
    return effective === "GET" && route.document ? { name: route.name, handler, params, document: route.document } : { name: route.name, handler, params };
  }
  return undefined;
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
 * The issuer context a matched route runs in (design.md §13): from the Host header, undefined for
 * a host that serves no issuer (answer misdirectedResponse()); null for a route served on any host.
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
