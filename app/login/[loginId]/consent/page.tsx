import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadForPage } from "@/components/login/load-page";
import { LoginShell } from "@/components/login/login-shell";
import { pathOf } from "@/lib/http/protocol-paths";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("consent");
  return { title: t("pageTitle") };
}

export default async function ConsentPage({ params }: { params: Promise<{ loginId: string }> }) {
  const { loginId } = await params;
  const login = await loadForPage(loginId, "consent");
  const t = await getTranslations("consent");
  // Scopes with a wording in the catalogues (lib/i18n/messages, consent.scopes) are shown.
  const scopes = login.request.scopes.filter((s) => t.has(`scopes.${s}`));
  const client = login.client.clientName;
  return (
    <LoginShell clientName={client} environment={login.client.tenant.environment}>
      <h1 className="text-2xl font-semibold tracking-tight">{t("title", { client })}</h1>
      <p className="mt-2 text-slate-700">{t("asksFor", { client })}</p>
      <ul className="mt-4 space-y-2" data-testid="consent-scopes">
        {scopes.map((scope) => (
          <li key={scope} className="flex items-start gap-3 rounded-lg bg-slate-50 px-4 py-3">
            <span aria-hidden="true" className="mt-0.5 text-brand-700">✓</span>
            <span>{t(`scopes.${scope}`)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600">{t("remember", { client })}</p>
      <form method="post" action={pathOf("loginConsentDecision", { loginId })} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="submit" name="decision" value="decline" data-testid="consent-decline" className="min-h-11 rounded-lg border border-slate-400 px-5 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {t("decline")}
        </button>
        <button type="submit" name="decision" value="accept" data-testid="consent-accept" className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {t("allow")}
        </button>
      </form>
    </LoginShell>
  );
}
