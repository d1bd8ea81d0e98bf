/**
 * Admin passwords: scrypt with N=2^16, r=8, p=2 (OWASP's equivalent of N=2^17, r=8, p=1 at half
 * the memory, 64 MiB per check), stored as scrypt$N$r$p$salt$hash. The parameters travel with
 * each hash, so hashes made with older parameters still verify (and are replaced at sign-in).
 *
 * scrypt runs on libuv's thread pool, four threads by default, which every `dns.lookup` (each
 * outbound call's name resolution) and file read also waits for. At most HASHING_SLOTS hashes run
 * at once per process, so hashing never holds the whole pool; up to HASHING_QUEUE more wait their
 * turn. A password check that would wait behind more fails at once (PasswordHashingBusy: the
 * sign-in answers it like an attempt the abuse limits refuse); hashing a new password waits, as
 * its callers have already proven an account, a session or an invitation.
 *
 * Tests may lower the cost for their own process (setPasswordCostForTests), as each hash at the
 * real cost takes about half a second of CPU; the application never does (ESLint), and every hash
 * records its parameters, so one made at a test's cost verifies anywhere and is replaced at the
 * next sign-in.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { processSingleton, processSlot } from "../process/state";

/** scrypt's cost parameters. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** The parameters of every new hash. */
export const PASSWORD_COST: Readonly<PasswordCost> = { N: 65536, r: 8, p: 2 };

// Forgotten by resetProcessState, like the clock: a test file sets it again at its start.
const costForTests = processSlot<PasswordCost>("password-cost-for-tests");

/** For tests only: new hashes at `cost` in this process (undefined: PASSWORD_COST again). */
export function setPasswordCostForTests(cost: PasswordCost | undefined): void {
  if (cost) costForTests.set(cost);
  else costForTests.delete();
}

const currentCost = (): PasswordCost => costForTests.get() ?? PASSWORD_COST;
/** Enough for the current parameters (128·N·r = 64 MiB) and for any stored hash up to N=2^17, r=8. */
const MAXMEM = 192 * 1024 * 1024;

export const HASHING_SLOTS = 2;
export const HASHING_QUEUE = 16;

/** A password check refused because HASHING_QUEUE checks already wait for a hashing slot. */
export class PasswordHashingBusy extends Error {
  override name = "PasswordHashingBusy";
}

interface HashingSlots {
  running: number;
  waiting: (() => void)[];
}

// One set of slots per process (lib/process/state.ts): both copies of lib/ hash passwords (the
// dashboard's sign-in, the admin API's invitations). Kept by a reset: a hash under way holds its slot.
const slots = processSingleton<HashingSlots>("password-hashing-slots", () => ({ running: 0, waiting: [] }), { keepOnReset: true });

/** Runs `work` in a hashing slot, waiting for one if need be (and refusing when `bounded` and the queue is full). */
async function inHashingSlot<T>(work: () => Promise<T>, bounded: boolean): Promise<T> {
  const state = slots();
  if (state.running >= HASHING_SLOTS) {
    if (bounded && state.waiting.length >= HASHING_QUEUE) throw new PasswordHashingBusy("Too many password checks are waiting");
    // The slot is handed over by the hash that ends (running stays counted), so no newcomer overtakes.
    await new Promise<void>((resolve) => state.waiting.push(resolve));
  } else {
    state.running++;
  }
  try {
    return await work();
  } finally {
    const next = state.waiting.shift();
    if (next) next();
    else state.running--;
  }
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions, bounded: boolean) =>
  inHashingSlot(
    () => new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)))),
    bounded,
  );

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = currentCost();
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize("NFKC"), salt, 32, { N, r, p, maxmem: MAXMEM }, false);
  return ["scrypt", N, r, p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** Whether `password` matches `stored`; throws PasswordHashingBusy when HASHING_QUEUE checks already wait. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(
    password.normalize("NFKC"),
    Buffer.from(salt, "base64url"),
    expected.length,
    { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM },
    true,
  );
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than today's. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  const cost = currentCost();
  return scheme !== "scrypt" || Number(n) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p;
}
