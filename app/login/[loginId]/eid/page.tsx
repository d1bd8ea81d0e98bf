import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadForPage } from "@/components/login/load-page";
import { redirect } from "next/navigation";
import { LoginShell } from "@/components/login/login-shell";
import { currentLocale } from "@/i18n/current-locale";
import { findEidMethod } from "@/lib/eid/catalogue";
import { eidPageFor } from "@/lib/eid/connectors";
import { methodNameIn } from "@/lib/eid/family-text";
import { pathOf } from "@/lib/http/protocol-paths";
import { problemPathFor } from "@/lib/login/step-paths";
import { EID_PAGE_STEPS } from "./steps";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("eid");
  return { title: t("pageTitle") };
}

/**
 * Porta's own page of a login's eID step, for the connector that runs it (the simulator of test
 * tenants, BankID's app launch); a login whose eID shows no page of Porta's is sent to the
 * problem page.
 */
export default async function EidPage({ params }: { params: Promise<{ loginId: string }> }) {
  const { loginId } = await params;
  const page = await loadForPage(loginId, "eid_authenticating");
  const method = findEidMethod(page.login.acr ?? "");
  if (!method) redirect(problemPathFor(loginId, "unknownEid"));
  const step = await eidPageFor(page.client.tenant, method);
  if (!step) redirect(problemPathFor(loginId, "unavailable"));
  const locale = await currentLocale();
  const t = await getTranslations("eid");
  const Step = EID_PAGE_STEPS[step];
  const chooseAnother =
    page.request.acrValues.length > 1 ? (
      <form method="post" action={pathOf("loginBack", { loginId })} className="mt-4 text-center">
        <button type="submit" className="min-h-11 text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {t("chooseAnother")}
        </button>
      </form>
    ) : null;
  return (
    <LoginShell clientName={page.client.clientName} environment={page.client.tenant.environment}>
      <Step loginId={loginId} login={page} method={method} methodName={methodNameIn(method, locale)} locale={locale} />
      {chooseAnother}
    </LoginShell>
  );
}
