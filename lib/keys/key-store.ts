/**
 * Key lifecycle (style rule 9): next -> current -> retired.
 * - A `next` key is published in the JWKS from its creation, before it ever signs.
 * - Rotation retires `current` (still published for RETIRED_KEY_PUBLISHED_S), promotes `next`,
 *   and creates a new `next`. Each (tenant, purpose, alg) has one current and one next key.
 * Private keys are stored encrypted (AES-256-GCM, bound to the kid).
 */
import type { JWK } from "jose";
import { encryptAtRest } from "../crypto/encryption";
import type { Database } from "../db/client";
import type { KeyPurpose, Prisma, Tenant } from "../db/generated/client";
import { ALGS_BY_PURPOSE, RETIRED_KEY_PUBLISHED_S } from "./algorithms";
import { generateSigningKey } from "./generate-key";
import { nowMs } from "../clock";

type Tx = Prisma.TransactionClient;

export interface KeyOwner {
  purpose: KeyPurpose;
  /** The tenant for OIDC keys; null for the webhook extension-service keys. */
  tenantId: string | null;
}

type GeneratedKey = Awaited<ReturnType<typeof generateSigningKey>>;

/** Stores a key generated beforehand: key generation (RSA) stays out of database transactions. */
async function insertKey(tx: Tx, owner: KeyOwner, key: GeneratedKey, state: "next" | "current", now: Date) {
  await tx.signingKey.create({
    data: {
      kid: key.kid,
      tenantId: owner.tenantId,
      purpose: owner.purpose,
      alg: key.alg,
      state,
      publicJwk: key.publicJwk as Prisma.InputJsonValue,
      privateKey: encryptAtRest(JSON.stringify(key.privateJwk), `signing-key:${key.kid}`),
      activatedAt: state === "current" ? now : null,
    },
  });
  return key.kid;
}

/**
 * Makes sure the owner has a current and a next key for each of its algorithms.
 * Call it under the database-wide lock (start-up), so instances starting together do not race.
 */
export async function ensureKeys(database: Database, owner: KeyOwner): Promise<number> {
  let created = 0;
  for (const alg of ALGS_BY_PURPOSE[owner.purpose]) {
    const where = { purpose: owner.purpose, tenantId: owner.tenantId, alg, state: { in: ["current" as const, "next" as const] } };
    const present = await database.prisma.signingKey.findMany({ where, select: { state: true } });
    const missing = 2 - new Set(present.map((k) => k.state)).size;
    if (missing === 0) continue;
    const fresh = [await generateSigningKey(alg), await generateSigningKey(alg)];
    created += await database.prisma.$transaction(async (tx) => {
      const existing = await tx.signingKey.findMany({ where, select: { state: true } });
      const now = new Date(nowMs());
      let made = 0;
      if (!existing.some((k) => k.state === "current")) {
        await insertKey(tx, owner, fresh[made]!, "current", now);
        made++;
      }
      if (!existing.some((k) => k.state === "next")) {
        await insertKey(tx, owner, fresh[made]!, "next", now);
        made++;
      }
      return made;
    });
  }
  return created;
}

export class KeyRotationConflictError extends Error {
  override name = "KeyRotationConflictError";
}

/** Rotates every algorithm of the owner; returns the kids that became current. */
export async function rotateKeys(database: Database, owner: KeyOwner): Promise<string[]> {
  const promoted: string[] = [];
  for (const alg of ALGS_BY_PURPOSE[owner.purpose]) {
    const scope = { purpose: owner.purpose, tenantId: owner.tenantId, alg };
    const hasNext = (await database.prisma.signingKey.count({ where: { ...scope, state: "next" } })) > 0;
    const newNext = await generateSigningKey(alg);
    const spare = hasNext ? undefined : await generateSigningKey(alg);
    const kid = await database.prisma.$transaction(async (tx) => {
      const now = new Date(nowMs());
      const where = { purpose: owner.purpose, tenantId: owner.tenantId, alg };
      const next = await tx.signingKey.findFirst({ where: { ...where, state: "next" }, orderBy: { createdAt: "asc" } });
      // Conditional updates: a concurrent rotation makes one of these match nothing, and we abort.
      const retired = await tx.signingKey.updateMany({
        where: { ...where, state: "current" },
        data: { state: "retired", retiredAt: now, unpublishAt: new Date(now.getTime() + RETIRED_KEY_PUBLISHED_S * 1000) },
      });
      if (retired.count > 1) throw new KeyRotationConflictError(`more than one current ${alg} key`);
      let newCurrent: string;
      if (next) {
        const promotedRow = await tx.signingKey.updateMany({
          where: { id: next.id, state: "next" },
          data: { state: "current", activatedAt: now },
        });
        if (promotedRow.count !== 1) throw new KeyRotationConflictError("the next key changed during rotation");
        newCurrent = next.kid;
      } else {
        newCurrent = await insertKey(tx, owner, spare ?? (await generateSigningKey(alg)), "current", now);
      }
      await insertKey(tx, owner, newNext, "next", now);
      return newCurrent;
    });
    promoted.push(kid);
  }
  return promoted;
}

export interface PublishedKey {
  kid: string;
  /** The tenant whose ID tokens it signs; null for Porta's own (extension) keys. */
  tenantId: string | null;
  /** That tenant's environment (which decides the issuers that publish the key); null for Porta's own keys. */
  environment: Tenant["environment"] | null;
  alg: string;
  state: string;
  publicJwk: JWK;
}

/** Keys that belong in a JWKS now: next, current, and retired ones still within their window. */
export async function publishedKeys(database: Database, purpose: KeyPurpose, now = new Date(nowMs())): Promise<PublishedKey[]> {
  const rows = await database.prisma.signingKey.findMany({
    where: {
      purpose,
      OR: [{ state: { in: ["current", "next"] } }, { state: "retired", unpublishAt: { gt: now } }],
    },
    orderBy: [{ createdAt: "asc" }, { kid: "asc" }],
    select: { kid: true, tenantId: true, alg: true, state: true, publicJwk: true, tenant: { select: { environment: true } } },
  });
  return rows.map(({ tenant, ...row }) => ({ ...row, environment: tenant?.environment ?? null, publicJwk: row.publicJwk as JWK }));
}
