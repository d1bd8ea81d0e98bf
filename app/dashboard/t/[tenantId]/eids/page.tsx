import type { Metadata } from "next";
import Link from "next/link";
import { ConnectionStateBadges, LastCheck } from "@/components/dashboard/eid-connection-status";
import { DashboardShell } from "@/components/dashboard/shell";
import { Badge, Card, PageHeader, secondaryButtonClass } from "@/components/dashboard/ui";
import { EID_METHODS } from "@/lib/eid/catalogue";
import { connectableFamilies, listConnections } from "@/lib/eid/connections/service";
import { loadTenant } from "../load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "eIDs" };

const countriesOf = (family: string) => [...new Set(EID_METHODS.filter((m) => m.family === family).map((m) => m.country.toUpperCase()))].join(", ");

export default async function EidsPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const base = `/dashboard/t/${tenantId}/eids`;
  const { admin, access, tenants } = await loadTenant(tenantId, base);
  const families = connectableFamilies();

  if (access.tenant.environment !== "production") {
    return (
      <DashboardShell email={admin.email} tenants={tenants} current={access}>
        <PageHeader title="eIDs" description={`How ${access.tenant.name} logs people in.`} />
        <Card testId="eid-simulators">
          <p className="text-sm text-slate-700">
            This is a test tenant: every eID runs on Porta&apos;s built-in simulators, with test identities and no configuration. Production connections to the real eID
            providers are configured in a production tenant.
          </p>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2" data-testid="eid-simulator-list">
            {families.map((f) => (
              <li key={f.family} className="flex items-center justify-between gap-2 rounded-lg border border-slate-100 px-3 py-2 text-sm">
                <span><span className="font-medium">{f.name}</span> <span className="text-xs text-slate-500">{countriesOf(f.family)}</span></span>
                <Badge tone="amber">simulator</Badge>
              </li>
            ))}
          </ul>
        </Card>
      </DashboardShell>
    );
  }

  const connections = new Map((await listConnections(tenantId)).map((c) => [c.family, c]));
  const canChange = access.role === "owner";
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader
        title="eIDs"
        description="Connections to the real eID providers. A login with an eID that has no enabled connection fails with a configuration error."
      />
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="eid-connection-list">
        {families.map((f) => {
          const connection = connections.get(f.family) ?? null;
          const label = canChange ? (connection ? "Edit" : "Configure") : "View";
          return (
            <li key={f.family} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="eid-connection-row" data-family={f.family}>
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold text-slate-900">{f.name}</h2>
                <span className="text-xs font-medium text-slate-500">{countriesOf(f.family)}</span>
              </div>
              <div className="mt-2"><ConnectionStateBadges connection={connection} /></div>
              {connection ? <div className="mt-3 text-sm"><LastCheck connection={connection} /></div> : null}
              <div className="mt-auto pt-4">
                <Link href={`${base}/${f.family}`} className={secondaryButtonClass} data-testid="configure-eid" aria-label={`${label} ${f.name}`}>
                  {label}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </DashboardShell>
  );
}
