/**
 * Which issuer a request is for (design.md §13), from its Host: PUBLIC_URL's host is the default
 * issuer (the tenants without a domain, exactly as before domains existed), a tenant domain is
 * that tenant's own issuer, and any other host is served no issuer (421).
 */
import { config } from "../config";
import { jsonResponse } from "../http/responses";
import { domainIssuer } from "./domains";
import type { KeySelection } from "../keys/jwks";
import { hostMap, type HostMap } from "./host-map";
import { currentIssuerContext, servingContext, type IssuerContext } from "../http/request-issuer";

export { currentIssuer, currentIssuerContext, withIssuerContext, type IssuerContext } from "../http/request-issuer";

/** The context of a Host header value, or undefined when the host serves no issuer. */
export function issuerContextOf(host: string | null | undefined, map: HostMap, issuer = config().issuer): IssuerContext | undefined {
  if (!host) return undefined;
  const wanted = host.toLowerCase();
  if (wanted === new URL(issuer).host) return { kind: "default", issuer };
  const tenantId = map.tenantOf(wanted);
  return tenantId === undefined ? undefined : { kind: "tenant", issuer: domainIssuer(wanted), tenantId };
}

/**
 * The context of a request's Host header. PUBLIC_URL's host needs no lookup; a tenant domain is
 * found in the in-memory host map (host-map.ts).
 */
export async function resolveIssuerContext(host: string | null | undefined): Promise<IssuerContext | undefined> {
  const issuer = config().issuer;
  if (host && host.toLowerCase() === new URL(issuer).host) return { kind: "default", issuer };
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
  if (context.kind === "tenant") {
    const { tenantId } = context;
    return { key: `tenant:${tenantId}`, includes: (owner) => owner === tenantId };
  }
  const map = await hostMap();
  return { key: `default:${map.domainTenantsKey}`, includes: (owner) => owner === null || !map.hasDomains(owner) };
}
