import { config } from "../config";
import { prisma } from "../db/client";
import { domainIssuer } from "./domains";

/** The issuers a tenant is served on: one per domain, or PUBLIC_URL's when it has none (design §13). */
export async function tenantIssuers(tenantId: string): Promise<string[]> {
  const rows = await (await prisma()).tenantDomain.findMany({ where: { tenantId }, select: { host: true }, orderBy: { host: "asc" } });
  return rows.length > 0 ? rows.map((row) => domainIssuer(row.host)) : [config().issuer];
}
