import { config } from "../config";
import { prisma } from "../db/client";
import { hostIssuer } from "../http/request-issuer";

/**
 * The issuers a tenant is served on: one per domain; without a domain, PUBLIC_URL's for a test
 * tenant and none for a production tenant (served only on its own domains, issuer-context.ts).
 */
export async function tenantIssuers(tenantId: string): Promise<string[]> {
  const tenant = await (await prisma()).tenant.findUnique({
    where: { id: tenantId },
    select: { environment: true, domains: { select: { host: true }, orderBy: { host: "asc" } } },
  });
  if (!tenant) return [];
  if (tenant.domains.length > 0) return tenant.domains.map((row) => hostIssuer(row.host));
  return tenant.environment === "test" ? [config().issuer] : [];
}
