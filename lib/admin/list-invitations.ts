import { prisma } from "../db/client";
import { now } from "../clock";

/** A tenant's invitations not yet accepted nor expired, newest first (never their token hashes). */
export async function listPendingInvitations(tenantId: string) {
  return (await prisma()).adminInvitation.findMany({
    where: { tenantId, acceptedAt: null, expiresAt: { gt: now() } },
    orderBy: { createdAt: "desc" },
    select: { id: true, email: true, role: true, invitedBy: true, expiresAt: true, createdAt: true },
  });
}
