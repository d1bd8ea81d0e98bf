/**
 * Audit rows about an admin's own account (sign-in, failed sign-in, password change). An account
 * is platform-wide but the audit log is read per tenant, so the row is written once for each
 * tenant the admin belongs to (each tenant's owners see what happens to their admins), or once
 * without a tenant when the admin belongs to none or the email matches no admin.
 */
import { recordAudit, type Actor } from "../audit/record-audit";
import type { Prisma } from "../db/generated/client";

export interface AdminEventEntry {
  action: string;
  /** The admin's id, or null when the email matches no admin. */
  adminId: string | null;
  after: Record<string, unknown>;
}

export async function recordAdminEvent(tx: Prisma.TransactionClient, actor: Actor, entry: AdminEventEntry): Promise<void> {
  const memberships = entry.adminId ? await tx.tenantMembership.findMany({ where: { adminUserId: entry.adminId }, select: { tenantId: true } }) : [];
  const tenantIds = memberships.length ? memberships.map((m) => m.tenantId) : [null];
  for (const tenantId of tenantIds) {
    await recordAudit(tx, actor, { tenantId, action: entry.action, targetType: "admin_user", targetId: entry.adminId, after: entry.after });
  }
}
