/**
 * A tenant's subject secret: 256 random bits that key the tenant's `sub` values (so that knowing a
 * person's national id does not give their `sub`, and two tenants see unrelated ones),
 * stored sealed like private keys (additional data `tenant-subject-secret:<tenant id>`). New
 * tenants get one as they are created; a tenant made before secrets existed gets one on first use
 * (or at start-up) by a conditional update that only fills an empty column, so when instances race
 * one value wins and every instance reads that one. The opened secret is cached per process; a
 * tenant's secret never changes, so the cache needs no expiry.
 */
import { randomBytes } from "node:crypto";
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";
import { prisma } from "../db/client";
import type { PrismaClient, Tenant } from "../db/generated/client";
import { ttlCache } from "../process/ttl-cache";

const SECRET_BYTES = 32;

const opened = ttlCache<string, { sealed: string; secret: Buffer }>({ name: "tenant-subject-secrets", ttlMs: Infinity });

const contextFor = (tenantId: string) => `tenant-subject-secret:${tenantId}`;

/** A new sealed secret for tenant `tenantId` (to store as its `subjectSecret`). */
export function newSealedSubjectSecret(tenantId: string): string {
  return encryptAtRest(randomBytes(SECRET_BYTES).toString("base64url"), contextFor(tenantId));
}

function open(tenantId: string, sealed: string): Buffer {
  const hit = opened.get(tenantId);
  if (hit?.sealed === sealed) return hit.secret;
  const secret = Buffer.from(decryptAtRest(sealed, contextFor(tenantId)), "base64url");
  if (secret.length !== SECRET_BYTES) throw new Error(`tenant ${tenantId}: its subject secret is malformed`);
  opened.set(tenantId, { sealed, secret });
  return secret;
}

/**
 * Gives tenant `tenantId` a secret if it has none (a no-op otherwise) and returns the stored one.
 * Safe to run on any number of instances at once.
 */
export async function ensureSubjectSecret(tenantId: string, db?: PrismaClient): Promise<string> {
  const client = db ?? (await prisma());
  await client.tenant.updateMany({ where: { id: tenantId, subjectSecret: null }, data: { subjectSecret: newSealedSubjectSecret(tenantId) } });
  const row = await client.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { subjectSecret: true } });
  if (!row.subjectSecret) throw new Error(`tenant ${tenantId}: no subject secret after setting one`);
  return row.subjectSecret;
}

/**
 * The tenant's opened subject secret. The tenant row comes with the application record, so the
 * hot path costs one cache lookup (one decryption per process); only a tenant still without a
 * secret costs a query, once.
 */
export async function subjectSecretOf(tenant: Pick<Tenant, "id" | "subjectSecret">): Promise<Buffer> {
  const hit = opened.get(tenant.id);
  if (hit && (tenant.subjectSecret === null || hit.sealed === tenant.subjectSecret)) return hit.secret;
  return open(tenant.id, tenant.subjectSecret ?? (await ensureSubjectSecret(tenant.id)));
}
