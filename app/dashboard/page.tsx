import type { Metadata } from "next";
import Link from "next/link";
import { DashboardShell } from "@/components/dashboard/shell";
import { requireAdmin } from "@/components/dashboard/session";
import { Badge, Card, EmptyState, PageHeader } from "@/components/dashboard/ui";
import { tenantsOf } from "@/lib/admin/admin-users";
import { config } from "@/lib/config";
import { TenantForm } from "./tenant-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Tenants" };

export default async function DashboardHome() {
  const admin = await requireAdmin("/dashboard");
  const tenants = await tenantsOf(admin.adminId);
  return (
    <DashboardShell email={admin.email} tenants={tenants}>
      <PageHeader title="Tenants" description="A tenant holds applications, keys and API tokens. Test tenants use simulated eIDs; production tenants use the real ones." />
      {tenants.length === 0 ? (
        <EmptyState title="No tenants yet" text="Create your first tenant below to register applications." />
      ) : (
        <ul className="mb-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="tenant-list">
          {tenants.map((t) => (
            <li key={t.tenant.id}>
              <Link href={`/dashboard/t/${t.tenant.id}`} className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600">
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium">{t.tenant.name}</span>
                  <Badge tone={t.tenant.environment === "production" ? "green" : "amber"}>{t.tenant.environment}</Badge>
                </span>
                <span className="mt-1 block text-sm text-slate-600">Your role: {t.role}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Card title="New tenant">
        <TenantForm publicUrl={config().issuer} />
      </Card>
    </DashboardShell>
  );
}
