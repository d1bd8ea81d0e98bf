import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/shell";
import { requireAdmin } from "@/components/dashboard/session";
import { Badge, Card, PageHeader } from "@/components/dashboard/ui";
import { tenantsOf } from "@/lib/admin/admin-users";
import { changePasswordAction } from "./actions";
import { PasswordForm } from "./password-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const admin = await requireAdmin("/dashboard/account");
  const tenants = await tenantsOf(admin.adminId);
  return (
    <DashboardShell email={admin.email} tenants={tenants}>
      <PageHeader title="Your account" description={`Signed in as ${admin.email}.`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Change password" description="Enter your current password. The change is recorded in the audit log of each of your tenants.">
          <PasswordForm action={changePasswordAction} />
        </Card>
        <Card title="Your tenants">
          <ul className="divide-y divide-slate-100 text-sm" data-testid="account-tenants">
            {tenants.map((t) => (
              <li key={t.tenant.id} className="flex items-center justify-between gap-2 py-2">
                <span>{t.tenant.name}</span>
                <Badge tone={t.role === "owner" ? "green" : "slate"}>{t.role}</Badge>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </DashboardShell>
  );
}
