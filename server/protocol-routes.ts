/**
 * The protocol endpoints served by the custom server without going through Next.js's request
 * pipeline (design.md §10: Next's per-request overhead matters on the hot endpoints). Each entry
 * calls the same lib/ function as the matching route file under app/, which serves `next dev`.
 */
import { discoveryDocument, serveDiscovery, type EndpointDocument } from "../lib/endpoints/discovery";
import { liveness, readiness } from "../lib/endpoints/health";
import { jwksEndpointDocument, serveJwks } from "../lib/endpoints/jwks";
import {
  deleteClientConfiguration,
  readClientConfiguration,
  registerClient,
  updateClientConfiguration,
} from "../lib/endpoints/registration";
import { methodNotAllowed } from "../lib/http/responses";
import { authorize } from "../lib/endpoints/authorize";
import { serveConnectionJwks } from "../lib/endpoints/eid-connection-jwks";
import { eidCallback, eidStatus, startEid } from "../lib/endpoints/eid-step";
import { loginAction, type LoginAction } from "../lib/endpoints/login-actions";
import { logout } from "../lib/endpoints/logout";
import { pushAuthorizationRequest } from "../lib/endpoints/par";
import { resumeLogin } from "../lib/endpoints/resume";
import { cibaAuthorize, headlessAuthorize } from "../lib/endpoints/decoupled";
import { answerDevice } from "../lib/endpoints/test-devices";
import { token } from "../lib/endpoints/token";
import { userinfo } from "../lib/endpoints/userinfo";
import { config } from "../lib/config";

type Handler = (request: Request, params: Record<string, string>) => Response | Promise<Response>;
/** A GET answered from a cached document, written without building Web Request/Response objects. */
type DocumentHandler = (query: URLSearchParams) => Promise<EndpointDocument>;

interface Route {
  pattern: RegExp;
  params?: string[];
  methods: Partial<Record<string, Handler>>;
  document?: DocumentHandler;
}

function extensionsJwksPath(): string | undefined {
  const cfg = config();
  const ext = new URL(cfg.extensionsUrl);
  // Served here only when EXTENSIONS_URL lives on Porta's own origin.
  return ext.origin === new URL(cfg.issuer).origin ? `${ext.pathname.replace(/\/$/, "")}/service/.well-known/jwks` : undefined;
}

const LOGIN_ACTIONS: Record<string, LoginAction> = {
  select: "select",
  authenticate: "authenticate",
  "consent-decision": "consent",
  cancel: "cancel",
  back: "back",
};

function escape(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function buildRoutes(): Route[] {
  const routes: Route[] = [
    {
      pattern: /^\/\.well-known\/openid-configuration$/,
      methods: { GET: (r) => serveDiscovery(r) },
      document: (query) => discoveryDocument(query.get("client_id")),
    },
    { pattern: /^\/\.well-known\/jwks$/, methods: { GET: (r) => serveJwks("oidc", r) }, document: () => jwksEndpointDocument("oidc") },
    { pattern: /^\/healthz$/, methods: { GET: () => liveness() } },
    { pattern: /^\/readyz$/, methods: { GET: () => readiness() } },
    { pattern: /^\/oauth2\/register$/, methods: { POST: (r) => registerClient(r) } },
    {
      pattern: /^\/oauth2\/register\/([^/]+)$/,
      params: ["client_id"],
      methods: {
        GET: (r, p) => readClientConfiguration(r, p.client_id!),
        PUT: (r, p) => updateClientConfiguration(r, p.client_id!),
        DELETE: (r, p) => deleteClientConfiguration(r, p.client_id!),
      },
    },
    { pattern: /^\/oauth2\/authorize$/, methods: { GET: (r) => authorize(r), POST: (r) => authorize(r) } },
    { pattern: /^\/oauth2\/token$/, methods: { POST: (r) => token(r) } },
    { pattern: /^\/oauth2\/par$/, methods: { POST: (r) => pushAuthorizationRequest(r) } },
    { pattern: /^\/ciba\/bc-authorize$/, methods: { POST: (r) => cibaAuthorize(r) } },
    { pattern: /^\/headless\/authorize$/, methods: { POST: (r) => headlessAuthorize(r) } },
    {
      pattern: /^\/test\/devices\/([0-9a-f-]{36})\/(approve|decline)$/,
      params: ["tx", "answer"],
      methods: { POST: (r, p) => answerDevice(r, p.tx!, p.answer === "approve") },
    },
    { pattern: /^\/oauth2\/userinfo$/, methods: { GET: (r) => userinfo(r), POST: (r) => userinfo(r) } },
    { pattern: /^\/oauth2\/logout$/, methods: { GET: (r) => logout(r), POST: (r) => logout(r) } },
    { pattern: /^\/login\/resume\/([A-Za-z0-9_-]{16,128})$/, params: ["token"], methods: { GET: (r, p) => resumeLogin(r, p.token!) } },
    // The eID step: start, the upstream provider's return, and the app-based eIDs' progress poll.
    { pattern: /^\/login\/([0-9a-f-]{36})\/start$/, params: ["tx"], methods: { GET: (r, p) => startEid(r, p.tx!) } },
    { pattern: /^\/login\/callback$/, methods: { GET: (r) => eidCallback(r) } },
    { pattern: /^\/eid-connections\/([0-9a-f-]{36})\/jwks$/, params: ["id"], methods: { GET: (_r, p) => serveConnectionJwks(p.id!) } },
    { pattern: /^\/login\/([0-9a-f-]{36})\/eid\/status$/, params: ["tx"], methods: { GET: (r, p) => eidStatus(r, p.tx!) } },
    // The hosted login's form posts (the pages themselves are Next.js pages).
    ...Object.entries(LOGIN_ACTIONS).map(([segment, action]): Route => ({
      pattern: new RegExp(`^/login/([0-9a-f-]{36})/${segment}$`),
      params: ["tx"],
      methods: { POST: (r, p) => loginAction(r, p.tx!, action) },
    })),
  ];
  const extPath = extensionsJwksPath();
  if (extPath) routes.push({ pattern: new RegExp(`^${escape(extPath)}$`), methods: { GET: (r) => serveJwks("extension", r) }, document: () => jwksEndpointDocument("extension") });
  return routes;
}

let routes: Route[] | undefined;

export interface RouteMatch {
  handler: Handler;
  params: Record<string, string>;
  /** Set for GET/HEAD of a document route. */
  document?: DocumentHandler;
}

/** The handler for a protocol path, a 405 responder, or undefined when the path is not ours. */
export function matchProtocolRoute(method: string, pathname: string): RouteMatch | undefined {
  routes ??= buildRoutes();
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.params?.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? "");
    });
    const effective = method === "HEAD" ? "GET" : method;
    const handler = route.methods[effective];
    if (handler) return effective === "GET" && route.document ? { handler, params, document: route.document } : { handler, params };
    return { handler: () => methodNotAllowed(Object.keys(route.methods)), params };
  }
  return undefined;
}
