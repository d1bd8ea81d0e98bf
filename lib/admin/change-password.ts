/**
 * An admin changes their own password: the current one is required (checked under the sign-in
 * abuse limits, so a borrowed session cannot guess it), the new one follows the same rules as
 * every admin password, the change is audited in each of the admin's tenants, and it ends every
 * dashboard session of the admin signed in until now but the one that made it (`keepSessionId`).
 */
import { z } from "zod";
import { hashPassword } from "../crypto/password";
import { prisma } from "../db/client";
import { checkAdminPassword } from "./admin-users";
import { recordAdminEvent } from "./audit-admin-event";
import { ZNewPasswordSchema } from "./password-rules";
import { now } from "../clock";

export const ZPasswordChangeSchema = z
  .object({ currentPassword: z.string().min(1, "Enter your current password").max(1000), newPassword: ZNewPasswordSchema, confirmPassword: z.string().max(1000) })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The new passwords differ" })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ["newPassword"], message: "Choose a password other than the current one" });
export type TPasswordChange = z.infer<typeof ZPasswordChangeSchema>;

export type PasswordChangeField = keyof TPasswordChange;

export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; field: PasswordChangeField; message: string }
  | { ok: false; field: "currentPassword"; message: string; retryAfterSeconds: number };

export async function changeOwnPassword(adminId: string, input: unknown, clientIp: string, keepSessionId?: string): Promise<PasswordChangeResult> {
  const parsed = ZPasswordChangeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, field: (issue?.path[0] as PasswordChangeField | undefined) ?? "newPassword", message: issue?.message ?? "Check the form" };
  }
  const db = await prisma();
  const admin = await db.adminUser.findUnique({ where: { id: adminId }, select: { email: true } });
  if (!admin) return { ok: false, field: "currentPassword", message: "This account no longer exists." };
  const check = await checkAdminPassword(admin.email, parsed.data.currentPassword, clientIp);
  if (!check.ok) {
    if (check.reason === "throttled") return { ok: false, field: "currentPassword", message: "Too many wrong passwords from this address: try again in a few minutes.", retryAfterSeconds: check.retryAfterSeconds };
    return { ok: false, field: "currentPassword", message: "The current password is wrong." };
  }
  const passwordHash = await hashPassword(parsed.data.newPassword);
  await db.$transaction(async (tx) => {
    await tx.adminUser.update({ where: { id: adminId }, data: { passwordHash, sessionsValidAfter: now(), keptSessionId: keepSessionId ?? null } });
    await recordAdminEvent(tx, { type: "admin_user", id: admin.email, tenantId: null }, { action: "admin.password_change", adminId, after: { email: admin.email, ip: clientIp } });
  });
  return { ok: true };
}
