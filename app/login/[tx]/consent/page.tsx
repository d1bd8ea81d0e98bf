import type { Metadata } from "next";
import { loadForPage } from "@/components/login/load-page";
import { LoginShell } from "@/components/login/login-shell";
import { SCOPE_LABELS } from "@/lib/oauth/scope-labels";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Share your information" };

export default async function ConsentPage({ params }: { params: Promise<{ tx: string }> }) {
  const { tx } = await params;
  const login = await loadForPage(tx, "consent");
  if ("problem" in login) return login.problem;
  const scopes = login.request.scopes.filter((s) => SCOPE_LABELS[s]);
  const name = login.client.clientName;
  return (
    <LoginShell clientName={name} environment={login.client.tenant.environment}>
      <h1 className="text-2xl font-semibold tracking-tight">Share your information with {name}?</h1>
      <p className="mt-2 text-slate-600">{name} asks for:</p>
      <ul className="mt-4 space-y-2" data-testid="consent-scopes">
        {scopes.map((scope) => (
          <li key={scope} className="flex items-start gap-3 rounded-lg bg-slate-50 px-4 py-3">
            <span aria-hidden="true" className="mt-0.5 text-brand-700">✓</span>
            <span>{SCOPE_LABELS[scope]}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-500">Porta remembers your answer for {name}. You can withdraw it later.</p>
      <form method="post" action={`/login/${tx}/consent-decision`} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="submit" name="decision" value="decline" data-testid="consent-decline" className="min-h-11 rounded-lg border border-slate-300 px-5 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          Decline
        </button>
        <button type="submit" name="decision" value="accept" data-testid="consent-accept" className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          Allow
        </button>
      </form>
    </LoginShell>
  );
}
