import { requireTenant } from "@/components/dashboard/session";
import { tenantsOf } from "@/lib/admin/admin-users";

/** What every tenant page needs: the session, the tenant (404 for non-members) and the switcher's list. */
export async function loadTenant(tenantId: string, path: string) {
  const context = await requireTenant(tenantId, path);
  const tenants = await tenantsOf(context.admin.adminId);
  return { ...context, tenants };
}
