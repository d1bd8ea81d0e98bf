/**
 * A tenant's admins through the services the dashboard and the admin API share: invitations (one
 * link, shown once, stored hashed, 7 days, single use), accepting with a new or an existing
 * account, roles (members look but do not change), the last owner, removal ending access,
 * password changes, and the audit rows of each, sign-ins and failed sign-ins included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../../lib/admin/admin-tokens";
import { findTenantAccess, verifyAdminCredentials } from "../../lib/admin/admin-users";
import { changeOwnPassword } from "../../lib/admin/change-password";
import { findAdminUser } from "../../lib/admin/find-admin-user";
import { acceptInvitation, findInvitation } from "../../lib/admin/invitations";
import { listPendingInvitations } from "../../lib/admin/list-invitations";
import { INVITATION_TTL_MS, inviteAdmin, listAdmins, MemberError, OwnerRequiredError, removeAdmin, setAdminRole } from "../../lib/admin/members";
import type { Actor } from "../../lib/audit/record-audit";
import { hashPassword, verifyPassword } from "../../lib/crypto/password";
import { db, prisma } from "../../lib/db/client";
import { saveConnection, type ConnectionInput } from "../../lib/eid/connections/service";
import { rotateKeysWithAudit } from "../../lib/keys/rotate-with-audit";
import { INVITATION_KEEP_DAYS, sweepOnce } from "../../lib/retention/sweep";
import { createTenant } from "../../lib/tenants/create-tenant";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let tenantId: string;
let otherTenantId: string;
let owner: { id: string; email: string };
let ownerActor: Actor;

const OWNER_PASSWORD = "the owner's long password";
const IP = "192.0.2.7";

beforeAll(async () => {
  porta = await startTestPorta();
  const db = await prisma();
  owner = await db.adminUser.create({ data: { email: "olga@example.com", name: "Olga", passwordHash: await hashPassword(OWNER_PASSWORD) } });
  const platform: Actor = { type: "admin_user", id: owner.email, tenantId: null };
  tenantId = (await createTenant({ name: "Fjord Bank", environment: "production" }, owner.id, platform)).id;
  otherTenantId = (await createTenant({ name: "Other Bank", environment: "test" }, owner.id, platform)).id;
  ownerActor = { type: "admin_user", id: owner.email, tenantId };
});
afterAll(async () => {
  await porta.close();
});

const tokenOf = (inviteUrl: string) => new URL(inviteUrl).pathname.split("/").pop()!;
const actorFor = (email: string, tenant: string | null = tenantId): Actor => ({ type: "admin_user", id: email, tenantId: tenant });

async function auditRows(action: string, where: { tenantId?: string | null; targetId?: string } = {}) {
  return (await prisma()).auditEvent.findMany({ where: { action, ...where }, orderBy: { createdAt: "asc" } });
}

/** Invites `email` and accepts as a new admin; returns the new admin's id. */
async function join(email: string, role: "owner" | "member", password = "a member's long password"): Promise<string> {
  const { inviteUrl } = await inviteAdmin(tenantId, { email, role }, ownerActor);
  const accepted = await acceptInvitation(tokenOf(inviteUrl), { name: email.split("@")[0], password, confirmPassword: password }, IP);
  expect(accepted).toMatchObject({ ok: true, tenantId });
  return (await (await prisma()).adminUser.findUniqueOrThrow({ where: { email } })).id;
}

describe("invitations", () => {
  it("invite → accept with a new account → sign in: the new admin has the role, and each step is audited", async () => {
    const invited = await inviteAdmin(tenantId, { email: " Mia@Example.com ", role: "member" }, ownerActor);
    expect(invited.inviteUrl).toMatch(new RegExp(`^${porta.issuer}/invite/[A-Za-z0-9_-]{43}$`));
    expect(Math.abs(invited.expiresAt.getTime() - (Date.now() + INVITATION_TTL_MS))).toBeLessThan(60_000);
    const token = tokenOf(invited.inviteUrl);

    // Only the token's hash is stored.
    const stored = await (await prisma()).adminInvitation.findFirstOrThrow({ where: { email: "mia@example.com" } });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await listPendingInvitations(tenantId)).toEqual([expect.objectContaining({ email: "mia@example.com", role: "member" })]);

    expect(await findInvitation(token)).toMatchObject({ state: "valid", tenantName: "Fjord Bank", email: "mia@example.com", role: "member", hasAccount: false });
    const accepted = await acceptInvitation(token, { name: "Mia", password: "mia's long password", confirmPassword: "mia's long password" }, IP);
    expect(accepted).toEqual({ ok: true, tenantId, email: "mia@example.com" });

    const signedIn = await verifyAdminCredentials("mia@example.com", "mia's long password", IP);
    expect(signedIn).toMatchObject({ ok: true, email: "mia@example.com" });
    const miaId = signedIn.ok ? signedIn.adminId : "";
    expect((await findTenantAccess(miaId, tenantId))?.role).toBe("member");
    expect(await findTenantAccess(miaId, otherTenantId)).toBeNull();
    expect(await listAdmins(tenantId)).toEqual([
      { id: owner.id, email: owner.email, name: "Olga", role: "owner", createdAt: expect.any(Date) },
      { id: miaId, email: "mia@example.com", name: "Mia", role: "member", createdAt: expect.any(Date) },
    ]);
    expect(await listPendingInvitations(tenantId)).toEqual([]);

    const [invite] = await auditRows("admin.invite", { tenantId });
    expect(invite).toMatchObject({ actorType: "admin_user", actorId: owner.email, targetType: "admin_invitation", after: { email: "mia@example.com", role: "member" } });
    const [accept] = await auditRows("admin.invite_accept", { tenantId, targetId: miaId });
    expect(accept).toMatchObject({ actorId: "mia@example.com", after: { email: "mia@example.com", role: "member", newAccount: true, ip: IP } });
    const [signIn] = await auditRows("admin.sign_in", { tenantId, targetId: miaId });
    expect(signIn).toMatchObject({ actorType: "admin_user", actorId: "mia@example.com", after: { email: "mia@example.com", ip: IP, outcome: "success" } });
  });

  it("a link works once: a second acceptance finds it used and changes nothing", async () => {
    const { inviteUrl } = await inviteAdmin(tenantId, { email: "noah@example.com", role: "member" }, ownerActor);
    const token = tokenOf(inviteUrl);
    const input = { name: "Noah", password: "noah's long password", confirmPassword: "noah's long password" };
    const both = await Promise.all([acceptInvitation(token, input, IP), acceptInvitation(token, { ...input, name: "Mallory" }, IP)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, reason: "used" });
    expect(await findInvitation(token)).toEqual({ state: "used" });
    expect(await acceptInvitation(token, input, IP)).toEqual({ ok: false, reason: "used" });
    expect(await (await prisma()).adminUser.count({ where: { email: "noah@example.com" } })).toBe(1);
  });

  it("an expired link shows as expired and cannot be accepted; an unknown or malformed one is unknown", async () => {
    const { inviteUrl } = await inviteAdmin(tenantId, { email: "otto@example.com", role: "owner" }, ownerActor);
    const token = tokenOf(inviteUrl);
    await (await prisma()).adminInvitation.updateMany({ where: { email: "otto@example.com" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await findInvitation(token)).toEqual({ state: "expired" });
    expect(await acceptInvitation(token, { name: "Otto", password: "otto's long password", confirmPassword: "otto's long password" }, IP)).toEqual({ ok: false, reason: "expired" });
    expect(await (await prisma()).adminUser.count({ where: { email: "otto@example.com" } })).toBe(0);

    const unknown = "A".repeat(43);
    expect(await findInvitation(unknown)).toEqual({ state: "unknown" });
    for (const malformed of ["", "short", `${token}x`, "../../etc/passwd", "x".repeat(5000), "\u0000".repeat(43)]) {
      expect(await findInvitation(malformed)).toEqual({ state: "unknown" });
    }
    expect(await acceptInvitation(unknown, { name: "X", password: "a long enough password", confirmPassword: "a long enough password" }, IP)).toEqual({ ok: false, reason: "unknown" });
  });

  it("inviting the same email again replaces the earlier link", async () => {
    const first = tokenOf((await inviteAdmin(tenantId, { email: "pia@example.com", role: "member" }, ownerActor)).inviteUrl);
    const second = tokenOf((await inviteAdmin(tenantId, { email: "pia@example.com", role: "owner" }, ownerActor)).inviteUrl);
    expect(await findInvitation(first)).toEqual({ state: "unknown" });
    expect(await findInvitation(second)).toMatchObject({ state: "valid", role: "owner" });
  });

  it("a new account's name and password are checked, and a refused form spends nothing", async () => {
    const token = tokenOf((await inviteAdmin(tenantId, { email: "quinn@example.com", role: "member" }, ownerActor)).inviteUrl);
    expect(await acceptInvitation(token, { name: "Quinn", password: "short", confirmPassword: "short" }, IP)).toMatchObject({ ok: false, reason: "invalid", field: "password" });
    expect(await acceptInvitation(token, { name: "Quinn", password: "quinn's long password", confirmPassword: "another long password" }, IP)).toMatchObject({ ok: false, reason: "invalid", field: "confirmPassword" });
    expect(await acceptInvitation(token, { name: "  ", password: "quinn's long password", confirmPassword: "quinn's long password" }, IP)).toMatchObject({ ok: false, reason: "invalid", field: "name" });
    expect(await acceptInvitation(token, { password: "quinn's long password", confirmPassword: "quinn's long password" }, IP)).toMatchObject({ ok: false, reason: "invalid", field: "name" });
    const huge = "p".repeat(1001);
    expect(await acceptInvitation(token, { name: "Quinn", password: huge, confirmPassword: huge }, IP)).toMatchObject({ ok: false, reason: "invalid", field: "password" });
    expect(await findInvitation(token)).toMatchObject({ state: "valid" });
  });

  it("someone who already has an account proves its password and just gains the membership", async () => {
    const db = await prisma();
    const rita = await db.adminUser.create({ data: { email: "rita@example.com", name: "Rita", passwordHash: await hashPassword("rita's own password") } });
    const ritaTenant = await createTenant({ name: "Rita Savings", environment: "test" }, rita.id, actorFor(rita.email, null));
    const token = tokenOf((await inviteAdmin(tenantId, { email: "rita@example.com", role: "owner" }, ownerActor)).inviteUrl);
    expect(await findInvitation(token)).toMatchObject({ state: "valid", hasAccount: true });

    expect(await acceptInvitation(token, { password: "a wrong password!" }, IP)).toMatchObject({ ok: false, reason: "invalid", field: "password" });
    expect(await findTenantAccess(rita.id, tenantId)).toBeNull();
    expect(await findInvitation(token)).toMatchObject({ state: "valid" });

    expect(await acceptInvitation(token, { name: "Someone else", password: "rita's own password" }, IP)).toMatchObject({ ok: true });
    expect((await findTenantAccess(rita.id, tenantId))?.role).toBe("owner");
    expect((await findTenantAccess(rita.id, ritaTenant.id))?.role).toBe("owner");
    const after = await db.adminUser.findUniqueOrThrow({ where: { id: rita.id } });
    expect(after).toMatchObject({ name: "Rita", passwordHash: rita.passwordHash });
    expect(await db.adminUser.count({ where: { email: "rita@example.com" } })).toBe(1);
    const [accept] = await auditRows("admin.invite_accept", { targetId: rita.id });
    expect(accept?.after).toMatchObject({ newAccount: false });
  });

  it(`the retention sweep deletes invitations ${INVITATION_KEEP_DAYS} days after they expire, not before`, async () => {
    const token = tokenOf((await inviteAdmin(tenantId, { email: "yann@example.com", role: "member" }, ownerActor)).inviteUrl);
    const DAY = 24 * 60 * 60 * 1000;
    const expiresAt = (await (await prisma()).adminInvitation.findFirstOrThrow({ where: { email: "yann@example.com" } })).expiresAt;
    await sweepOnce(await db(), { now: new Date(expiresAt.getTime() + (INVITATION_KEEP_DAYS - 1) * DAY), deliveryLogDays: 30, auditLogDays: 365 });
    expect(await (await prisma()).adminInvitation.count({ where: { email: "yann@example.com" } })).toBe(1);
    const report = await sweepOnce(await db(), { now: new Date(expiresAt.getTime() + (INVITATION_KEEP_DAYS + 1) * DAY), deliveryLogDays: 30, auditLogDays: 365 });
    expect(report.adminInvitations).toBeGreaterThanOrEqual(1);
    expect(await findInvitation(token)).toEqual({ state: "unknown" });
  });

  it("refuses a bad email, a bad role, an oversized address, and an email that is already an admin", async () => {
    for (const email of ["not an email", "", "a@", "x".repeat(320) + "@example.com"]) {
      const refused = await inviteAdmin(tenantId, { email, role: "member" }, ownerActor).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MemberError);
      expect(refused).toMatchObject({ code: "invalid_email", field: "email" });
    }
    const badRole = await inviteAdmin(tenantId, { email: "sam@example.com", role: "admin" as "owner" }, ownerActor).catch((e: unknown) => e);
    expect(badRole).toMatchObject({ code: "invalid_role", field: "role" });
    const existing = await inviteAdmin(tenantId, { email: "OLGA@example.com", role: "member" }, ownerActor).catch((e: unknown) => e);
    expect(existing).toMatchObject({ code: "already_member", field: "email" });
    expect(await (await prisma()).adminInvitation.count({ where: { email: { in: ["sam@example.com", "olga@example.com"] } } })).toBe(0);
  });
});

describe("roles", () => {
  it("a member may not invite, change roles, remove admins, change eID connections, rotate keys or create API tokens", async () => {
    const email = "tom@example.com";
    const tomId = await join(email, "member");
    const member = actorFor(email);
    await expect(inviteAdmin(tenantId, { email: "x@example.com", role: "owner" }, member)).rejects.toBeInstanceOf(OwnerRequiredError);
    await expect(setAdminRole(tenantId, tomId, "owner", member)).rejects.toBeInstanceOf(OwnerRequiredError);
    await expect(removeAdmin(tenantId, owner.id, member)).rejects.toBeInstanceOf(OwnerRequiredError);
    await expect(rotateKeysWithAudit({ purpose: "oidc", tenantId }, member)).rejects.toBeInstanceOf(OwnerRequiredError);
    await expect(createAdminToken(tenantId, "deploy", member)).rejects.toBeInstanceOf(OwnerRequiredError);

    const connection: ConnectionInput = {
      family: "dk-mitid",
      kind: "oidc",
      enabled: true,
      settings: {
        issuer: "https://broker.example",
        clientId: "porta",
        clientAuth: "client_secret_basic",
        scopes: "openid",
        acrValues: { "urn:grn:authn:dk:mitid:substantial": "substantial" },
        claimMapping: {},
        personKeyClaim: "sub",
        timeoutMs: 2000,
      },
      secrets: { clientSecret: "upstream-secret" },
    };
    await expect(saveConnection(tenantId, connection, member)).rejects.toBeInstanceOf(OwnerRequiredError);
    const db = await prisma();
    expect(await db.eidConnection.count({ where: { tenantId } })).toBe(0);
    // The same change by an owner goes through: the refusal is about the role.
    await saveConnection(tenantId, connection, ownerActor);
    expect(await db.eidConnection.count({ where: { tenantId } })).toBe(1);
    expect(await db.auditEvent.count({ where: { tenantId, actorId: email, action: { in: ["admin.invite", "eid_connection.create", "admin_token.create", "keys.rotate.oidc"] } } })).toBe(0);
    expect((await findTenantAccess(tomId, tenantId))?.role).toBe("member");
  });

  it("an admin of no role in the tenant, another tenant's token and another tenant's admin id are refused as unknown", async () => {
    const outsider = await inviteAdmin(tenantId, { email: "u@example.com", role: "member" }, actorFor("nobody@example.com")).catch((e: unknown) => e);
    expect(outsider).toBeInstanceOf(OwnerRequiredError);
    const otherToken: Actor = { type: "admin_token", id: "t", tenantId: otherTenantId };
    await expect(inviteAdmin(tenantId, { email: "u@example.com", role: "member" }, otherToken)).rejects.toMatchObject({ code: "not_found" });
    await expect(setAdminRole(tenantId, owner.id, "member", otherToken)).rejects.toMatchObject({ code: "not_found" });
    await expect(removeAdmin(tenantId, owner.id, otherToken)).rejects.toMatchObject({ code: "not_found" });
    const db = await prisma();
    const stranger = await db.adminUser.create({ data: { email: "stranger@example.com", passwordHash: "x" } });
    await expect(setAdminRole(tenantId, stranger.id, "owner", ownerActor)).rejects.toMatchObject({ code: "not_found" });
    await expect(removeAdmin(tenantId, "not-a-uuid", ownerActor)).rejects.toMatchObject({ code: "not_found" });
    await expect(setAdminRole("not-a-uuid", owner.id, "owner", { type: "bootstrap_token", id: null, tenantId: null })).rejects.toMatchObject({ code: "not_found" });
    await expect(setAdminRole(tenantId, owner.id, "boss" as "owner", ownerActor)).rejects.toMatchObject({ code: "invalid_role", field: "role" });
    expect(await listAdmins("not-a-uuid")).toEqual([]);
  });

  it("owners change roles (audited with before and after); a tenant-scoped admin token may too", async () => {
    const uma = await join("uma@example.com", "member");
    const changed = await setAdminRole(tenantId, uma, "owner", ownerActor);
    expect(changed).toMatchObject({ id: uma, email: "uma@example.com", role: "owner" });
    const [row] = await auditRows("admin.role_change", { tenantId, targetId: uma });
    expect(row).toMatchObject({ actorId: owner.email, before: { role: "member" }, after: { role: "owner" } });
    const token: Actor = { type: "admin_token", id: "tok", tenantId };
    expect(await setAdminRole(tenantId, uma, "member", token)).toMatchObject({ role: "member" });
    // Setting the role it already has changes and records nothing.
    await setAdminRole(tenantId, uma, "member", token);
    expect(await auditRows("admin.role_change", { tenantId, targetId: uma })).toHaveLength(2);
  });

  it("the last owner can be neither demoted nor removed; two owners demoting each other at once leave one owner", async () => {
    const db = await prisma();
    const solo = await db.adminUser.create({ data: { email: "solo@example.com", passwordHash: "x" } });
    const soloTenant = await createTenant({ name: "Solo Bank", environment: "test" }, solo.id, actorFor(solo.email, null));
    const soloActor = actorFor(solo.email, soloTenant.id);
    await expect(setAdminRole(soloTenant.id, solo.id, "member", soloActor)).rejects.toMatchObject({ code: "last_owner", field: "role" });
    const removal = await removeAdmin(soloTenant.id, solo.id, soloActor).catch((e: unknown) => e);
    expect(removal).toBeInstanceOf(MemberError);
    expect(removal).toMatchObject({ code: "last_owner", message: expect.stringContaining("at least one owner") });
    expect((await findTenantAccess(solo.id, soloTenant.id))?.role).toBe("owner");

    const { inviteUrl } = await inviteAdmin(soloTenant.id, { email: "duo@example.com", role: "owner" }, soloActor);
    await acceptInvitation(tokenOf(inviteUrl), { name: "Duo", password: "duo's long password", confirmPassword: "duo's long password" }, IP);
    const duo = await db.adminUser.findUniqueOrThrow({ where: { email: "duo@example.com" } });
    const outcomes = await Promise.allSettled([
      setAdminRole(soloTenant.id, duo.id, "member", soloActor),
      setAdminRole(soloTenant.id, solo.id, "member", actorFor(duo.email, soloTenant.id)),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: expect.any(Error) });
    expect(await db.tenantMembership.count({ where: { tenantId: soloTenant.id, role: "owner" } })).toBe(1);
  });
});

describe("removal", () => {
  it("a removed admin loses the tenant at once; one left without tenants has no account, so their session is refused", async () => {
    const vera = await join("vera@example.com", "member");
    await removeAdmin(tenantId, vera, ownerActor);
    expect(await findTenantAccess(vera, tenantId)).toBeNull();
    // What the dashboard checks on every request (components/dashboard/session.ts).
    expect(await findAdminUser(vera)).toBeNull();
    expect((await verifyAdminCredentials("vera@example.com", "a member's long password", IP)).ok).toBe(false);
    const [row] = await auditRows("admin.remove", { tenantId, targetId: vera });
    expect(row).toMatchObject({ actorId: owner.email, before: { email: "vera@example.com", role: "member" }, after: { accountDeleted: true } });
    await expect(removeAdmin(tenantId, vera, ownerActor)).rejects.toMatchObject({ code: "not_found" });
  });

  it("an admin who still belongs to another tenant keeps the account and that tenant only", async () => {
    const db = await prisma();
    const walt = await db.adminUser.create({ data: { email: "walt@example.com", passwordHash: await hashPassword("walt's long password") } });
    const waltTenant = await createTenant({ name: "Walt Credit", environment: "test" }, walt.id, actorFor(walt.email, null));
    const token = tokenOf((await inviteAdmin(tenantId, { email: walt.email, role: "owner" }, ownerActor)).inviteUrl);
    await acceptInvitation(token, { password: "walt's long password" }, IP);
    await removeAdmin(tenantId, walt.id, ownerActor);
    expect(await findTenantAccess(walt.id, tenantId)).toBeNull();
    expect(await findAdminUser(walt.id)).not.toBeNull();
    expect((await findTenantAccess(walt.id, waltTenant.id))?.role).toBe("owner");
  });
});

describe("passwords and sign-in audit", () => {
  it("changing one's password needs the current one; a wrong one is refused and changes nothing", async () => {
    const xena = await join("xena@example.com", "member", "xena's first password");
    const db = await prisma();
    const before = (await db.adminUser.findUniqueOrThrow({ where: { id: xena } })).passwordHash;
    const ip = "198.51.100.77";
    expect(await changeOwnPassword(xena, { currentPassword: "not the password", newPassword: "xena's second password", confirmPassword: "xena's second password" }, ip)).toEqual({
      ok: false,
      field: "currentPassword",
      message: "The current password is wrong.",
    });
    expect((await db.adminUser.findUniqueOrThrow({ where: { id: xena } })).passwordHash).toBe(before);
    // Counted by the sign-in abuse limits like any wrong password.
    expect(await db.rateLimit.count({ where: { points: { gte: 1 } } })).toBeGreaterThan(0);
    expect(await changeOwnPassword(xena, { currentPassword: "xena's first password", newPassword: "short", confirmPassword: "short" }, ip)).toMatchObject({ ok: false, field: "newPassword" });
    expect(await changeOwnPassword(xena, { currentPassword: "xena's first password", newPassword: "xena's second password", confirmPassword: "typo" }, ip)).toMatchObject({ ok: false, field: "confirmPassword" });
    expect(await changeOwnPassword(xena, "not an object", ip)).toMatchObject({ ok: false });
    expect(await auditRows("admin.password_change", { targetId: xena })).toHaveLength(0);

    expect(await changeOwnPassword(xena, { currentPassword: "xena's first password", newPassword: "xena's second password", confirmPassword: "xena's second password" }, ip)).toEqual({ ok: true });
    const after = (await db.adminUser.findUniqueOrThrow({ where: { id: xena } })).passwordHash;
    expect(await verifyPassword("xena's second password", after)).toBe(true);
    expect(await verifyPassword("xena's first password", after)).toBe(false);
    const rows = await auditRows("admin.password_change", { targetId: xena });
    expect(rows).toEqual([expect.objectContaining({ tenantId, actorId: "xena@example.com", after: { email: "xena@example.com", ip } })]);
    expect(JSON.stringify(rows)).not.toContain("xena's");
  });

  it("a password change ends the admin's sessions signed in before it but the one that made it; a refused change ends none", async () => {
    const yuri = await join("yuri@example.com", "member", "yuri's first password");
    const signedInAt = Date.now() - 1000;
    const changing = { signedInAt, sessionId: "session-that-changes" };
    const other = { signedInAt, sessionId: "another-browser" };
    const ip = "198.51.100.78";
    const yuriUser = { id: yuri, email: "yuri@example.com" };
    expect(await findAdminUser(yuri, other)).toEqual(yuriUser);
    await changeOwnPassword(yuri, { currentPassword: "wrong", newPassword: "yuri's second password", confirmPassword: "yuri's second password" }, ip, changing.sessionId);
    expect(await findAdminUser(yuri, other)).toEqual(yuriUser);

    expect(await changeOwnPassword(yuri, { currentPassword: "yuri's first password", newPassword: "yuri's second password", confirmPassword: "yuri's second password" }, ip, changing.sessionId)).toEqual({ ok: true });
    expect(await findAdminUser(yuri, other)).toBeNull();
    expect(await findAdminUser(yuri, changing)).toEqual(yuriUser);
    // A session without marks (signed in before they were kept) has ended too; a sign-in after the
    // change is a session like any other.
    expect(await findAdminUser(yuri)).toBeNull();
    expect(await findAdminUser(yuri, { signedInAt: Date.now() + 1, sessionId: "new-sign-in" })).toEqual(yuriUser);
  });

  it("a failed sign-in is audited in each of the admin's tenants with the email and address, never the password", async () => {
    const since = new Date();
    const attempt = "correct horse wrong battery";
    expect(await verifyAdminCredentials(owner.email, attempt, "203.0.113.9")).toEqual({ ok: false, reason: "invalid" });
    const rows = await auditRows("admin.sign_in_failed", { targetId: owner.id });
    expect(rows.map((r) => r.tenantId).sort()).toEqual([tenantId, otherTenantId].sort());
    expect(rows[0]).toMatchObject({ actorType: "anonymous", actorId: owner.email, after: { email: owner.email, ip: "203.0.113.9", outcome: "wrong_email_or_password" } });

    // An unknown email is recorded without a tenant; something that is no email address is not kept.
    await verifyAdminCredentials("ghost@example.com", attempt, "203.0.113.9");
    await verifyAdminCredentials("my secret passphrase", attempt, "203.0.113.9");
    const orphans = (await auditRows("admin.sign_in_failed", { tenantId: null })).filter((r) => r.createdAt >= since);
    expect(orphans.map((r) => (r.after as { email: string | null }).email)).toEqual(["ghost@example.com", null]);
    const everything = JSON.stringify(await (await prisma()).auditEvent.findMany());
    expect(everything).not.toContain(attempt);
    expect(everything).not.toContain("my secret passphrase");

    const success = await verifyAdminCredentials(owner.email, OWNER_PASSWORD, "203.0.113.9");
    expect(success.ok).toBe(true);
    expect((await auditRows("admin.sign_in", { targetId: owner.id })).map((r) => r.tenantId).sort()).toEqual([tenantId, otherTenantId].sort());
  });

  it("attempts refused by the abuse limits are not written, so a flood cannot fill the audit log", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 10; i++) await verifyAdminCredentials(owner.email, "guess", ip);
    const counted = (await auditRows("admin.sign_in_failed", { targetId: owner.id })).length;
    expect(await verifyAdminCredentials(owner.email, OWNER_PASSWORD, ip)).toMatchObject({ ok: false, reason: "throttled" });
    await verifyAdminCredentials(owner.email, "guess", ip);
    expect(await auditRows("admin.sign_in_failed", { targetId: owner.id })).toHaveLength(counted);
  });
});
