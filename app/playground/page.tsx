import type { Metadata } from "next";
import { PortaLogo } from "@/components/porta-logo";
import { DEFAULT_ENCRYPTION_ENC } from "@/lib/clients/encryption-algorithms";
import { canServeAcr } from "@/lib/clients/id-token-encryption-rule";
import { EID_METHODS } from "@/lib/eid/catalogue";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { pathOf } from "@/lib/http/protocol-paths";
import { playgroundForHost } from "@/lib/playground/endpoints";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Playground" };

const SCOPES = [
  ["ssn", "National identity number"],
  ["address", "Address"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["birthdate", "Date of birth"],
] as const;

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";
const label = "block text-sm font-medium text-slate-700";

export default async function PlaygroundPage() {
  // PUBLIC_URL's playground logs in as the demo application; a tenant domain's as its tenant's.
  const rp = await playgroundForHost((await headers()).get("host"));
  if (!rp) notFound();
  const { issuer, application: demo, clientId, redirectUri } = rp;
  // The eIDs it can log in with: FTN only while it takes its ID tokens encrypted.
  const enabled = new Set(demo.enabledAcrValues.filter((acr) => canServeAcr(demo, acr)));
  const methods = EID_METHODS.filter((m) => enabled.has(m.acr));
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex items-center gap-3">
        <PortaLogo />
        <div>
          <h1 className="text-2xl font-semibold">Playground</h1>
          <p className="text-sm text-slate-600">A relying party inside Porta: build a login, run it, inspect what comes back.</p>
        </div>
      </header>

      <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="font-medium">Demo application</h2>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-500">Issuer</dt>
          <dd className="font-mono break-all" data-testid="playground-issuer">{issuer}</dd>
          <dt className="text-slate-500">Client ID</dt>
          <dd className="font-mono break-all" data-testid="playground-client-id">{clientId}</dd>
          <dt className="text-slate-500">Redirect URI</dt>
          <dd className="font-mono break-all">{redirectUri}</dd>
          <dt className="text-slate-500">ID token encryption</dt>
          <dd data-testid="playground-encryption">
            {demo.idTokenEncryptedResponseAlg ? (
              <><span className="font-mono">{demo.idTokenEncryptedResponseAlg} · {demo.idTokenEncryptedResponseEnc ?? DEFAULT_ENCRYPTION_ENC}</span> — the playground opens the ID tokens with its private key (FTN requires encrypted ID tokens)</>
            ) : (
              "none — FTN is not offered"
            )}
          </dd>
        </dl>
      </section>

      <form method="get" action={pathOf("playgroundStart")} className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="playground-form">
        <fieldset>
          <legend className={label}>eIDs (acr_values) — none selected means the application&apos;s configured eIDs</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {methods.map((m) => (
              <label key={m.acr} className="flex items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50">
                <input type="checkbox" name="acr_values" value={m.acr} className="mt-1" />
                <span>
                  <span className="font-medium">{m.name}</span>
                  <span className="block font-mono text-xs text-slate-500 break-all">{m.acr}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className={label}>Scopes (openid is always sent)</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {SCOPES.map(([value, text]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="scopes" value={value} /> {text} <code className="text-xs text-slate-500">{value}</code>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <label className={label}>
            response_type
            <select name="response_type" className={field} defaultValue="code">
              <option value="code">code</option>
              <option value="id_token">id_token (implicit)</option>
            </select>
          </label>
          <label className={label}>
            response_mode
            <select name="response_mode" className={field} defaultValue="">
              <option value="">default</option>
              <option value="query">query</option>
              <option value="fragment">fragment</option>
              <option value="form_post">form_post</option>
            </select>
          </label>
          <label className={label}>
            prompt
            <select name="prompt" className={field} defaultValue="">
              <option value="">(none sent)</option>
              <option value="none">none</option>
              <option value="login">login</option>
              <option value="consent">consent</option>
              <option value="consent_revoke">consent_revoke</option>
            </select>
          </label>
          <label className={label}>
            max_age (seconds)
            <input name="max_age" inputMode="numeric" pattern="\d*" className={field} placeholder="unset" />
          </label>
          <label className={`${label} sm:col-span-2`}>
            login_hint
            <input name="login_hint" className={field} placeholder="e.g. action:sign message:SGVsbG8" />
          </label>
          <label className={label}>
            ui_locales
            <input name="ui_locales" className={field} placeholder="e.g. da" />
          </label>
          <label className="flex items-center gap-2 self-end text-sm font-medium text-slate-700">
            <input type="checkbox" name="pkce" defaultChecked /> Use PKCE (S256)
          </label>
        </div>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" data-testid="playground-start" className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            Start login
          </button>
          {/* A plain link: a prefetching <Link> would call the logout endpoint in the background. */}
          <a href={`${pathOf("endSession")}?client_id=${encodeURIComponent(clientId)}`} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline" data-testid="playground-logout">
            End the Porta session
          </a>
        </div>
      </form>
    </main>
  );
}
