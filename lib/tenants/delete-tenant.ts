/**
 * Deletes a tenant that has no applications (README, "Admin API"): its keys, domains, connections,
 * memberships and tokens go with it (cascades); its audit rows stay. The check and the delete are
 * one statement, so an application registered meanwhile keeps the tenant alive.
 */
import type { Actor } from "../audit/record-audit";
import { recordAudit } from "../audit/record-audit";
import { prisma } from "../db/client";
import { clearJwksCache } from "../keys/jwks";
import { clearSigningKeyCache } from "../keys/signing-keys";
import { forgetHostMap } from "./host-map";
import { findTenantResource } from "./tenant-domains";

export type DeleteTenantOutcome = "deleted" | "not_found" | "has_applications";

export async function deleteTenant(tenantId: string, actor: Actor): Promise<DeleteTenantOutcome> {
  const before = await findTenantResource(tenantId);
  if (!before) return "not_found";
  const db = await prisma();
  const outcome = await db.$transaction(async (tx): Promise<DeleteTenantOutcome> => {
    const deleted = await tx.tenant.deleteMany({ where: { id: tenantId, applications: { none: {} } } });
    if (deleted.count === 0) return (await tx.tenant.count({ where: { id: tenantId } })) === 0 ? "not_found" : "has_applications";
    await recordAudit(tx, actor, { tenantId, action: "tenant.delete", targetType: "tenant", targetId: tenantId, before });
    return "deleted";
  });
  if (outcome === "deleted") {
    // Its keys leave this instance's JWKS at once (other instances within their cache time).
    clearJwksCache();
    clearSigningKeyCache();
    if (before.domains.length > 0) forgetHostMap();
  }
  return outcome;
}
