/**
 * Dashboard admins: credential checks with brute-force protection (5 failures lock the account
 * for 15 minutes; the check costs the same whether or not the email exists), and tenant
 * membership, the only way an admin reaches a tenant's data.
 */
import { hashPassword, verifyPassword } from "../crypto/password";
import { prisma } from "../db/client";
import type { MemberRole, Tenant } from "../db/generated/client";

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

let dummyHash: Promise<string> | undefined;

export type SignInResult = { ok: true; adminId: string; email: string } | { ok: false; reason: "invalid" | "locked" };

export async function verifyAdminCredentials(emailInput: string, password: string): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase();
  const db = await prisma();
  const admin = await db.adminUser.findUnique({ where: { email } });
  if (!admin) {
    dummyHash ??= hashPassword("no such admin");
    await verifyPassword(password, await dummyHash); // same cost as a real check
    return { ok: false, reason: "invalid" };
  }
  if (admin.lockedUntil && admin.lockedUntil > new Date()) return { ok: false, reason: "locked" };
  if (!(await verifyPassword(password, admin.passwordHash))) {
    const failed = admin.failedSignIns + 1;
    const lock = failed >= MAX_FAILED_SIGN_INS;
    await db.adminUser.update({
      where: { id: admin.id },
      data: { failedSignIns: lock ? 0 : failed, lockedUntil: lock ? new Date(Date.now() + LOCKOUT_MS) : admin.lockedUntil },
    });
    return { ok: false, reason: lock ? "locked" : "invalid" };
  }
  await db.adminUser.update({ where: { id: admin.id }, data: { failedSignIns: 0, lockedUntil: null, lastSignInAt: new Date() } });
  return { ok: true, adminId: admin.id, email: admin.email };
}

export interface TenantAccess {
  tenant: Tenant;
  role: MemberRole;
}

export async function tenantsOf(adminId: string): Promise<TenantAccess[]> {
  const rows = await (await prisma()).tenantMembership.findMany({
    where: { adminUserId: adminId },
    include: { tenant: true },
    orderBy: { tenant: { name: "asc" } },
  });
  return rows.map((r) => ({ tenant: r.tenant, role: r.role }));
}

/** The admin's access to a tenant, or null (callers answer 404, revealing nothing). */
export async function accessTo(adminId: string, tenantId: string): Promise<TenantAccess | null> {
  if (!/^[0-9a-f-]{36}$/.test(tenantId)) return null;
  const row = await (await prisma()).tenantMembership.findUnique({
    where: { adminUserId_tenantId: { adminUserId: adminId, tenantId } },
    include: { tenant: true },
  });
  return row ? { tenant: row.tenant, role: row.role } : null;
}
