/**
 * Which issuer a request is for (design.md §13), from its Host: PUBLIC_URL's host is the default
 * issuer (the tenants without a domain, exactly as before domains existed), a tenant domain is
 * that tenant's own issuer, and any other host is served no issuer (421).
 */
import { config } from "../config";
import { jsonResponse } from "../http/responses";
import type { KeySelection } from "../keys/jwks";
import { hostMap, peekHostMap, type HostMap } from "./host-map";
import { currentIssuerContext, hostIssuer, servingContext, type IssuerContext } from "../http/request-issuer";

export { currentIssuer, currentIssuerContext, withIssuerContext, type IssuerContext } from "../http/request-issuer";

/** PUBLIC_URL's host and its context, made once per issuer (this runs on every protocol request). */
let publicDefault: { issuer: string; host: string; context: IssuerContext } | undefined;

function defaultFor(issuer: string): { host: string; context: IssuerContext } {
  if (publicDefault?.issuer !== issuer) publicDefault = { issuer, host: new URL(issuer).host, context: { kind: "default", issuer } };
  return publicDefault;
}

/** PUBLIC_URL's context when `host` is its host, at once (no lookup); undefined otherwise. */
export function publicUrlContextOf(host: string | undefined): IssuerContext | undefined {
  const fallback = defaultFor(config().issuer);
  return host === fallback.host || (host !== undefined && host.toLowerCase() === fallback.host) ? fallback.context : undefined;
}

/** The context of a Host header value, or undefined when the host serves no issuer. */
export function issuerContextOf(host: string | null | undefined, map: HostMap, issuer = config().issuer): IssuerContext | undefined {
  if (!host) return undefined;
  const wanted = host.toLowerCase();
  const fallback = defaultFor(issuer);
  if (wanted === fallback.host) return fallback.context;
  const tenantId = map.tenantOf(wanted);
  return tenantId === undefined ? undefined : { kind: "tenant", issuer: hostIssuer(wanted), tenantId };
}

/**
 * The context of a request's Host header. PUBLIC_URL's host needs no lookup; a tenant domain is
 * found in the in-memory host map (host-map.ts).
 */
export async function resolveIssuerContext(host: string | null | undefined): Promise<IssuerContext | undefined> {
  const issuer = config().issuer;
  const fallback = defaultFor(issuer);
  // The common case first, without lower-casing: clients send the host as PUBLIC_URL names it.
  if (host === fallback.host || (host && host.toLowerCase() === fallback.host)) return fallback.context;
  return issuerContextOf(host, await hostMap(), issuer);
}

/**
 * Whether a tenant's clients, keys and sessions belong to a context: on a domain only its tenant's,
 * on PUBLIC_URL only those of tenants without a domain.
 */
export function servesTenant(context: IssuerContext, tenantId: string, map: HostMap): boolean {
  return context.kind === "tenant" ? context.tenantId === tenantId : !map.hasDomains(tenantId);
}

/** The answer to a Host that is neither PUBLIC_URL's nor a tenant domain: no tenant data. */
export function misdirectedResponse(): Response {
  return jsonResponse({ error: "invalid_request", error_description: "No issuer is served on this host" }, 421, { "Cache-Control": "no-store" });
}

/** Whether the request being answered may use a tenant's clients, keys and sessions. */
export async function isServedTenant(tenantId: string): Promise<boolean> {
  const context = servingContext();
  if (context?.kind === "tenant") return context.tenantId === tenantId;
  return !(await hostMap()).hasDomains(tenantId);
}

/** The ID token keys an issuer's JWKS lists: its tenant's, or on PUBLIC_URL those of tenants without a domain. */
export async function issuerKeySelection(context: IssuerContext = currentIssuerContext()): Promise<KeySelection> {
  return knownKeySelection(context) ?? defaultSelection(await hostMap());
}

/** issuerKeySelection without waiting, when the host map is loaded (always but at a cold start). */
export function knownKeySelection(context: IssuerContext = currentIssuerContext()): KeySelection | undefined {
  if (context.kind === "tenant") {
    const { tenantId } = context;
    return { key: `tenant:${tenantId}`, includes: (owner) => owner === tenantId };
  }
  const map = peekHostMap();
  return map && defaultSelection(map);
}

function defaultSelection(map: HostMap): KeySelection {
  let selection = defaultSelections.get(map);
  if (!selection) {
    selection = { key: `default:${map.domainTenantsKey}`, includes: (owner) => owner === null || !map.hasDomains(owner) };
    defaultSelections.set(map, selection);
  }
  return selection;
}

/** PUBLIC_URL's key selection per host map (a map is replaced, never changed, when domains change). */
const defaultSelections = new WeakMap<HostMap, KeySelection>();
