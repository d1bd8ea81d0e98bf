/**
 * Tenant domain values (README, "Tenant domains"): lower-cased host names; no IP literal, not `localhost` itself,
 * not PUBLIC_URL's host; a port only on `*.localhost` names; no scheme, path or wildcard.
 * Pure: the uniqueness across tenants is checked where domains are stored (tenant-domains.ts).
 */
import { z } from "zod";
import { config } from "../config";
import { pathOf } from "../http/protocol-paths";
import { hostIssuer } from "../http/request-issuer";

export const MAX_DOMAINS = 20;
const MAX_HOST_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** A bad domain value or list, naming the request member it came from. */
export class TenantFieldError extends Error {
  override name = "TenantFieldError";
  constructor(
    /** The top-level request member, e.g. `domains`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function domainDiscoveryUrl(domain: string): string {
  return `${hostIssuer(domain)}${pathOf("discovery")}`;
}

/** Why `value` (already trimmed and lower-cased) is not a domain, or undefined when it is one. */
function domainProblem(value: string): string | undefined {
  if (value === "") return "A domain cannot be empty";
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return "Give the host name only, without a scheme such as https://";
  if (value.includes("/")) return "A domain holds no path: give the host name only";
  if (value.includes("*")) return "Wildcard domains are not supported: list each host name";
  if (value.startsWith("[") || (value.match(/:/g)?.length ?? 0) > 1) return "IP addresses are not allowed: give a host name";
  if (/[?#@\s]/.test(value)) return "Give the host name only, without query, fragment, user name or spaces";
  const colon = value.lastIndexOf(":");
  const hostname = colon === -1 ? value : value.slice(0, colon);
  const port = colon === -1 ? undefined : value.slice(colon + 1);
  if (hostname.length > MAX_HOST_LENGTH) return `A host name has at most ${MAX_HOST_LENGTH} characters`;
  const labels = hostname.split(".");
  if (/^[0-9]+$/.test(labels.at(-1)!) || /^0x[0-9a-f]*$/.test(labels.at(-1)!)) return "IP addresses are not allowed: give a host name";
  if (hostname === "localhost") return "localhost itself cannot be a tenant domain: use a name under it, such as acme.localhost";
  if (labels.length < 2) return "Give a full host name with a dot, such as login.example.com";
  for (const label of labels) {
    if (label === "") return "A host name has no empty labels (two dots in a row, or a leading or trailing dot)";
    if (label.length > MAX_LABEL_LENGTH) return `Each label of a host name has at most ${MAX_LABEL_LENGTH} characters ("${label.slice(0, 12)}…" has ${label.length})`;
    if (!LABEL.test(label)) return `The label "${label}" may hold only letters a–z, digits and inner hyphens (international names in their xn-- form)`;
  }
  if (port !== undefined) {
    if (!hostname.endsWith(".localhost")) return "A port is allowed only on *.localhost names";
    if (!/^[1-9][0-9]{0,4}$/.test(port) || Number(port) > 65535) return "The port must be a number from 1 to 65535";
  }
  const publicUrl = new URL(config().issuer);
  if (hostname === publicUrl.hostname) return `${publicUrl.hostname} is PUBLIC_URL's host, which serves the tenants without a domain`;
  return undefined;
}

/** One domain: trimmed and lower-cased, then checked. */
export const ZDomainSchema = z
  .string({ error: "A domain is a string" })
  .transform((value) => value.trim().toLowerCase())
  .superRefine((value, context) => {
    const problem = domainProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** A tenant's domain list: at most MAX_DOMAINS, each once. */
export const ZDomainListSchema = z
  .array(ZDomainSchema, { error: "domains is a list of host names" })
  .max(MAX_DOMAINS, `A tenant has at most ${MAX_DOMAINS} domains`)
  .superRefine((domains, context) => {
    const seen = new Set<string>();
    for (const [index, domain] of domains.entries()) {
      if (seen.has(domain)) context.addIssue({ code: "custom", path: [index], message: `${domain} is listed twice` });
      seen.add(domain);
    }
  });

/** The normalised domain list, or a TenantFieldError naming `domains` and the first bad value. */
export function parseDomains(value: unknown): string[] {
  const parsed = ZDomainListSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const index = issue.path[0];
  const raw = typeof index === "number" && Array.isArray(value) ? value[index] : undefined;
  const where = typeof raw === "string" ? `"${raw.trim()}": ` : "";
  throw new TenantFieldError("domains", `${where}${issue.message}`);
}

/** The textarea of the dashboard: one domain per line, blank lines ignored. */
export function domainLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
