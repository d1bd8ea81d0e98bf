/**
 * Single-use JWT ids (client assertions, request objects): a unique key per (issuer, jti) in the
 * database, so a replay is refused on every instance. Rows are kept until `expiresAt`, which
 * callers set to the last moment the token could still be accepted (exp plus clock skew).
 * (A code redemption records its assertion's jti in the same statement as the access token:
 * token/login-code-store.ts.)
 */
import { prisma } from "../db/client";
import { now } from "../clock";

/** A JWT id to record as used, with the moment it may be forgotten. */
export interface JtiUse {
  issuer: string;
  jti: string;
  expiresAt: Date;
}

/** About one call in a hundred also deletes the rows that have expired. */
export function maybePurgeExpiredJtis(): void {
  if (Math.random() >= 0.01) return;
  void prisma()
    .then((db) => db.seenJti.deleteMany({ where: { expiresAt: { lt: now() } } }))
    .catch(() => undefined);
}

/** Records the jti; false when it was seen before. */
export async function useJtiOnce(issuer: string, jti: string, expiresAt: Date): Promise<boolean> {
  const db = await prisma();
  const inserted = await db.seenJti.createMany({ data: [{ issuer, jti, expiresAt }], skipDuplicates: true });
  maybePurgeExpiredJtis();
  return inserted.count === 1;
}
