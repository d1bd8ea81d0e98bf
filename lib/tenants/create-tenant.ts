/** A new tenant, its subject secret, its first owner, its domains, its signing keys and the audit row, together. */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Actor } from "../audit/record-audit";
import { recordAudit } from "../audit/record-audit";
import { db as database } from "../db/client";
import type { Tenant } from "../db/generated/client";
import { clearJwksCache } from "../keys/jwks";
import { ensureKeys } from "../keys/key-store";
import { newSealedSubjectSecret } from "./subject-secret";
import { replaceTenantDomains, withHostConflicts } from "./tenant-domains";

export const ZTenantInputSchema = z.object({
  name: z.string().trim().min(2, "Name must be at least 2 characters").max(80, "Name must be at most 80 characters"),
  environment: z.enum(["test", "production"], { error: "Choose test or production" }),
});
export type TTenantInput = z.infer<typeof ZTenantInputSchema>;

export class DuplicateTenantError extends Error {
  override name = "DuplicateTenantError";
}

/**
 * `domains` must be normalised (lib/tenants/domains.ts parseDomains). `ownerId` is null when the
 * platform token creates the tenant (the admin API): owners are invited afterwards.
 */
export async function createTenant(input: TTenantInput & { domains?: string[] }, ownerId: string | null, actor: Actor): Promise<Tenant> {
  const d = await database();
  const existing = await d.prisma.tenant.findUnique({ where: { name: input.name } });
  if (existing) throw new DuplicateTenantError(`A tenant named ${input.name} already exists`);
  const tenant = await withHostConflicts(input.domains, () =>
    d.prisma.$transaction(async (tx) => {
      const id = randomUUID();
      const created = await tx.tenant.create({ data: { id, name: input.name, environment: input.environment, subjectSecret: newSealedSubjectSecret(id) } });
      if (ownerId) await tx.tenantMembership.create({ data: { adminUserId: ownerId, tenantId: created.id, role: "owner" } });
      if (input.domains?.length) await replaceTenantDomains(tx, created.id, input.domains);
      await recordAudit(tx, actor, { tenantId: created.id, action: "tenant.create", targetType: "tenant", targetId: created.id, after: input });
      return created;
    }),
  );
  await ensureKeys(d, { purpose: "oidc", tenantId: tenant.id });
  // The tenant signs with its current key from now on: its JWKS lists the keys at once, not when
  // this instance's cached key set expires (other instances read the new keys within that time).
  clearJwksCache();
  return tenant;
}
