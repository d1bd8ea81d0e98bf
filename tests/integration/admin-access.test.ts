/**
 * Dashboard authorisation in the core: an admin reaches only the tenants they belong to, and
 * sign-in locks an account after repeated wrong passwords.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTo, LOCKOUT_MS, MAX_FAILED_SIGN_INS, tenantsOf, verifyAdminCredentials } from "../../lib/admin/admin-users";
import { hashPassword } from "../../lib/crypto/password";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
beforeAll(async () => {
  porta = await startTestPorta();
});
afterAll(async () => {
  await porta.close();
});

async function newAdmin(email: string, password = "correct horse battery") {
  return (await prisma()).adminUser.create({ data: { email, passwordHash: await hashPassword(password) } });
}

describe("tenant membership", () => {
  it("a non-member has no access to another admin's tenant, and does not see it", async () => {
    const alice = await newAdmin("alice@example.com");
    const bob = await newAdmin("bob@example.com");
    const tenant = await createTenant({ name: "Alice Insurance", environment: "test" }, alice.id, { type: "admin_user", id: alice.email, tenantId: null });
    expect((await accessTo(alice.id, tenant.id))?.role).toBe("owner");
    expect(await accessTo(bob.id, tenant.id)).toBeNull();
    expect((await tenantsOf(bob.id)).map((t) => t.tenant.id)).not.toContain(tenant.id);
    expect(await accessTo(bob.id, "not-a-uuid")).toBeNull();
  });

  it("a new tenant gets its own signing keys and an audit row", async () => {
    const carol = await newAdmin("carol@example.com");
    const tenant = await createTenant({ name: "Carol Pension", environment: "production" }, carol.id, { type: "admin_user", id: carol.email, tenantId: null });
    const db = await prisma();
    expect(await db.signingKey.count({ where: { tenantId: tenant.id, state: "current" } })).toBe(3);
    expect(await db.auditEvent.count({ where: { tenantId: tenant.id, action: "tenant.create" } })).toBe(1);
  });
});

describe("sign-in", () => {
  it("accepts the right password, refuses a wrong one and an unknown email alike", async () => {
    await newAdmin("dave@example.com", "the right password");
    expect(await verifyAdminCredentials("DAVE@example.com ", "the right password")).toMatchObject({ ok: true, email: "dave@example.com" });
    expect(await verifyAdminCredentials("dave@example.com", "wrong")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyAdminCredentials("nobody@example.com", "wrong")).toEqual({ ok: false, reason: "invalid" });
  });

  it(`locks the account for ${LOCKOUT_MS / 60000} minutes after ${MAX_FAILED_SIGN_INS} wrong passwords, even for the right one`, async () => {
    const erin = await newAdmin("erin@example.com", "erin's password");
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) expect((await verifyAdminCredentials(erin.email, "guess")).ok).toBe(false);
    expect(await verifyAdminCredentials(erin.email, "guess")).toEqual({ ok: false, reason: "locked" });
    expect(await verifyAdminCredentials(erin.email, "erin's password")).toEqual({ ok: false, reason: "locked" });
    await (await prisma()).adminUser.update({ where: { id: erin.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await verifyAdminCredentials(erin.email, "erin's password")).ok).toBe(true);
  });
});
