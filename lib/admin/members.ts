/**
 * lib/admin is who administers Porta: admin accounts and their passwords (`admin-users.ts`,
 * `change-password.ts`, `password-rules.ts`), tenant roles (`owner-required.ts`), a tenant's admins
 * and invitations (this module, `invitations.ts`), admin API tokens (`admin-tokens.ts`,
 * `authenticate-admin-token.ts`). The dashboard (app/dashboard) and the admin API
 * (lib/admin-api) both call these services; neither HTTP nor pages live here.
 *
 * A tenant's admins, for the dashboard and the admin API alike: list them, invite one by email
 * with a role (a one-time link, its token stored only as a hash, valid 7 days), change a role,
 * remove one. A tenant never loses its last owner: owner changes lock the tenant row, so two
 * owners demoting each other at once cannot both succeed. Every change has its audit row in the
 * same transaction. Dashboard actors must be owners of the tenant (lib/admin/owner-required.ts).
 */
import { z } from "zod";
import { recordAudit, type Actor } from "../audit/record-audit";
import { config } from "../config";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { MemberError } from "./member-error";
import { assertOwner } from "./owner-required";
import { nowMs } from "../clock";

export { MemberError, type MemberErrorCode } from "./member-error";
export { OwnerRequiredError } from "./owner-required";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const ZMemberRoleSchema = z.enum(["owner", "member"], { error: "Choose owner or member" });
export type TMemberRole = z.infer<typeof ZMemberRoleSchema>;

export const ZInviteInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(320, "The email address is too long").pipe(z.email("Enter an email address")),
  role: ZMemberRoleSchema,
});
export type TInviteInput = z.infer<typeof ZInviteInputSchema>;

export interface TenantAdmin {
  /** The admin user's id. */
  id: string;
  email: string;
  name: string | null;
  role: TMemberRole;
  /** When they joined this tenant. */
  createdAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LISTING = { role: true, createdAt: true, adminUser: { select: { id: true, email: true, name: true } } } as const;
type ListingRow = Prisma.TenantMembershipGetPayload<{ select: typeof LISTING }>;
const toTenantAdmin = (row: ListingRow): TenantAdmin => ({ id: row.adminUser.id, email: row.adminUser.email, name: row.adminUser.name, role: row.role, createdAt: row.createdAt });

/** The tenant's admins, owners first, then by email. */
export async function listAdmins(tenantId: string): Promise<TenantAdmin[]> {
  if (!UUID.test(tenantId)) return [];
  const rows = await (await prisma()).tenantMembership.findMany({ where: { tenantId }, select: LISTING });
  return rows.map(toTenantAdmin).sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === "owner" ? -1 : 1));
}

/** A tenant-scoped actor reaches only its own tenant; a dashboard admin must be its owner. */
async function authorize(tenantId: string, actor: Actor): Promise<void> {
  if (!UUID.test(tenantId) || (actor.tenantId !== null && actor.tenantId !== tenantId)) throw new MemberError("not_found", "No such tenant");
  await assertOwner(tenantId, actor);
}

/**
 * Invites `email` to the tenant with `role`. The link is returned once (only its hash is stored);
 * an earlier pending invitation of the same email to the same tenant stops working.
 */
export async function inviteAdmin(tenantId: string, input: { email: string; role: TMemberRole }, actor: Actor): Promise<{ inviteUrl: string; expiresAt: Date }> {
  await authorize(tenantId, actor);
  const parsed = ZInviteInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "role") throw new MemberError("invalid_role", issue.message, "role");
    throw new MemberError("invalid_email", issue?.message ?? "Enter an email address", "email");
  }
  const { email, role } = parsed.data;
  const token = randomToken(32);
  const expiresAt = new Date(nowMs() + INVITATION_TTL_MS);
  const db = await prisma();
  await db.$transaction(async (tx) => {
    if (!(await tx.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }))) throw new MemberError("not_found", "No such tenant");
    const member = await tx.tenantMembership.findFirst({ where: { tenantId, adminUser: { email } }, select: { role: true } });
    if (member) throw new MemberError("already_member", `${email} is already an admin of this tenant`, "email");
    await tx.adminInvitation.deleteMany({ where: { tenantId, email, acceptedAt: null } });
    const invitation = await tx.adminInvitation.create({ data: { tenantId, email, role, tokenHash: hashToken(token), invitedBy: actor.id, expiresAt } });
    await recordAudit(tx, actor, { tenantId, action: "admin.invite", targetType: "admin_invitation", targetId: invitation.id, after: { email, role, expiresAt: expiresAt.toISOString() } });
  });
  return { inviteUrl: invitationUrl(token), expiresAt };
}

/** Where an invitation's token is opened (app/invite/[token]). */
export function invitationUrl(token: string): string {
  return `${config().issuer}/invite/${token}`;
}

/** Serialises owner changes of one tenant (the last-owner rule reads, then writes). */
async function lockTenant(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT "id" FROM "Tenant" WHERE "id" = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new MemberError("not_found", "No such tenant");
}

async function membershipOf(tx: Prisma.TransactionClient, tenantId: string, adminId: string): Promise<ListingRow> {
  const row = UUID.test(adminId)
    ? await tx.tenantMembership.findUnique({ where: { adminUserId_tenantId: { adminUserId: adminId, tenantId } }, select: LISTING })
    : null;
  if (!row) throw new MemberError("not_found", "No such admin in this tenant");
  return row;
}

async function refuseLastOwner(tx: Prisma.TransactionClient, tenantId: string, row: ListingRow, message: string, field?: "role"): Promise<void> {
  if (row.role !== "owner") return;
  const owners = await tx.tenantMembership.count({ where: { tenantId, role: "owner" } });
  if (owners <= 1) throw new MemberError("last_owner", message, field);
}

export async function setAdminRole(tenantId: string, adminId: string, role: TMemberRole, actor: Actor): Promise<TenantAdmin> {
  await authorize(tenantId, actor);
  const parsedRole = ZMemberRoleSchema.safeParse(role);
  if (!parsedRole.success) throw new MemberError("invalid_role", "Choose owner or member", "role");
  const db = await prisma();
  return db.$transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    const row = await membershipOf(tx, tenantId, adminId);
    if (row.role === parsedRole.data) return toTenantAdmin(row);
    if (parsedRole.data === "member") await refuseLastOwner(tx, tenantId, row, "A tenant needs at least one owner: make another admin an owner first.", "role");
    const updated = await tx.tenantMembership.update({ where: { adminUserId_tenantId: { adminUserId: adminId, tenantId } }, data: { role: parsedRole.data }, select: LISTING });
    await recordAudit(tx, actor, {
      tenantId,
      action: "admin.role_change",
      targetType: "admin_user",
      targetId: adminId,
      before: { email: row.adminUser.email, role: row.role },
      after: { email: row.adminUser.email, role: updated.role },
    });
    return toTenantAdmin(updated);
  });
}

/**
 * Removes an admin from the tenant. An admin left without any tenant is deleted: their sessions
 * end at the next request (the dashboard checks the account and the membership on each), and
 * they cannot sign in to create tenants of their own.
 */
export async function removeAdmin(tenantId: string, adminId: string, actor: Actor): Promise<void> {
  await authorize(tenantId, actor);
  const db = await prisma();
  await db.$transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    const row = await membershipOf(tx, tenantId, adminId);
    await refuseLastOwner(tx, tenantId, row, "A tenant needs at least one owner: make another admin an owner before removing this one.");
    await tx.tenantMembership.delete({ where: { adminUserId_tenantId: { adminUserId: adminId, tenantId } } });
    const accountDeleted = (await tx.tenantMembership.count({ where: { adminUserId: adminId } })) === 0;
    if (accountDeleted) await tx.adminUser.delete({ where: { id: adminId } });
    await recordAudit(tx, actor, {
      tenantId,
      action: "admin.remove",
      targetType: "admin_user",
      targetId: adminId,
      before: { email: row.adminUser.email, role: row.role },
      after: { accountDeleted },
    });
  });
}
