import type { Metadata } from "next";
import Link from "next/link";
import { DashboardShell } from "@/components/dashboard/shell";
import { Badge, buttonClass, EmptyState, inputClass, PageHeader, Pagination } from "@/components/dashboard/ui";
import { loadApplicationListPage } from "@/lib/clients/load-application-list-page";
import { tenantDomains } from "@/lib/tenants/tenant-domains";
import { loadTenant } from "./load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Applications" };
const PAGE_SIZE = 20;

export default async function ApplicationsPage({ params, searchParams }: { params: Promise<{ tenantId: string }>; searchParams: Promise<{ q?: string; page?: string }> }) {
  const { tenantId } = await params;
  const { q = "", page: pageParam } = await searchParams;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}`);
  const page = Math.max(1, Number.parseInt(pageParam ?? "1", 10) || 1);
  const { total, applications: apps } = await loadApplicationListPage({ tenantId, search: q, page, pageSize: PAGE_SIZE });
  const base = `/dashboard/t/${tenantId}`;
  // A production tenant is served only on its own domains: without one, nobody can log in.
  const servedNowhere = access.tenant.environment === "production" && (await tenantDomains(tenantId)).length === 0;
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader
        title="Applications"
        description={`Relying parties of ${access.tenant.name}.`}
        actions={<Link href={`${base}/applications/new`} className={buttonClass} data-testid="new-application">New application</Link>}
      />
      {servedNowhere ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="tenant-no-domain-warning">
          This production tenant has no domain yet. It is served only on its own domains, so its applications cannot log anyone in until it has one.{" "}
          <Link className="font-medium underline" href={`${base}/domains`}>Give it a domain</Link>.
        </p>
      ) : null}
      <form className="mb-4 flex gap-2" role="search">
        <label htmlFor="q" className="sr-only">Search applications</label>
        <input id="q" name="q" defaultValue={q} placeholder="Search by name or client ID" className={`${inputClass} mt-0 max-w-sm`} />
        <button type="submit" className="min-h-10 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium">Search</button>
      </form>
      {apps.length === 0 ? (
        <EmptyState
          title={q ? "No application matches" : "No applications yet"}
          text={q ? "Try another name or client ID." : "Register your first application to let its users log in with eIDs."}
          action={q ? undefined : <Link href={`${base}/applications/new`} className={buttonClass}>New application</Link>}
        />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" data-testid="application-list">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr><th className="px-4 py-2 font-medium">Name</th><th className="px-4 py-2 font-medium">Client ID</th><th className="px-4 py-2 font-medium">Authentication</th><th className="px-4 py-2 font-medium">Created</th></tr>
            </thead>
            <tbody>
              {apps.map((app) => (
                <tr key={app.id} className="border-t border-slate-100">
                  <td className="px-4 py-3"><Link className="font-medium text-brand-700 hover:underline" href={`${base}/applications/${encodeURIComponent(app.clientId)}`}>{app.clientName}</Link>{app.requirePushedAuthorizationRequests ? <span className="ml-2"><Badge tone="blue">PAR</Badge></span> : null}</td>
                  <td className="px-4 py-3 font-mono text-xs">{app.clientId}</td>
                  <td className="px-4 py-3">{app.tokenEndpointAuthMethod}</td>
                  <td className="px-4 py-3 text-slate-600">{app.createdAt.toISOString().slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={Math.ceil(total / PAGE_SIZE)} href={(p) => `${base}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`} />
    </DashboardShell>
  );
}
