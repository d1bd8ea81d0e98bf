import type { Metadata } from "next";
import { ConfirmSubmit } from "@/components/dashboard/confirm-submit";
import { DashboardShell } from "@/components/dashboard/shell";
import { Badge, Card, dangerButtonClass, EmptyState, PageHeader } from "@/components/dashboard/ui";
import { config } from "@/lib/config";
import { listAdminTokens } from "@/lib/admin/list-admin-tokens";
import { loadTenant } from "../load-tenant";
import { createTokenAction, revokeTokenAction } from "./actions";
import { TokenForm } from "./token-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/tokens`);
  const tokens = await listAdminTokens(tenantId);
  const canChange = access.role === "owner";
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title="API tokens" description={<>Bearer tokens for <code>{`${config().issuer}/oauth2/register`}</code> (RFC 7591): they register applications in {access.tenant.name}.</>} />
      <div className="grid gap-6">
        {canChange ? (
          <Card title="New token"><TokenForm action={createTokenAction.bind(null, tenantId)} /></Card>
        ) : (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="read-only">Only owners of this tenant can create or revoke API tokens.</p>
        )}
        {tokens.length === 0 ? (
          <EmptyState title="No API tokens" text="Create one to register applications from your deployment scripts." />
        ) : (
          <Card title="Tokens">
            <ul className="divide-y divide-slate-100" data-testid="token-list">
              {tokens.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                  <div>
                    <span className="font-medium">{t.name}</span> {t.revokedAt ? <Badge tone="rose">revoked</Badge> : <Badge tone="green">active</Badge>}
                    <span className="block text-xs text-slate-500">Created {t.createdAt.toISOString().slice(0, 10)} by {t.createdBy ?? "—"} · last used {t.lastUsedAt?.toISOString().slice(0, 16).replace("T", " ") ?? "never"}</span>
                  </div>
                  {t.revokedAt || !canChange ? null : (
                    <form action={revokeTokenAction.bind(null, tenantId, t.id)}>
                      <ConfirmSubmit message={`Revoke ${t.name}? Anything using it stops working.`} className={dangerButtonClass} testId="token-revoke">Revoke</ConfirmSubmit>
                    </form>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </DashboardShell>
  );
}
