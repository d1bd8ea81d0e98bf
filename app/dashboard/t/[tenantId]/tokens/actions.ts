"use server";

import { revalidatePath } from "next/cache";
import { requireTenant } from "@/components/dashboard/session";
import { createAdminToken, revokeAdminToken, ZAdminTokenNameSchema } from "@/lib/admin/admin-tokens";

const OWNERS_ONLY = "Only owners of this tenant can create or revoke API tokens.";

export interface TokenFormState {
  error?: string;
  name?: string;
  token?: string;
}

export async function createTokenAction(tenantId: string, _state: TokenFormState, form: FormData): Promise<TokenFormState> {
  const { actor, access } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/tokens`);
  const name = String(form.get("name") ?? "");
  if (access.role !== "owner") return { error: OWNERS_ONLY, name };
  const parsed = ZAdminTokenNameSchema.safeParse(name);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message, name };
  const created = await createAdminToken(tenantId, parsed.data, actor);
  revalidatePath(`/dashboard/t/${tenantId}/tokens`);
  return { token: created.token };
}

export async function revokeTokenAction(tenantId: string, id: string): Promise<void> {
  const { actor, access } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/tokens`);
  if (access.role !== "owner") throw new Error(OWNERS_ONLY);
  await revokeAdminToken(tenantId, id, actor);
  revalidatePath(`/dashboard/t/${tenantId}/tokens`);
}
