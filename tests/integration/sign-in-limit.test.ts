/**
 * The dashboard's sign-in limit under concurrency: every attempt takes its point before the
 * password is hashed, so of many concurrent guesses exactly the limit's number are hashed; an
 * IPv6 client is counted by its /64; a right password gives its point back; and at most
 * HASHING_SLOTS hashes run at once, a check beyond the waiting queue being refused like a
 * throttled attempt. The hashes are counted by wrapping node:crypto's scrypt.
 */
import type * as NodeCrypto from "node:crypto";
import type { BinaryLike, ScryptOptions } from "node:crypto";
import { randomBytes, scrypt } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_PAIR_LIMIT } from "../../lib/abuse/sign-in-limit";
import { checkAdminPassword, verifyAdminCredentials } from "../../lib/admin/admin-users";
import { HASHING_QUEUE, HASHING_SLOTS, verifyPassword } from "../../lib/crypto/password";
import { prisma } from "../../lib/db/client";

type ScryptCallback = (error: Error | null, key: Buffer) => void;

const hashing = vi.hoisted(() => ({ running: 0, peak: 0, started: 0, held: undefined as (() => void)[] | undefined }));

vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof NodeCrypto>();
  function scrypt(password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions, callback: ScryptCallback): void {
    hashing.running++;
    hashing.started++;
    hashing.peak = Math.max(hashing.peak, hashing.running);
    real.scrypt(password, salt, keylen, options, (error, key) => {
      const finish = () => {
        hashing.running--;
        callback(error, key);
      };
      if (hashing.held) hashing.held.push(finish);
      else finish();
    });
  }
  return { ...real, default: { ...real, scrypt }, scrypt };
});

beforeEach(() => {
  hashing.peak = hashing.running;
  hashing.started = 0;
});

let admins = 0;
/**
 * A new admin whose hash uses cheap scrypt parameters (a stored hash names its own; many checks
 * run here). Checks that succeed use checkAdminPassword: a sign-in would replace the hash.
 */
async function newAdmin(password: string, cost = 1024): Promise<string> {
  const email = `admin-${++admins}@example.com`;
  await (await prisma()).adminUser.create({ data: { email, passwordHash: await weakHash(password, cost) } });
  hashing.started = 0;
  return email;
}

async function failedSignInsAudited(email: string): Promise<number> {
  return (await prisma()).auditEvent.count({ where: { action: "admin.sign_in_failed", actorId: email } });
}

describe("the sign-in limit takes its point before hashing", { timeout: 60_000 }, () => {
  it(`40 concurrent wrong passwords of one email and address: exactly ${SIGN_IN_PAIR_LIMIT.failures} are hashed, the others refused without hashing`, async () => {
    const email = await newAdmin("the right password");
    const results = await Promise.all(Array.from({ length: 40 }, () => verifyAdminCredentials(email, "a guess", "198.51.100.40")));
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(SIGN_IN_PAIR_LIMIT.failures);
    expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(40 - SIGN_IN_PAIR_LIMIT.failures);
    expect(hashing.started).toBe(SIGN_IN_PAIR_LIMIT.failures);
    expect(await failedSignInsAudited(email)).toBe(SIGN_IN_PAIR_LIMIT.failures);
    // Even the right password now waits for the window, from this address.
    expect(await verifyAdminCredentials(email, "the right password", "198.51.100.40")).toMatchObject({ ok: false, reason: "throttled" });
    expect(hashing.started).toBe(SIGN_IN_PAIR_LIMIT.failures);
    expect((await checkAdminPassword(email, "the right password", "198.51.100.41")).ok).toBe(true);
  });

  it("two addresses of one IPv6 /64 share a budget; another /64 has its own", async () => {
    const email = await newAdmin("the right password");
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.failures; i++) {
      expect(await checkAdminPassword(email, "a guess", i % 2 === 0 ? "2001:db8:a:b::1" : "2001:db8:a:b:ffff:ffff:ffff:2")).toMatchObject({ ok: false, reason: "invalid" });
    }
    expect(await checkAdminPassword(email, "the right password", "2001:db8:a:b::99")).toMatchObject({ ok: false, reason: "throttled" });
    expect((await checkAdminPassword(email, "the right password", "2001:db8:a:c::1")).ok).toBe(true);
  });

  it("a right password gives its point back: after nine failures and any number of sign-ins, one guess is left", async () => {
    const email = await newAdmin("the right password");
    const ip = "192.0.2.90";
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.failures - 1; i++) await checkAdminPassword(email, "a guess", ip);
    for (let i = 0; i < 3; i++) expect((await checkAdminPassword(email, "the right password", ip)).ok).toBe(true);
    expect(await checkAdminPassword(email, "a guess", ip)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await checkAdminPassword(email, "the right password", ip)).toMatchObject({ ok: false, reason: "throttled" });
  });
});

describe("password hashing is capped per process", { timeout: 60_000 }, () => {
  it(`10 concurrent sign-ins: never more than ${HASHING_SLOTS} hashes at once, and every one signs in`, async () => {
    const emails: string[] = [];
    // Hashes that take a while, so that unlimited checks would overlap.
    for (let i = 0; i < 10; i++) emails.push(await newAdmin("a shared password", 8192));
    const results = await Promise.all(emails.map((email, i) => checkAdminPassword(email, "a shared password", `192.0.2.${100 + i}`)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(hashing.started).toBeGreaterThanOrEqual(10);
    expect(hashing.peak).toBeLessThanOrEqual(HASHING_SLOTS);
  });

  it("a check beyond the waiting queue is refused at once like a throttled attempt, and its point is given back", async () => {
    const email = await newAdmin("the right password");
    const stored = await weakHash("something", 1024);
    const held: (() => void)[] = [];
    hashing.held = held;
    const waiting = Array.from({ length: HASHING_SLOTS + HASHING_QUEUE }, () => verifyPassword("something", stored));
    try {
      expect(await checkAdminPassword(email, "the right password", "192.0.2.120")).toEqual({ ok: false, reason: "throttled", retryAfterSeconds: 1 });
    } finally {
      hashing.held = undefined;
      for (const finish of held) finish();
    }
    expect(await Promise.all(waiting)).toEqual(Array(HASHING_SLOTS + HASHING_QUEUE).fill(true));
    // The refused check spent nothing: the whole budget is left.
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.failures; i++) expect(await checkAdminPassword(email, "a guess", "192.0.2.120")).toMatchObject({ ok: false, reason: "invalid" });
    expect(await checkAdminPassword(email, "the right password", "192.0.2.120")).toMatchObject({ ok: false, reason: "throttled" });
  });
});

/** A hash as Porta stores them, with scrypt parameters N=`cost`, r=8, p=1. */
async function weakHash(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const hash = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 32, { N: cost, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (e, key) => (e ? reject(e) : resolve(key))),
  );
  return ["scrypt", cost, 8, 1, salt.toString("base64url"), hash.toString("base64url")].join("$");
}
