import { prisma } from "../db/client";
import { KEYSET_ORDER, keysetWhere, type KeysetPage } from "../db/keyset";

const LISTED = { id: true, name: true, createdBy: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/** A tenant's admin API tokens, newest first (never their hashes). */
export async function listAdminTokens(tenantId: string) {
  return (await prisma()).adminToken.findMany({ where: { tenantId }, orderBy: { createdAt: "desc" }, select: LISTED });
}

/** The same, a page at a time (the admin API). */
export async function listAdminTokenPage(tenantId: string, page: KeysetPage) {
  return (await prisma()).adminToken.findMany({ where: { tenantId, ...keysetWhere(page.after) }, orderBy: [...KEYSET_ORDER], take: page.take, select: LISTED });
}
