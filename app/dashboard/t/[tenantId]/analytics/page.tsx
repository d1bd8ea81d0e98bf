import type { Metadata } from "next";
import { DurationSection, Figures, LoginsSection, OutcomesSection, WebhookSection } from "@/components/analytics/analytics-sections";
import { DashboardShell } from "@/components/dashboard/shell";
import { EmptyState, PageHeader } from "@/components/dashboard/ui";
import { loadTenantAnalytics } from "@/lib/analytics/load-tenant-analytics";
import { loadTenant } from "../load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Analytics" };

export default async function AnalyticsPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/analytics`);
  const data = await loadTenantAnalytics({ tenantId: access.tenant.id, days: 30 });
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title="Analytics" description={`Logins through ${access.tenant.name}'s applications in the last 30 days (UTC), counted as each login ends.`} />
      {data.hasData ? (
        <div className="grid gap-6">
          <Figures data={data} />
          <LoginsSection data={data} />
          <OutcomesSection data={data} />
          <DurationSection data={data} />
          <WebhookSection data={data} />
        </div>
      ) : (
        <EmptyState title="No logins in the last 30 days" text="Charts of logins by eID, outcomes, login durations and webhook failures appear here once logins through this tenant's applications end." />
      )}
    </DashboardShell>
  );
}
