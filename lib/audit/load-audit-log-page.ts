/** The dashboard's audit log of one tenant: newest first, one page at a time, filtered by action prefix. */
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";

export interface AuditEventQuery {
  tenantId: string;
  /** Only actions starting with this ("application." or "application.create"); all when empty. */
  action?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** One page of events, their total, and every action recorded in the tenant (the filter's choices). */
export async function loadAuditLogPage({ tenantId, action, page, pageSize }: AuditEventQuery) {
  const where: Prisma.AuditEventWhereInput = { tenantId, ...(action ? { action: { startsWith: action } } : {}) };
  const db = await prisma();
  const [total, events, actions] = await Promise.all([
    db.auditEvent.count({ where }),
    db.auditEvent.findMany({ where, orderBy: { createdAt: "desc" }, skip: (page - 1) * pageSize, take: pageSize }),
    db.auditEvent.findMany({ where: { tenantId }, distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
  ]);
  return { total, events, actions: actions.map((a) => a.action) };
}
