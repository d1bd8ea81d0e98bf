/**
 * Single-use JWT ids (client assertions, request objects): a unique key per (issuer, jti) in the
 * database, so a replay is refused on every instance. Rows are kept until `expiresAt`, which
 * callers set to the last moment the token could still be accepted (exp plus clock skew).
 * A client assertion's jti is recorded by the statement that settles what client authentication
 * still owes (token/pending-checks.ts), on the hot paths together with the request's own write.
 */
import { prisma } from "../db/client";
import { utcParam } from "../db/sql";
import type { Param } from "../db/statement";
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

/** The parameters of insertJtiSql. */
export type JtiInsertParam = "jtiIssuer" | "jti" | "jtiExpiresAt";

/**
 * SQL recording a jti as used when `condition` (an SQL boolean) holds, returning one row when it
 * was fresh: a data-modifying CTE of a larger statement. A null `jtiIssuer` records nothing.
 */
export function insertJtiSql(param: Param<JtiInsertParam>, condition: string): string {
  return `INSERT INTO "SeenJti" (issuer, jti, "expiresAt")
  SELECT ${param("jtiIssuer")}::text, ${param("jti")}::text, ${utcParam(param("jtiExpiresAt"))} WHERE ${param("jtiIssuer")}::text IS NOT NULL AND ${condition}
  ON CONFLICT DO NOTHING RETURNING 1`;
}

export function insertJtiValues(use: JtiUse | undefined): Record<JtiInsertParam, unknown> {
  return { jtiIssuer: use?.issuer ?? null, jti: use?.jti ?? null, jtiExpiresAt: use?.expiresAt.toISOString() ?? null };
}
