import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/shell";
import { Card, EmptyState, PageHeader, buttonClass, secondaryButtonClass } from "@/components/dashboard/ui";
import { config } from "@/lib/config";
import { findPlaygroundApplication } from "@/lib/playground/playground-app";
import { hostIssuer } from "@/lib/http/request-issuer";
import { domainDiscoveryUrl } from "@/lib/tenants/domains";
import { tenantDomains } from "@/lib/tenants/tenant-domains";
import { loadTenant } from "../load-tenant";
import { saveDomainsAction, setPlaygroundAction } from "./actions";
import { DomainsForm } from "./domains-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Domains" };

export default async function DomainsPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/domains`);
  const domains = await tenantDomains(tenantId);
  const production = access.tenant.environment === "production";
  const { issuer } = config();
  const playground = domains.length > 0 ? await findPlaygroundApplication(tenantId) : null;
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader
        title="Domains"
        description={
          production ? (
            <>The host names {access.tenant.name} is served on, each its own issuer. A production tenant is served only on its domains, never on <code>{issuer}</code>, which serves test tenants.</>
          ) : (
            <>The host names {access.tenant.name} is served on, each its own issuer. Without a domain the tenant is served on <code>{issuer}</code>.</>
          )
        }
      />
      <div className="grid gap-6">
        {production && domains.length === 0 ? (
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="domains-no-domain-warning">
            This production tenant has no domain, so it is served nowhere: its applications cannot log anyone in until you give it one below.
          </div>
        ) : null}
        {domains.length === 0 ? (
          <EmptyState title="No domains" text={production ? "Add the host names this tenant's relying parties will use as its issuer." : `Applications of this tenant use the issuer ${issuer}.`} />
        ) : (
          <Card title="Issuers">
            <ul className="divide-y divide-slate-100" data-testid="domain-list">
              {domains.map((domain) => (
                <li key={domain} className="grid gap-1 py-3 text-sm" data-testid="domain-row">
                  <span className="font-medium">{domain}</span>
                  <span className="text-slate-600">Issuer <code data-testid="domain-issuer">{hostIssuer(domain)}</code></span>
                  <span className="break-all text-slate-600">Discovery <code data-testid="domain-discovery">{domainDiscoveryUrl(domain)}</code></span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {domains.length > 0 ? (
          <Card title="Playground" description="A relying party inside Porta for trying this tenant's logins on its own domains." testId="domain-playground">
            {playground ? (
              <div className="grid gap-3 text-sm">
                <p>On, as the application <code className="break-all">{playground.clientId}</code>:</p>
                <ul className="grid gap-1">
                  {domains.map((domain) => (
                    <li key={domain}>
                      <a className="break-all font-medium text-brand-700 underline-offset-4 hover:underline" href={`${hostIssuer(domain)}/playground`} data-testid="domain-playground-link">{`${hostIssuer(domain)}/playground`}</a>
                    </li>
                  ))}
                </ul>
                {access.role === "owner" ? (
                  <form action={setPlaygroundAction.bind(null, tenantId, false)}>
                    <button type="submit" className={secondaryButtonClass} data-testid="playground-disable">Turn the playground off</button>
                  </form>
                ) : null}
              </div>
            ) : (
              <div className="grid gap-3 text-sm">
                <p>Off. {access.tenant.environment === "production" ? "In a production tenant the playground logs in with the real eIDs of this tenant's connections, for anyone who opens it." : "It logs in with this tenant's test eIDs."}</p>
                {access.role === "owner" ? (
                  <form action={setPlaygroundAction.bind(null, tenantId, true)}>
                    <button type="submit" className={buttonClass} data-testid="playground-enable">Turn the playground on</button>
                  </form>
                ) : null}
              </div>
            )}
          </Card>
        ) : null}
        {access.role === "owner" ? (
          <Card title="Edit domains"><DomainsForm action={saveDomainsAction.bind(null, tenantId)} initial={domains.join("\n")} /></Card>
        ) : (
          <p className="text-sm text-slate-600">Only owners of this tenant can change its domains.</p>
        )}
      </div>
    </DashboardShell>
  );
}
