import { prisma } from "../db/client";

/** A tenant's admin API tokens, newest first (never their hashes). */
export async function listAdminTokens(tenantId: string) {
  return (await prisma()).adminToken.findMany({
    where: { tenantId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, createdBy: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}
