import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LoginShell } from "@/components/login/login-shell";
import { loadForPage } from "@/components/login/load-page";
import { currentLocale } from "@/i18n/current-locale";
import { EID_METHODS } from "@/lib/eid/catalogue";
import { methodNameIn } from "@/lib/eid/family-text";
import { pathOf } from "@/lib/http/protocol-paths";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("selection");
  return { title: t("pageTitle") };
}

export default async function SelectionPage({ params }: { params: Promise<{ loginId: string }> }) {
  const { loginId } = await params;
  const login = await loadForPage(loginId, "eid_selection");
  const t = await getTranslations("selection");
  const locale = await currentLocale();
  const methods = login.request.acrValues.map((acr) => EID_METHODS.find((m) => m.acr === acr)).filter((m) => m !== undefined);
  const countries = [...new Set(methods.map((m) => m.country))];
  const client = login.client.clientName;
  return (
    <LoginShell clientName={client} environment={login.client.tenant.environment}>
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-slate-700">{t("intro", { client })}</p>
      <form method="post" action={pathOf("loginSelect", { loginId })} className="mt-6 space-y-6">
        {countries.map((country) => (
          <fieldset key={country}>
            <legend className="mb-2 text-sm font-medium uppercase tracking-wide text-slate-600">{t(`countries.${country}`)}</legend>
            <ul className="space-y-2">
              {methods
                .filter((m) => m.country === country)
                .map((m) => (
                  <li key={m.acr}>
                    <button
                      type="submit"
                      name="acr"
                      value={m.acr}
                      data-testid="eid-option"
                      data-acr={m.acr}
                      className="flex min-h-12 w-full items-center justify-between rounded-xl border border-slate-300 px-4 py-3 text-left font-medium transition hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      <span>{methodNameIn(m, locale)}</span>
                      <span aria-hidden="true" className="text-slate-500">→</span>
                    </button>
                  </li>
                ))}
            </ul>
          </fieldset>
        ))}
      </form>
      <form method="post" action={pathOf("loginCancel", { loginId })} className="mt-6 border-t border-slate-100 pt-4">
        <button type="submit" data-testid="login-cancel" className="min-h-11 rounded-lg px-3 text-sm font-medium text-slate-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {t("cancel", { client })}
        </button>
      </form>
    </LoginShell>
  );
}
