/** Tenants as the admin API lists them (README, "Admin API"): `{id, name, environment, domains}`, newest first, a page at a time. */
import { prisma } from "../db/client";
import { KEYSET_ORDER, keysetWhere, type KeysetPage } from "../db/keyset";
import type { TenantResource } from "./tenant-domains";

export interface ListedTenant extends TenantResource {
  createdAt: Date;
}

/** Every tenant, or only `onlyTenantId` (a tenant-scoped token sees its own tenant alone). */
export async function listTenantResources(page: KeysetPage, onlyTenantId?: string): Promise<ListedTenant[]> {
  const rows = await (await prisma()).tenant.findMany({
    where: { ...(onlyTenantId ? { id: onlyTenantId } : {}), ...keysetWhere(page.after) },
    orderBy: [...KEYSET_ORDER],
    take: page.take,
    include: { domains: { select: { host: true }, orderBy: { host: "asc" } } },
  });
  return rows.map((t) => ({ id: t.id, name: t.name, environment: t.environment, domains: t.domains.map((d) => d.host), createdAt: t.createdAt }));
}
