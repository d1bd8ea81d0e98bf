import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BankIdStep } from "@/components/login/bankid-step";
import { EidSimulator } from "@/components/login/eid-simulator";
import { loadForPage } from "@/components/login/load-page";
import { redirect } from "next/navigation";
import { LoginShell } from "@/components/login/login-shell";
import { currentLocale } from "@/i18n/current-locale";
import { simulatorLabels } from "@/i18n/simulator-labels";
import { findEidMethod } from "@/lib/eid/catalogue";
import { findConnection } from "@/lib/eid/connections/service";
import { methodNameIn } from "@/lib/eid/family-text";
import { pathOf } from "@/lib/http/protocol-paths";
import { testIdentitiesFor } from "@/lib/eid/test-identities";
import { problemPathFor } from "@/lib/login/step-paths";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("eid");
  return { title: t("pageTitle") };
}

export default async function EidPage({ params }: { params: Promise<{ tx: string }> }) {
  const { tx } = await params;
  const login = await loadForPage(tx, "eid_authenticating");
  const method = findEidMethod(login.tx.acr ?? "");
  if (!method) redirect(problemPathFor(tx, "unknownEid"));
  const locale = await currentLocale();
  const methodName = methodNameIn(method, locale);
  const t = await getTranslations("eid");
  const chooseAnother =
    login.request.acrValues.length > 1 ? (
      <form method="post" action={pathOf("loginBack", { tx })} className="mt-4 text-center">
        <button type="submit" className="min-h-11 text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {t("chooseAnother")}
        </button>
      </form>
    ) : null;
  if (login.client.tenant.environment !== "test") {
    // Production: Porta's own page serves the eIDs answered in an app (Swedish BankID's RP API).
    const connection = method.family === "se-bankid" ? await findConnection(login.client.tenantId, method.family) : null;
    if (connection?.kind === "se-bankid" && connection.enabled) {
      return (
        <LoginShell clientName={login.client.clientName} environment="production">
          <BankIdStep transactionId={tx} acr={method.acr} methodName={methodName} clientName={login.client.clientName} action={login.request.loginHint.action} />
          {chooseAnother}
        </LoginShell>
      );
    }
    redirect(problemPathFor(tx, "unavailable"));
  }
  const labels = await simulatorLabels();
  const hint = login.request.loginHint;
  const identities = testIdentitiesFor(method.family);
  const prefilled = hint.sub ? identities.findIndex((i) => i.nationalId === hint.sub) : -1;
  const ordered = prefilled > 0 ? [identities[prefilled]!, ...identities.filter((_, i) => i !== prefilled)] : identities;
  return (
    <LoginShell clientName={login.client.clientName} environment="test">
      <EidSimulator
        methodName={methodName}
        family={method.family}
        acr={method.acr}
        clientName={login.client.clientName}
        identities={ordered}
        action={hint.action}
        message={hint.message}
        formAction={pathOf("loginAuthenticate", { tx })}
        labels={labels}
        locale={locale}
      />
      {chooseAnother}
    </LoginShell>
  );
}
