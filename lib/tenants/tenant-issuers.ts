import { config } from "../config";
import { prisma } from "../db/client";
import { hostIssuer } from "../http/request-issuer";

/** The issuers a tenant is served on: one per domain, or PUBLIC_URL's when it has none (design §13). */
export async function tenantIssuers(tenantId: string): Promise<string[]> {
  const rows = await (await prisma()).tenantDomain.findMany({ where: { tenantId }, select: { host: true }, orderBy: { host: "asc" } });
  return rows.length > 0 ? rows.map((row) => hostIssuer(row.host)) : [config().issuer];
}
