/**
 * Where each route lives: the path half of the protocol routing table. The handler half is
 * lib/endpoints/protocol-routes.ts, keyed by the same names (its type requires one entry per path).
 * Beside them, the pages Next.js renders that Porta's own code sends browsers to (PAGE_PATHS).
 * Every URL Porta builds to one of its own paths comes from here (pathOf, discovery), never typed
 * by hand. This module imports no endpoint, so proxy.ts can ask "is this a protocol path?"
 * without loading the endpoints.
 *
 * `{name}` is a path parameter; PARAMETER_PATTERNS says what it may hold.
 */
import { config } from "../config";
import { processSingleton } from "../process/state";

export const PROTOCOL_PATHS = {
  discovery: "/.well-known/openid-configuration",
  jwks: "/.well-known/jwks",
  liveness: "/healthz",
  readiness: "/readyz",
  // Prometheus metrics: served only when METRICS_TOKEN is set (the scrape names tenants: never public).
  metrics: "/metrics",
  registration: "/oauth2/register",
  clientConfiguration: "/oauth2/register/{client_id}",
  authorization: "/oauth2/authorize",
  token: "/oauth2/token",
  pushedAuthorization: "/oauth2/par",
  userinfo: "/oauth2/userinfo",
  endSession: "/oauth2/logout",
  backchannelAuthentication: "/ciba/bc-authorize",
  headlessAuthorization: "/headless/authorize",
  testDeviceApprove: "/test/devices/{loginId}/approve",
  testDeviceDecline: "/test/devices/{loginId}/decline",
  resume: "/login/resume/{token}",
  // The eID step: the upstream provider's return, the app-based eIDs' progress poll.
  eidCallback: "/login/callback",
  eidStatus: "/login/{loginId}/eid/status",
  eidConnectionJwks: "/eid-connections/{id}/jwks",
  // The hosted login's form posts (the pages themselves are Next.js pages).
  loginSelect: "/login/{loginId}/select",
  loginAuthenticate: "/login/{loginId}/authenticate",
  loginConsentDecision: "/login/{loginId}/consent-decision",
  loginCancel: "/login/{loginId}/cancel",
  loginBack: "/login/{loginId}/back",
  // The error page the hosted login's pages send the browser to when they cannot be shown.
  loginProblem: "/login/{loginId}/problem",
  // The admin API (lib/admin-api/operations.ts).
  adminTenants: "/api/v1/tenants",
  adminTenant: "/api/v1/tenants/{tenant_id}",
  adminTenantApplications: "/api/v1/tenants/{tenant_id}/applications",
  adminApplication: "/api/v1/applications/{client_id}",
  adminApplicationSecret: "/api/v1/applications/{client_id}/secret",
  adminApplicationDeliveries: "/api/v1/applications/{client_id}/webhook-deliveries",
  adminEidConnections: "/api/v1/tenants/{tenant_id}/eid-connections",
  adminEidConnection: "/api/v1/tenants/{tenant_id}/eid-connections/{connection_id}",
  adminEidConnectionTest: "/api/v1/tenants/{tenant_id}/eid-connections/{connection_id}/test",
  adminKeys: "/api/v1/tenants/{tenant_id}/keys",
  adminKeysRotate: "/api/v1/tenants/{tenant_id}/keys/rotate",
  adminAudit: "/api/v1/tenants/{tenant_id}/audit",
  adminAdmins: "/api/v1/tenants/{tenant_id}/admins",
  adminAdmin: "/api/v1/tenants/{tenant_id}/admins/{admin_id}",
  adminTokens: "/api/v1/tenants/{tenant_id}/tokens",
  adminToken: "/api/v1/tenants/{tenant_id}/tokens/{token_id}",
  adminOpenApi: "/api/v1/openapi.json",
  // The playground's relying party: start a login, receive its answer (its pages are Next pages).
  playgroundStart: "/playground/start",
  playgroundCallback: "/playground/callback",
} as const;

/** Pages Next.js renders (app/) that Porta's own code links, posts or redirects to. */
export const PAGE_PATHS = {
  // The hosted login's page of each state (lib/login/step-paths.ts).
  loginPage: "/login/{loginId}",
  loginEidPage: "/login/{loginId}/eid",
  loginConsentPage: "/login/{loginId}/consent",
  testDevicesPage: "/test/devices",
  playgroundPage: "/playground",
  playgroundResultPage: "/playground/result",
} as const;

export type PagePathName = keyof typeof PAGE_PATHS;

export type ProtocolPathName = keyof typeof PROTOCOL_PATHS;

/** The name of the one conditional route: the webhook service's JWKS (extensionJwksPath). */
export const EXTENSION_JWKS = "extensionJwks";
export type ProtocolRouteName = ProtocolPathName | typeof EXTENSION_JWKS;

const UUID = "[0-9a-f-]{36}";

const PARAMETER_PATTERNS: Record<string, string> = {
  client_id: "[^/]+",
  tenant_id: "[^/]+",
  // Admin API ids are checked by the operation (a malformed one is an unknown resource: 404).
  connection_id: "[^/]+",
  admin_id: "[^/]+",
  token_id: "[^/]+",
  loginId: UUID,
  id: UUID,
  token: "[A-Za-z0-9_-]{16,128}",
};

export interface CompiledPath {
  pattern: RegExp;
  /** Parameter names in capture-group order. */
  params: readonly string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function compilePath(template: string): CompiledPath {
  const params: string[] = [];
  let source = "";
  let at = 0;
  for (const match of template.matchAll(/\{([A-Za-z_]+)\}/g)) {
    const name = match[1]!;
    const allowed = PARAMETER_PATTERNS[name];
    if (!allowed) throw new Error(`No pattern for path parameter {${name}} in ${template}`);
    source += `${escapeRegExp(template.slice(at, match.index))}(${allowed})`;
    at = match.index + match[0].length;
    params.push(name);
  }
  source += escapeRegExp(template.slice(at));
  return { pattern: new RegExp(`^${source}$`), params };
}

/**
 * {EXTENSIONS_URL}/service/.well-known/jwks, served by Porta only when EXTENSIONS_URL lives on
 * Porta's own origin (otherwise the extension service publishes it itself).
 */
export function extensionJwksPath(): string | undefined {
  const cfg = config();
  const extensions = new URL(cfg.extensionsUrl);
  if (extensions.origin !== new URL(cfg.issuer).origin) return undefined;
  return `${extensions.pathname.replace(/\/$/, "")}/service/.well-known/jwks`;
}

/** Every protocol path this instance serves, by route name (/metrics only with METRICS_TOKEN: 404 as if unknown). */
export function servedProtocolPaths(): [ProtocolRouteName, string][] {
  const metricsServed = config().metricsToken !== undefined;
  const paths: [ProtocolRouteName, string][] = (Object.entries(PROTOCOL_PATHS) as [ProtocolPathName, string][]).filter(([name]) => name !== "metrics" || metricsServed);
  const extension = extensionJwksPath();
  if (extension) paths.push([EXTENSION_JWKS, extension]);
  return paths;
}

const PATHS: Readonly<Record<ProtocolPathName | PagePathName, string>> = { ...PROTOCOL_PATHS, ...PAGE_PATHS };

type ParameterOf<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | ParameterOf<Rest> : never;
type TemplateOf<N extends ProtocolPathName | PagePathName> = N extends ProtocolPathName ? (typeof PROTOCOL_PATHS)[N] : N extends PagePathName ? (typeof PAGE_PATHS)[N] : never;
/** The parameter object a path needs: none for a fixed path, one value per `{name}` otherwise. */
type ParametersOf<N extends ProtocolPathName | PagePathName> = [ParameterOf<TemplateOf<N>>] extends [never] ? [] : [Readonly<Record<ParameterOf<TemplateOf<N>>, string>>];

/**
 * The path of a route or page by its name, each `{name}` replaced by its value (percent-encoded):
 * `pathOf("loginSelect", { loginId: id })` is `/login/<id>/select`. The compiler knows which
 * parameters each path needs.
 */
export function pathOf<N extends ProtocolPathName | PagePathName>(name: N, ...parameters: ParametersOf<N>): string {
  const template = PATHS[name];
  const values: Readonly<Record<string, string>> | undefined = parameters[0];
  return values ? template.replace(/\{([A-Za-z_]+)\}/g, (_whole, parameter: string) => encodeURIComponent(values[parameter] ?? "")) : template;
}

/**
 * Process state: the served paths follow the configuration. Their patterns, and the paths without
 * parameters (each one endpoint URL per issuer).
 */
const served = processSingleton("protocol-path-patterns", () => {
  const compiled = servedProtocolPaths().map(([, path]) => ({ path, ...compilePath(path) }));
  return { patterns: compiled.map((c) => c.pattern), fixed: new Set(compiled.filter((c) => c.params.length === 0).map((c) => c.path)) as ReadonlySet<string> };
});

/** Whether a request path belongs to the protocol table (whatever its method). */
export function isProtocolPath(pathname: string): boolean {
  return served().patterns.some((pattern) => pattern.test(pathname));
}

/** Whether `url` is one of Porta's own endpoint URLs at `issuer`: the issuer followed by a served path without parameters. */
export function isOwnEndpointUrl(issuer: string, url: unknown): boolean {
  return typeof url === "string" && url.startsWith(issuer) && served().fixed.has(url.slice(issuer.length));
}

