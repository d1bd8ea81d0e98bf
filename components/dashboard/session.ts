import { notFound, redirect } from "next/navigation";
import { auth } from "@/auth";
import { findTenantAccess, type TenantAccess } from "@/lib/admin/admin-users";
import { findAdminUser } from "@/lib/admin/find-admin-user";
import type { Actor } from "@/lib/audit/record-audit";

export interface AdminSession {
  adminId: string;
  email: string;
  /** The session's id (auth.ts); a session signed in before ids were kept has none. */
  sessionId?: string;
}

/** The signed-in admin, checked server-side; otherwise to the sign-in page and back to `returnTo`. */
export async function requireAdmin(returnTo: string): Promise<AdminSession> {
  const session = await auth();
  const adminId = session?.user?.id;
  if (adminId) {
    const admin = await findAdminUser(adminId, { signedInAt: session.signedInAt, sessionId: session.sessionId });
    if (admin) return { adminId: admin.id, email: admin.email, sessionId: session.sessionId };
  }
  redirect(`/dashboard/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
}

/** The admin's access to a tenant; a tenant they are not a member of does not exist for them (404). */
export async function requireTenant(tenantId: string, returnTo: string): Promise<{ admin: AdminSession; access: TenantAccess; actor: Actor }> {
  const admin = await requireAdmin(returnTo);
  const access = await findTenantAccess(admin.adminId, tenantId);
  if (!access) notFound();
  return { admin, access, actor: { type: "admin_user", id: admin.email, tenantId: access.tenant.id } };
}

/** Only relative dashboard paths may be returned to after sign-in (no open redirect). */
export function safeReturnPath(value: string | undefined | null): string {
  return value && /^\/dashboard(\/[\w\-./?=&%]*)?$/.test(value) && !value.startsWith("//") ? value : "/dashboard";
}
