"use server";

import { revalidatePath } from "next/cache";
import { requireTenant } from "@/components/dashboard/session";
import { domainLines, parseDomains, TenantFieldError } from "@/lib/tenants/domains";
import { disablePlayground, enablePlayground } from "@/lib/playground/playground-app";
import { updateTenant } from "@/lib/tenants/tenant-domains";

export interface DomainsFormState {
  error?: string;
  /** The textarea's text: as sent after an error, normalised after a save. */
  value?: string;
  saved?: boolean;
}

export async function saveDomainsAction(tenantId: string, _state: DomainsFormState, form: FormData): Promise<DomainsFormState> {
  const path = `/dashboard/t/${tenantId}/domains`;
  const { access, actor } = await requireTenant(tenantId, path);
  const value = String(form.get("domains") ?? "");
  if (access.role !== "owner") return { error: "Only owners of this tenant can change its domains.", value };
  try {
    const updated = await updateTenant(tenantId, { domains: parseDomains(domainLines(value)) }, actor);
    revalidatePath(path);
    return { saved: true, value: (updated?.domains ?? []).join("\n") };
  } catch (error) {
    if (error instanceof TenantFieldError) return { error: error.message, value };
    throw error;
  }
}

/** Turns the tenant's playground application on or off (owners only). */
export async function setPlaygroundAction(tenantId: string, enabled: boolean): Promise<void> {
  const path = `/dashboard/t/${tenantId}/domains`;
  const { access, actor } = await requireTenant(tenantId, path);
  if (access.role !== "owner") throw new Error("Only owners of this tenant can change its playground");
  if (enabled) await enablePlayground(tenantId, actor);
  else await disablePlayground(tenantId, actor);
  revalidatePath(path);
}
