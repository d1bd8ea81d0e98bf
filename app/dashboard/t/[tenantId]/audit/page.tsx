import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/shell";
import { EmptyState, inputClass, PageHeader, Pagination } from "@/components/dashboard/ui";
import { loadAuditLogPage } from "@/lib/audit/load-audit-log-page";
import { loadTenant } from "../load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };
const PAGE_SIZE = 30;

export default async function AuditPage({ params, searchParams }: { params: Promise<{ tenantId: string }>; searchParams: Promise<{ action?: string; page?: string }> }) {
  const { tenantId } = await params;
  const { action = "", page: pageParam } = await searchParams;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/audit`);
  const page = Math.max(1, Number.parseInt(pageParam ?? "1", 10) || 1);
  const { total, events, actions } = await loadAuditLogPage({ tenantId, action, page, pageSize: PAGE_SIZE });
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title="Audit log" description="Every change in this tenant: who, what, when, and the settings before and after (never secrets)." />
      <form className="mb-4 flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium">
          Action
          <select name="action" defaultValue={action} className={`${inputClass} min-w-56`} data-testid="audit-filter">
            <option value="">All actions</option>
            {actions.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </label>
        <button type="submit" className="min-h-10 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium">Filter</button>
      </form>
      {events.length === 0 ? (
        <EmptyState title="Nothing recorded yet" text="Changes to applications, keys and tokens appear here." />
      ) : (
        <ol className="grid gap-2" data-testid="audit-list">
          {events.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <code className="font-semibold" data-testid="audit-action">{e.action}</code>
                <span className="text-slate-600">{e.targetType}{e.targetId ? ` ${e.targetId}` : ""}</span>
                <span className="ml-auto text-xs text-slate-500">{e.createdAt.toISOString().slice(0, 19).replace("T", " ")} UTC · {e.actorType}{e.actorId ? ` ${e.actorId}` : ""}</span>
              </div>
              {e.before || e.after ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-xs text-brand-700">Before and after</summary>
                  <div className="mt-2 grid gap-2 md:grid-cols-2">
                    <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">{e.before ? JSON.stringify(e.before, null, 2) : "—"}</pre>
                    <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">{e.after ? JSON.stringify(e.after, null, 2) : "—"}</pre>
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pages={Math.ceil(total / PAGE_SIZE)} href={(p) => `?${new URLSearchParams({ ...(action ? { action } : {}), page: String(p) })}`} />
    </DashboardShell>
  );
}
