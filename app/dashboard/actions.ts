"use server";

import { redirect } from "next/navigation";
import { requireAdmin } from "@/components/dashboard/session";
import { createTenant, DuplicateTenantError, ZTenantInputSchema } from "@/lib/tenants/create-tenant";

export interface TenantFormState {
  errors?: Partial<Record<"name" | "environment" | "form", string>>;
  values?: { name: string; environment: string };
}

export async function createTenantAction(_previous: TenantFormState, form: FormData): Promise<TenantFormState> {
  const admin = await requireAdmin("/dashboard");
  const values = { name: String(form.get("name") ?? ""), environment: String(form.get("environment") ?? "") };
  const parsed = ZTenantInputSchema.safeParse(values);
  if (!parsed.success) {
    const errors: TenantFormState["errors"] = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as "name" | "environment"] ??= issue.message;
    return { errors, values };
  }
  let tenantId: string;
  try {
    const tenant = await createTenant(parsed.data, admin.adminId, { type: "admin_user", id: admin.email, tenantId: null });
    tenantId = tenant.id;
  } catch (error) {
    if (error instanceof DuplicateTenantError) return { errors: { name: error.message }, values };
    throw error;
  }
  redirect(`/dashboard/t/${tenantId}`);
}
