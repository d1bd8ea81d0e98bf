import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ConfirmSubmit } from "@/components/dashboard/confirm-submit";
import { CopyButton } from "@/components/dashboard/copy-button";
import { EidConnectionForm } from "@/components/dashboard/eid-connection-form";
import { EidConnectionTestButton } from "@/components/dashboard/eid-connection-test-button";
import { initialEidFormValues, kindFormViews, storedSecretsOf } from "@/components/dashboard/eid-connection-form-data";
import { ConnectionStateBadges, LastCheck } from "@/components/dashboard/eid-connection-status";
import { DashboardShell } from "@/components/dashboard/shell";
import { Card, dangerButtonClass, PageHeader, secondaryButtonClass } from "@/components/dashboard/ui";
import { connectionKindOf, findConnectionKind } from "@/lib/eid/connection-kinds";
import { callbackUrl } from "@/lib/eid/connection-kinds/oidc/connector";
import type { Connection } from "@/lib/eid/connections/service";
import { pathOf } from "@/lib/http/protocol-paths";
import { tenantIssuers } from "@/lib/tenants/tenant-issuers";
import { deleteConnectionAction, saveConnectionAction, testConnectionAction } from "../actions";
import { familyFormSpec, findFamilyConnection } from "../family-spec";
import { loadTenant } from "../../load-tenant";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "eID connection" };

function CopyableValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <dt className="font-medium">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-slate-50 px-2 py-1 text-xs" data-testid={testId}>{value}</code>
        <CopyButton value={value} label="Copy" testId={`copy-${testId}`} />
      </dd>
    </div>
  );
}

/** What the operator registers at the upstream provider: the redirect URI and, for private_key_jwt, Porta's public keys. */
function RegisterUpstream({ connection, issuers }: { connection: Connection | null; issuers: readonly string[] }) {
  // Keys are served on each of the tenant's issuers; the first one is shown.
  const issuer = issuers[0];
  if (!issuer) {
    return (
      <Card title="Register at the provider" description="Give the provider these when you register Porta as its client." testId="register-upstream">
        <p className="text-sm text-slate-700" data-testid="register-upstream-no-domain">
          A production tenant is served only on its own domains, and this one has none yet: give it a domain first. The redirect URI is then <code>https://&lt;domain&gt;/login/callback</code>.
        </p>
      </Card>
    );
  }
  const jwks = connection ? (connectionKindOf(connection).providerRegistration?.keysInUse(connection) ?? null) : null;
  const jwksJson = jwks ? JSON.stringify(jwks, null, 2) : "";
  return (
    <Card title="Register at the provider" description="Give the provider these when you register Porta as its client." testId="register-upstream">
      <dl className="grid grid-cols-1 gap-4 text-sm">
        {issuers.map((each, i) => (
          <CopyableValue key={each} label={issuers.length > 1 ? `Redirect URI (${new URL(each).host})` : "Redirect URI"} value={callbackUrl(each)} testId={i === 0 ? "redirect-uri" : `redirect-uri-${i}`} />
        ))}
        {jwks && connection ? (
          <>
            <CopyableValue label="JWKS URL (Porta's public key for private_key_jwt)" value={`${issuer}${pathOf("eidConnectionJwks", { id: connection.id })}`} testId="connection-jwks-url" />
            <div>
              <dt className="flex flex-wrap items-center justify-between gap-2 font-medium">
                <span>JWKS</span>
                <CopyButton value={jwksJson} label="Copy JWKS" testId="copy-connection-jwks" />
              </dt>
              <dd className="mt-1">
                <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs" data-testid="connection-jwks">{jwksJson}</pre>
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {jwks ? null : (
        <p className="mt-4 text-sm text-slate-600">
          With private key JWT client authentication, Porta generates a key for this connection when you save it, and its public keys appear here.
        </p>
      )}
    </Card>
  );
}

export default async function EidConnectionPage({ params }: { params: Promise<{ tenantId: string; family: string }> }) {
  const { tenantId, family } = await params;
  const base = `/dashboard/t/${tenantId}/eids`;
  const { admin, access, tenants } = await loadTenant(tenantId, `${base}/${encodeURIComponent(family)}`);
  const spec = familyFormSpec(family);
  if (!spec) notFound();
  const back = <Link href={base} className={secondaryButtonClass}>All eIDs</Link>;

  if (access.tenant.environment !== "production") {
    return (
      <DashboardShell email={admin.email} tenants={tenants} current={access}>
        <PageHeader title={spec.name} actions={back} />
        <Card testId="eid-simulators">
          <p className="text-sm text-slate-700">This is a test tenant: {spec.name} runs on Porta&apos;s built-in simulator and needs no configuration.</p>
        </Card>
      </DashboardShell>
    );
  }

  const connection = await findFamilyConnection(tenantId, family);
  const canChange = access.role === "owner";
  // The redirect URI (and Porta's keys) matter for a kind whose provider registers Porta; a family
  // whose form opens on another kind shows the redirect URI in the form when such a kind is chosen.
  const shownKind = connection?.kind ?? spec.kinds[0];
  const showRegister = shownKind !== undefined && findConnectionKind(shownKind)?.providerRegistration !== undefined;
  // Upstream eIDs send the browser back to the domain the login runs on: none until the tenant has one.
  const issuers = await tenantIssuers(tenantId);
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title={spec.name} description={`Production connection for ${access.tenant.name}.`} actions={back} />
      <div className={`grid gap-6 ${showRegister ? "lg:grid-cols-2" : ""}`}>
        <Card title="Status" testId="connection-status">
          <dl className="grid gap-3 text-sm">
            <div><dt className="font-medium">Connection</dt><dd className="mt-1"><ConnectionStateBadges connection={connection} /></dd></div>
            <div><dt className="font-medium">Last test</dt><dd className="mt-1" aria-live="polite"><LastCheck connection={connection} /></dd></div>
          </dl>
          {connection ? (
            <div className="mt-4">
              <EidConnectionTestButton action={testConnectionAction.bind(null, tenantId, family)} />
            </div>
          ) : (
            <p className="mt-4 text-sm text-slate-600">Not configured: logins with {spec.name} fail until a connection is saved and enabled.</p>
          )}
        </Card>
        {showRegister ? <RegisterUpstream connection={connection} issuers={issuers} /> : null}
      </div>
      <h2 className="mb-3 mt-10 text-lg font-semibold">Settings</h2>
      <EidConnectionForm
        action={saveConnectionAction.bind(null, tenantId, family)}
        spec={spec}
        initial={initialEidFormValues(spec, connection)}
        stored={storedSecretsOf(connection)}
        kinds={kindFormViews()}
        redirectUri={showRegister || !issuers[0] ? undefined : callbackUrl(issuers[0])}
        readOnly={!canChange}
      />
      {connection && canChange ? (
        <section className="mt-10 rounded-xl border border-rose-200 bg-white p-5">
          <h2 className="font-semibold text-rose-800">Delete connection</h2>
          <p className="mt-1 text-sm text-slate-600">Logins with {spec.name} in this tenant stop working, and its stored secrets are erased. This cannot be undone.</p>
          <form action={deleteConnectionAction.bind(null, tenantId, family)} className="mt-3">
            <ConfirmSubmit message={`Delete the ${spec.name} connection? Logins with it stop working.`} className={dangerButtonClass} testId="delete-connection">Delete connection</ConfirmSubmit>
          </form>
        </section>
      ) : null}
    </DashboardShell>
  );
}
