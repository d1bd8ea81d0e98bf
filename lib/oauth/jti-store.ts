/**
 * Single-use JWT ids (client assertions, request objects): a unique key per (issuer, jti) in the
 * database, so a replay is refused on every instance. Rows are kept until `expiresAt`, which
 * callers set to the last moment the token could still be accepted (exp plus clock skew).
 */
import { prisma } from "../db/client";

/** Records the jti; false when it was seen before. */
export async function useJtiOnce(issuer: string, jti: string, expiresAt: Date): Promise<boolean> {
  const db = await prisma();
  const inserted = await db.seenJti.createMany({ data: [{ issuer, jti, expiresAt }], skipDuplicates: true });
  if (Math.random() < 0.01) void db.seenJti.deleteMany({ where: { expiresAt: { lt: new Date() } } }).catch(() => undefined);
  return inserted.count === 1;
}
