"use server";

import { revalidatePath } from "next/cache";
import { requireTenant } from "@/components/dashboard/session";
import { createAdminToken, revokeAdminToken, ZAdminTokenNameSchema } from "@/lib/admin/admin-tokens";

export interface TokenFormState {
  error?: string;
  name?: string;
  token?: string;
}

export async function createTokenAction(tenantId: string, _state: TokenFormState, form: FormData): Promise<TokenFormState> {
  const { actor } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/tokens`);
  const name = String(form.get("name") ?? "");
  const parsed = ZAdminTokenNameSchema.safeParse(name);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message, name };
  const created = await createAdminToken(tenantId, parsed.data, actor);
  revalidatePath(`/dashboard/t/${tenantId}/tokens`);
  return { token: created.token };
}

export async function revokeTokenAction(tenantId: string, id: string): Promise<void> {
  const { actor } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/tokens`);
  await revokeAdminToken(tenantId, id, actor);
  revalidatePath(`/dashboard/t/${tenantId}/tokens`);
}
