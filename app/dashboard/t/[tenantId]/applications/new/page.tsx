import type { Metadata } from "next";
import { ApplicationForm } from "@/components/dashboard/application-form";
import { DashboardShell } from "@/components/dashboard/shell";
import { PageHeader } from "@/components/dashboard/ui";
import { methodsForEnvironment, requiresIdTokenEncryption } from "@/lib/eid/catalogue";
import { createApplicationAction } from "../actions";
import { loadTenant } from "../../load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New application" };

export default async function NewApplicationPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/applications/new`);
  const environment = access.tenant.environment;
  const methods = methodsForEnvironment(environment);
  // An application starts with the eIDs it can use as created: unencrypted ID tokens rule out FTN.
  const enabled = methods.filter((m) => !m.testOnly && !requiresIdTokenEncryption(m.acr)).map((m) => m.acr);
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title="New application" description="Porta generates the client ID and, for secret-based authentication, the client secret." />
      <ApplicationForm
        action={createApplicationAction.bind(null, tenantId)}
        methods={methods.map((m) => ({ acr: m.acr, name: m.name, country: m.country, needsEncryption: requiresIdTokenEncryption(m.acr) }))}
        initial={{ "response_types[]": ["code"], scope_strategy: "dynamic", token_endpoint_auth_method: "client_secret_basic", id_token_signed_response_alg: "RS256", "enabled_acr_values[]": enabled }}
        submitLabel="Create application"
      />
    </DashboardShell>
  );
}
