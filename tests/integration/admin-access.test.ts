/**
 * Dashboard authorisation in the core: an admin reaches only the tenants they belong to, and
 * sign-in guessing is limited per (email, client IP) and per client IP, never account-wide.
 */
import { randomBytes, scrypt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_PAIR_LIMIT } from "../../lib/abuse/sign-in-limit";
import { findTenantAccess, tenantsOf, verifyAdminCredentials } from "../../lib/admin/admin-users";
import { hashPassword, setPasswordCostForTests, verifyPassword } from "../../lib/crypto/password";
import { prisma } from "../../lib/db/client";
import { createTenant } from "../../lib/tenants/create-tenant";
import { TEST_PASSWORD_COST } from "../support/setup-env";
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
    expect((await findTenantAccess(alice.id, tenant.id))?.role).toBe("owner");
    expect(await findTenantAccess(bob.id, tenant.id)).toBeNull();
    expect((await tenantsOf(bob.id)).map((t) => t.tenant.id)).not.toContain(tenant.id);
    expect(await findTenantAccess(bob.id, "not-a-uuid")).toBeNull();
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
    expect(await verifyAdminCredentials("DAVE@example.com ", "the right password", "192.0.2.1")).toMatchObject({ ok: true, email: "dave@example.com" });
    expect(await verifyAdminCredentials("dave@example.com", "wrong", "192.0.2.1")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyAdminCredentials("nobody@example.com", "wrong", "192.0.2.1")).toEqual({ ok: false, reason: "invalid" });
  });

  it(`50 concurrent wrong passwords: ${SIGN_IN_PAIR_LIMIT.failures} are checked and count, the others are refused; that address is refused even the right password, another address signs in`, async () => {
    const erin = await (await prisma()).adminUser.create({ data: { email: "erin@example.com", passwordHash: await hashPassword("erin's password") } });
    const results = await Promise.all(Array.from({ length: 50 }, () => verifyAdminCredentials(erin.email, "guess", "198.51.100.20")));
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(SIGN_IN_PAIR_LIMIT.failures);
    // The (email, IP) and the IP counter both hold the checked ones; the refused ones gave their points back.
    expect(await (await prisma()).rateLimit.count({ where: { points: SIGN_IN_PAIR_LIMIT.failures } })).toBe(2);
    expect(await verifyAdminCredentials(erin.email, "erin's password", "198.51.100.20")).toMatchObject({ ok: false, reason: "throttled" });
    expect((await verifyAdminCredentials(erin.email, "erin's password", "198.51.100.21")).ok).toBe(true);
  });

  it(`after ${SIGN_IN_PAIR_LIMIT.failures} wrong passwords from one address, it is refused with a wait, and the account is not locked`, async () => {
    const fay = await (await prisma()).adminUser.create({ data: { email: "fay@example.com", passwordHash: await hashPassword("fay's password") } });
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.failures; i++) expect(await verifyAdminCredentials(fay.email, "guess", "198.51.100.30")).toEqual({ ok: false, reason: "invalid" });
    const refused = await verifyAdminCredentials(fay.email, "fay's password", "198.51.100.30");
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect(refused.ok === false && refused.reason === "throttled" && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await verifyAdminCredentials(fay.email, "fay's password", "198.51.100.31")).ok).toBe(true);
  });

  it("a hash made with the earlier scrypt parameters verifies and is replaced by a stronger one at sign-in", async () => {
    const gus = await (await prisma()).adminUser.create({ data: { email: "gus@example.com", passwordHash: await legacyHash("gus's password") } });
    // At the real cost, not the test files' lower one (tests/support/setup-env.ts).
    setPasswordCostForTests(undefined);
    try {
      expect((await verifyAdminCredentials(gus.email, "gus's password", "192.0.2.40")).ok).toBe(true);
    } finally {
      setPasswordCostForTests(TEST_PASSWORD_COST);
    }
    const stored = (await (await prisma()).adminUser.findUniqueOrThrow({ where: { id: gus.id } })).passwordHash;
    expect(stored).toMatch(/^scrypt\$65536\$8\$2\$/);
    expect(await verifyPassword("gus's password", stored)).toBe(true);
  });
});

/** scrypt$32768$8$1$… as Porta stored passwords before the parameters were raised. */
async function legacyHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (e, key) => (e ? reject(e) : resolve(key))),
  );
  return ["scrypt", 32768, 8, 1, salt.toString("base64url"), hash.toString("base64url")].join("$");
}
