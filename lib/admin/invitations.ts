/**
 * Opening and accepting an invitation (lib/admin/members.ts makes them). The link's token is
 * looked up by its hash and spent by one conditional update (not accepted, not expired), so a
 * link works once even when opened twice at the same moment. A new admin sets a name and a
 * password; someone who already has an account proves its password (under the sign-in abuse
 * limits) and just gains the membership. Nothing is written when the password is wrong.
 */
import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { hashToken } from "../crypto/hash";
import { hashPassword } from "../crypto/password";
import { prisma } from "../db/client";
import type { MemberRole } from "../db/generated/client";
import { checkAdminPassword } from "./admin-users";
import { ZAdminNameSchema, ZNewPasswordSchema } from "./password-rules";
import { nowMs } from "../clock";

export type InvitationView =
  | { state: "valid"; tenantId: string; tenantName: string; email: string; role: MemberRole; expiresAt: Date; hasAccount: boolean }
  | { state: "unknown" | "used" | "expired" };

/** Tokens are randomToken(32): 43 base64url characters. Anything else is no invitation. */
const ZInvitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export async function findInvitation(token: string): Promise<InvitationView> {
  if (!ZInvitationTokenSchema.safeParse(token).success) return { state: "unknown" };
  const db = await prisma();
  const row = await db.adminInvitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { tenant: { select: { name: true } } } });
  if (!row) return { state: "unknown" };
  if (row.acceptedAt) return { state: "used" };
  if (row.expiresAt.getTime() <= nowMs()) return { state: "expired" };
  const hasAccount = (await db.adminUser.count({ where: { email: row.email } })) > 0;
  return { state: "valid", tenantId: row.tenantId, tenantName: row.tenant.name, email: row.email, role: row.role, expiresAt: row.expiresAt, hasAccount };
}

export const ZNewAccountSchema = z
  .object({ name: ZAdminNameSchema, password: ZNewPasswordSchema, confirmPassword: z.string().max(1000) })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords differ" });
export type TNewAccount = z.infer<typeof ZNewAccountSchema>;

export type AcceptField = "name" | "password" | "confirmPassword";

export type AcceptResult =
  | { ok: true; tenantId: string; email: string }
  | { ok: false; reason: "unknown" | "used" | "expired" }
  | { ok: false; reason: "invalid"; field: AcceptField; message: string }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Accepts an invitation. `input` is the form: name, password and confirmPassword for a new
 * admin; only password (the account's) when the invited email already has an account.
 */
export async function acceptInvitation(token: string, input: { name?: string; password: string; confirmPassword?: string }, clientIp: string): Promise<AcceptResult> {
  const view = await findInvitation(token);
  if (view.state !== "valid") return { ok: false, reason: view.state };
  let newAccount: { name: string; passwordHash: string } | null = null;
  if (view.hasAccount) {
    const check = await checkAdminPassword(view.email, input.password, clientIp);
    if (!check.ok) return check.reason === "throttled" ? check : { ok: false, reason: "invalid", field: "password", message: "Wrong password for this account." };
  } else {
    const parsed = ZNewAccountSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, reason: "invalid", field: (issue?.path[0] as AcceptField | undefined) ?? "password", message: issue?.message ?? "Check the form" };
    }
    newAccount = { name: parsed.data.name, passwordHash: await hashPassword(parsed.data.password) };
  }
  const db = await prisma();
  const result = await db.$transaction(async (tx): Promise<AcceptResult | "spent"> => {
    const now = new Date(nowMs());
    const spent = await tx.adminInvitation.updateMany({ where: { tokenHash: hashToken(token), acceptedAt: null, expiresAt: { gt: now } }, data: { acceptedAt: now } });
    if (spent.count !== 1) return "spent";
    const existing = await tx.adminUser.findUnique({ where: { email: view.email }, select: { id: true } });
    // The account was made or removed since the page was opened: what was checked no longer fits.
    if (newAccount ? existing : !existing) throw new InvitationRaceError();
    const admin = existing ?? (newAccount && (await tx.adminUser.create({ data: { email: view.email, name: newAccount.name, passwordHash: newAccount.passwordHash } })));
    if (!admin) throw new InvitationRaceError();
    // Someone who joined the tenant some other way since the invitation keeps the role they have.
    await tx.tenantMembership.createMany({ data: [{ adminUserId: admin.id, tenantId: view.tenantId, role: view.role }], skipDuplicates: true });
    await recordAudit(tx, { type: "admin_user", id: view.email, tenantId: view.tenantId }, {
      tenantId: view.tenantId,
      action: "admin.invite_accept",
      targetType: "admin_user",
      targetId: admin.id,
      after: { email: view.email, role: view.role, newAccount: !existing, ip: clientIp },
    });
    return { ok: true, tenantId: view.tenantId, email: view.email };
  }).catch((error: unknown) => {
    if (error instanceof InvitationRaceError) return { ok: false, reason: "invalid", field: "password", message: "The account of this email changed since the page was opened: reload the page and try again." } as const;
    throw error;
  });
  if (result !== "spent") return result;
  // Used or expired since it was read (e.g. accepted twice at once): say which.
  const again = await findInvitation(token);
  return { ok: false, reason: again.state === "valid" ? "used" : again.state };
}

class InvitationRaceError extends Error {}
