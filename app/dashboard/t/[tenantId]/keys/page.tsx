import type { Metadata } from "next";
import { ActionButton } from "@/components/dashboard/action-button";
import { DashboardShell } from "@/components/dashboard/shell";
import { Badge, Card, PageHeader, secondaryButtonClass } from "@/components/dashboard/ui";
import { loadPublishedKeys, type ListedKey } from "@/lib/keys/load-published-keys";
import { loadTenant } from "../load-tenant";
import { rotateTenantKeysAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Keys" };

const when = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "—");
const tone = (state: string) => (state === "current" ? "green" : state === "next" ? "blue" : "slate");

function KeyTable({ keys, testId }: { keys: ListedKey[]; testId: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="text-slate-500"><tr><th className="py-2 pr-3 font-medium">Key id</th><th className="pr-3 font-medium">Alg</th><th className="pr-3 font-medium">State</th><th className="pr-3 font-medium">Created (UTC)</th><th className="pr-3 font-medium">Active since</th><th className="font-medium">Leaves the JWKS</th></tr></thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} className="border-t border-slate-100">
              <td className="py-2 pr-3 font-mono text-xs" data-kid={k.kid}>{k.kid}</td>
              <td className="pr-3">{k.alg}</td>
              <td className="pr-3"><Badge tone={tone(k.state)}>{k.state === "current" ? "active" : k.state}</Badge></td>
              <td className="pr-3 whitespace-nowrap">{when(k.createdAt)}</td>
              <td className="pr-3 whitespace-nowrap">{when(k.activatedAt)}</td>
              <td className="whitespace-nowrap">{k.state === "retired" ? when(k.unpublishAt) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default async function KeysPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/keys`);
  const { tenantKeys, webhookKeys } = await loadPublishedKeys(tenantId);
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title="Keys" description="Each key is published in the JWKS before it signs (next), signs while active, and stays published for an hour after it retires." />
      <div className="grid gap-6">
        <Card title="ID token signing keys" description="Used for this tenant's ID tokens and signed userinfo.">
          <KeyTable keys={tenantKeys} testId="tenant-keys" />
          <div className="mt-4"><ActionButton action={rotateTenantKeysAction.bind(null, tenantId)} label="Rotate keys" className={secondaryButtonClass} confirm="Rotate: the next keys start signing now and the active ones retire. Continue?" testId="rotate-keys" /></div>
        </Card>
        {/* Shared by every tenant: only the platform rotates them (npm run keys -- rotate --extension). */}
        <Card title="Webhook service keys" description="Sign the bearer tokens Porta sends to webhooks (shared by every tenant; the platform operator rotates them).">
          <KeyTable keys={webhookKeys} testId="webhook-keys" />
        </Card>
      </div>
    </DashboardShell>
  );
}
