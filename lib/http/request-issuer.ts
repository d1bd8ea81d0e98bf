/**
 * The issuer a request is answered for (README, "Tenant domains"): PUBLIC_URL's or a tenant
 * domain's. The routing table (and the hosted login's pages) resolve it from the Host
 * (lib/tenants/issuer-context.ts) and run the request in it; the cookie, same-origin and CORS
 * checks here follow it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "../config";

export type IssuerContext =
  | { kind: "default"; issuer: string }
  | { kind: "tenant"; issuer: string; tenantId: string };

const serving = new AsyncLocalStorage<IssuerContext>();

/** Runs a request's handler in its issuer context. */
export function withIssuerContext<T>(context: IssuerContext, fn: () => T): T {
  return serving.run(context, fn);
}

/** The context of the request being answered, if one was set. */
export function servingContext(): IssuerContext | undefined {
  return serving.getStore();
}

/** The context of the request being answered; the default issuer outside one. */
export function currentIssuerContext(): IssuerContext {
  return serving.getStore() ?? { kind: "default", issuer: config().issuer };
}

/** The issuer of the request being answered (PUBLIC_URL outside a protocol request). */
export function currentIssuer(): string {
  return serving.getStore()?.issuer ?? config().issuer;
}

/**
 * The issuer of a host: `https://<host>`, `http://` only for *.localhost names (with or without a
 * port), which browsers resolve to this machine themselves, for local development. Tenant domains
 * are named by it (lib/tenants/domains.ts).
 */
export function hostIssuer(host: string): string {
  const name = host.replace(/:\d+$/, "");
  return `${name.endsWith(".localhost") ? "http" : "https"}://${host}`;
}

/**
 * Runs `fn` as a page served on `host` (a Host header): PUBLIC_URL's issuer for its own host and
 * for no host, otherwise the host's issuer by the scheme rule. For what Next-rendered pages decide
 * before any lookup (proxy.ts: HSTS, the language cookie; cookie names read by pages): the scheme
 * alone. Whether the host serves a tenant is the page's own decision (a login page resolves it).
 */
export function withPageHost<T>(host: string | null | undefined, fn: () => T): T {
  const issuer = config().issuer;
  const wanted = host?.toLowerCase();
  const served = !wanted || wanted === new URL(issuer).host ? issuer : hostIssuer(wanted);
  return serving.run({ kind: "default", issuer: served }, fn);
}

/** The origin of the request's issuer: where Porta's own pages and forms are. */
export function currentIssuerOrigin(): string {
  return new URL(currentIssuer()).origin;
}
