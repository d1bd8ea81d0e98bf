/**
 * Dashboard admins: credential checks, and tenant membership, the only way an admin reaches a
 * tenant's data.
 *
 * Every password check runs under the sign-in limit (lib/abuse/sign-in-limit.ts): it takes its
 * point before hashing, so concurrent guesses are refused without hashing once the limit is
 * reached, and a right password gives its point back. A check that finds every hashing slot
 * taken and the queue full (lib/crypto/password.ts) is answered like a refused attempt. The check
 * costs the same whether or not the email exists.
 */
import { z } from "zod";
import { refundSignInAttempt, takeSignInAttempt } from "../abuse/sign-in-limit";
import { hashPassword, needsRehash, PasswordHashingBusy, verifyPassword } from "../crypto/password";
import { prisma } from "../db/client";
import type { AdminUser, MemberRole, Tenant } from "../db/generated/client";
import { recordAdminEvent } from "./audit-admin-event";
import { now } from "../clock";

let dummyHash: Promise<string> | undefined;

export type SignInResult =
  | { ok: true; adminId: string; email: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export type PasswordCheck =
  | { ok: true; admin: AdminUser }
  | { ok: false; reason: "invalid"; admin: AdminUser | null }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * The one password check of the dashboard (sign-in, accepting an invitation with an existing
 * account, changing one's password), under the sign-in abuse limits. It writes nothing else.
 */
export async function checkAdminPassword(emailInput: string, password: string, clientIp: string): Promise<PasswordCheck> {
  const email = emailInput.trim().toLowerCase();
  const attempt = await takeSignInAttempt(email, clientIp);
  if (!attempt.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  let check: PasswordCheck;
  try {
    check = await checkPassword(email, password);
  } catch (error) {
    // The password was never checked: the attempt does not count.
    await refundSignInAttempt(attempt.point);
    if (error instanceof PasswordHashingBusy) return { ok: false, reason: "throttled", retryAfterSeconds: 1 };
    throw error;
  }
  if (check.ok) await refundSignInAttempt(attempt.point);
  return check;
}

async function checkPassword(email: string, password: string): Promise<PasswordCheck> {
  const admin = await (await prisma()).adminUser.findUnique({ where: { email } });
  if (!admin) {
    dummyHash ??= hashPassword("no such admin");
    await verifyPassword(password, await dummyHash); // same cost as a real check
    return { ok: false, reason: "invalid", admin: null };
  }
  if (!(await verifyPassword(password, admin.passwordHash))) return { ok: false, reason: "invalid", admin };
  return { ok: true, admin };
}

/**
 * Checks an admin's email and password, from `clientIp` (lib/http/client-ip.ts), and audits the
 * outcome: a sign-in, or a failed one (the email tried, never the password; an attempt refused by
 * the limits is not written, so a flood of them cannot fill the audit log).
 */
export async function verifyAdminCredentials(emailInput: string, password: string, clientIp: string): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase();
  const check = await checkAdminPassword(email, password, clientIp);
  if (!check.ok && check.reason === "throttled") return check;
  const db = await prisma();
  if (!check.ok) {
    // An unknown "email" that is no address may be a password typed into the wrong field: not kept.
    const emailTried = check.admin ? check.admin.email : z.email().max(320).safeParse(email).success ? email : null;
    await db.$transaction((tx) =>
      recordAdminEvent(tx, { type: "anonymous", id: emailTried, tenantId: null }, { action: "admin.sign_in_failed", adminId: check.admin?.id ?? null, after: { email: emailTried, ip: clientIp, outcome: "wrong_email_or_password" } }),
    );
    return { ok: false, reason: "invalid" };
  }
  const { admin } = check;
  // A hash made with older, weaker parameters is replaced now that the password is known.
  const passwordHash = needsRehash(admin.passwordHash) ? await hashPassword(password) : undefined;
  await db.$transaction(async (tx) => {
    await tx.adminUser.update({ where: { id: admin.id }, data: { lastSignInAt: now(), ...(passwordHash ? { passwordHash } : {}) } });
    await recordAdminEvent(tx, { type: "admin_user", id: admin.email, tenantId: null }, { action: "admin.sign_in", adminId: admin.id, after: { email: admin.email, ip: clientIp, outcome: "success" } });
  });
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
export async function findTenantAccess(adminId: string, tenantId: string): Promise<TenantAccess | null> {
  if (!/^[0-9a-f-]{36}$/.test(tenantId)) return null;
  const row = await (await prisma()).tenantMembership.findUnique({
    where: { adminUserId_tenantId: { adminUserId: adminId, tenantId } },
    include: { tenant: true },
  });
  return row ? { tenant: row.tenant, role: row.role } : null;
}
