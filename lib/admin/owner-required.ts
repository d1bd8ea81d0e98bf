/**
 * Tenant roles (README, Dashboard, "Admins"): owners may change everything; members may look but
 * not change eID connections, keys, domains, admins or API tokens. Services that make such changes
 * call `assertOwner` with their actor, so the rule holds whichever page or API calls them. Admin
 * tokens (a tenant's, or the platform's bootstrap token) and the system act as owners: the admin
 * API checks their tenant itself.
 */
import type { Actor } from "../audit/record-audit";
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";

export class OwnerRequiredError extends Error {
  override name = "OwnerRequiredError";
  constructor(message = "Only owners of this tenant can make this change.") {
    super(message);
  }
}

/** Throws OwnerRequiredError unless `actor` may change `tenantId`'s protected settings. */
export async function assertOwner(tenantId: string, actor: Actor, tx?: Prisma.TransactionClient): Promise<void> {
  if (actor.type !== "admin_user") return;
  // Dashboard actors carry the admin's email (unique) as their id.
  const email = actor.id;
  if (!email) throw new OwnerRequiredError();
  const client = tx ?? (await prisma());
  const membership = await client.tenantMembership.findFirst({ where: { tenantId, adminUser: { email } }, select: { role: true } });
  if (membership?.role !== "owner") throw new OwnerRequiredError();
}
