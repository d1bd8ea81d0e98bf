"use server";

import { revalidatePath } from "next/cache";
import { requireTenant } from "@/components/dashboard/session";
import { rotateKeysWithAudit } from "@/lib/keys/rotate-with-audit";

export async function rotateTenantKeysAction(tenantId: string): Promise<{ ok: boolean; message: string }> {
  const { actor, access } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/keys`);
  if (access.role !== "owner") return { ok: false, message: "Only owners can rotate keys." };
  const promoted = await rotateKeysWithAudit({ purpose: "oidc", tenantId }, actor);
  revalidatePath(`/dashboard/t/${tenantId}/keys`);
  return { ok: true, message: `Rotated. Now signing with ${promoted.join(", ")}.` };
}
