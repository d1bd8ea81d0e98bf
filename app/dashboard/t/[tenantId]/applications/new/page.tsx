import type { Metadata } from "next";
import { ApplicationForm } from "@/components/dashboard/application-form";
import { DashboardShell } from "@/components/dashboard/shell";
import { PageHeader } from "@/components/dashboard/ui";
import { applicationFormOptions, newApplicationFormValues } from "@/lib/clients/dashboard-form-options";
import { createApplicationAction } from "../actions";
import { loadTenant } from "../../load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New application" };

export default async function NewApplicationPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/applications/new`);
  const options = applicationFormOptions(access.tenant.environment);
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title="New application" description="Porta generates the client ID and, for secret-based authentication, the client secret." />
      <ApplicationForm action={createApplicationAction.bind(null, tenantId)} options={options} initial={newApplicationFormValues(options)} submitLabel="Create application" />
    </DashboardShell>
  );
}
