/** A tenant's audit events for the admin API: newest first, a page at a time, optionally by action prefix. */
import { prisma } from "../db/client";
import { KEYSET_ORDER, keysetWhere, type KeysetPage } from "../db/keyset";

export async function listAuditPage(tenantId: string, page: KeysetPage, action?: string) {
  return (await prisma()).auditEvent.findMany({
    where: { tenantId, ...(action ? { action: { startsWith: action } } : {}), ...keysetWhere(page.after) },
    orderBy: [...KEYSET_ORDER],
    take: page.take,
  });
}
