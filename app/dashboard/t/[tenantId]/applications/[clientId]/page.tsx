import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/dashboard/action-button";
import { ApplicationForm } from "@/components/dashboard/application-form";
import { ConfirmSubmit } from "@/components/dashboard/confirm-submit";
import { CopyButton } from "@/components/dashboard/copy-button";
import { DashboardShell } from "@/components/dashboard/shell";
import { Badge, Card, dangerButtonClass, PageHeader, secondaryButtonClass } from "@/components/dashboard/ui";
import { applicationFormValuesOf } from "@/lib/clients/dashboard-form";
import { applicationFormOptions } from "@/lib/clients/dashboard-form-options";
import { findApplication } from "@/lib/clients/find-application";
import { usesClientSecret } from "@/lib/clients/schemas";
import { config } from "@/lib/config";
import { pathOf } from "@/lib/http/protocol-paths";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { deleteApplicationAction, fetchJwksAction, rotateSecretAction, sendTestEventAction, updateApplicationAction } from "../actions";
import { loadTenant } from "../../load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Application" };

export default async function ApplicationPage({ params }: { params: Promise<{ tenantId: string; clientId: string }> }) {
  const { tenantId, clientId: rawClientId } = await params;
  const clientId = decodeURIComponent(rawClientId);
  const path = `/dashboard/t/${tenantId}/applications/${encodeURIComponent(clientId)}`;
  const { admin, access, tenants } = await loadTenant(tenantId, path);
  const app = await findApplication(clientId);
  if (!app || app.tenantId !== tenantId) notFound();
  const issuer = config().issuer;
  const deliveries = await listWebhookDeliveries(app.id);
  const sampleAuthorize = `${issuer}${pathOf("authorization")}?${new URLSearchParams({ client_id: app.clientId, redirect_uri: app.redirectUris[0] ?? "", response_type: "code", scope: "openid", state: "<state>", nonce: "<nonce>" })}`;
  const usesSecret = usesClientSecret(app.tokenEndpointAuthMethod);
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title={app.clientName} description={<span className="font-mono text-xs">{app.clientId}</span>} actions={<Badge tone={access.tenant.environment === "production" ? "green" : "amber"}>{access.tenant.environment}</Badge>} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Integration" description="Configure your OpenID Connect library with these." testId="integration-snippet">
          <dl className="grid gap-3 text-sm">
            <div><dt className="font-medium">Discovery URL</dt><dd className="mt-1 flex flex-wrap items-center gap-2"><code className="break-all">{`${issuer}${pathOf("discovery")}`}</code><CopyButton value={`${issuer}${pathOf("discovery")}`} /></dd></div>
            <div><dt className="font-medium">Client ID</dt><dd className="mt-1 flex flex-wrap items-center gap-2"><code className="break-all" data-testid="app-client-id">{app.clientId}</code><CopyButton value={app.clientId} /></dd></div>
            <div><dt className="font-medium">Sample authorize URL</dt><dd className="mt-1"><code className="block break-all rounded bg-slate-50 p-2 text-xs">{sampleAuthorize}</code></dd></div>
          </dl>
          <Link href={pathOf("playgroundPage")} className={`${secondaryButtonClass} mt-4`}>Try logins in the playground</Link>
        </Card>
        <Card title="Credentials" description={usesSecret ? `Client secret (${app.tokenEndpointAuthMethod}); last set ${app.clientSecretUpdatedAt?.toISOString().slice(0, 16).replace("T", " ") ?? "never"} UTC.` : `Authentication: ${app.tokenEndpointAuthMethod}.`}>
          {usesSecret ? (
            <ActionButton action={rotateSecretAction.bind(null, tenantId, clientId)} label="Rotate client secret" className={secondaryButtonClass} confirm="The current secret stops working at once. Rotate?" testId="rotate-secret" />
          ) : null}
          {app.jwksUri ? (
            <div className="mt-4">
              <p className="text-sm">JWKS URL: <code className="break-all">{app.jwksUri}</code></p>
              <div className="mt-2"><ActionButton action={fetchJwksAction.bind(null, tenantId, clientId)} label="Fetch now" className={secondaryButtonClass} testId="fetch-jwks" /></div>
            </div>
          ) : null}
          {app.jwks ? (
            <ul className="mt-4 grid gap-1 text-sm" data-testid="jwks-keys">
              {(((app.jwks as { keys?: { kid?: string; use?: string; kty?: string; alg?: string }[] }).keys) ?? []).map((k, i) => (
                <li key={`${k.kid}-${i}`}><code>{k.kid ?? "(no kid)"}</code> · {k.kty}{k.alg ? ` · ${k.alg}` : ""} · use {k.use ?? "any"}</li>
              ))}
            </ul>
          ) : null}
        </Card>
        {app.webhook ? (
          <Card title="Webhook" description={<>Extension id <code data-testid="extension-id">{app.webhook.id}</code> (the aud of Porta&apos;s tokens)</>}>
            <ActionButton action={sendTestEventAction.bind(null, tenantId, clientId)} label="Send test event" className={secondaryButtonClass} testId="send-test-event" />
            <h3 className="mt-5 text-sm font-semibold">Delivery log</h3>
            {deliveries.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No deliveries yet. Logins and test events appear here.</p>
            ) : (
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-xs" data-testid="delivery-log">
                  <thead className="text-slate-500"><tr><th className="py-1 pr-2">Time (UTC)</th><th className="pr-2">Event</th><th className="pr-2">Status</th><th className="pr-2">Latency</th><th className="pr-2">Outcome</th><th>Error</th></tr></thead>
                  <tbody>
                    {deliveries.map((d) => (
                      <tr key={d.id} className="border-t border-slate-100">
                        <td className="py-1 pr-2 whitespace-nowrap">{d.createdAt.toISOString().slice(5, 19).replace("T", " ")}{d.isTest ? " (test)" : ""}</td>
                        <td className="pr-2">{d.event.replace("-event-1.0", "")}{d.attempt > 1 ? ` #${d.attempt}` : ""}</td>
                        <td className="pr-2">{d.status ?? "—"}</td>
                        <td className="pr-2">{d.latencyMs} ms</td>
                        <td className="pr-2"><Badge tone={d.outcome === "failure" ? "rose" : "green"}>{d.outcome}</Badge></td>
                        <td>{d.errorKind ?? ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        ) : null}
      </div>
      <h2 className="mb-3 mt-10 text-lg font-semibold">Settings</h2>
      <ApplicationForm action={updateApplicationAction.bind(null, tenantId, clientId)} options={applicationFormOptions(access.tenant.environment)} initial={applicationFormValuesOf(app)} submitLabel="Save changes" />
      <section className="mt-10 rounded-xl border border-rose-200 bg-white p-5">
        <h2 className="font-semibold text-rose-800">Delete application</h2>
        <p className="mt-1 text-sm text-slate-600">Its users can no longer log in to it, and its credentials stop working. This cannot be undone.</p>
        <form action={deleteApplicationAction.bind(null, tenantId, clientId)} className="mt-3">
          <ConfirmSubmit message={`Delete ${app.clientName}? This cannot be undone.`} className={dangerButtonClass} testId="delete-application">Delete application</ConfirmSubmit>
        </form>
      </section>
    </DashboardShell>
  );
}
