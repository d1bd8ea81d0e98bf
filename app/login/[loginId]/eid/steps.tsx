/**
 * The steps of Porta's hosted eID page, one component per step: the simulator of test tenants, and
 * the step each connection kind brings (lib/eid/connection-kinds: `loginPage`). The type names
 * every step, so a kind with a step of its own needs its line here.
 */
import type { ReactNode } from "react";
import { BankIdStep } from "@/components/login/bankid-step";
import { EidSimulator } from "@/components/login/eid-simulator";
import type { ReadyLogin } from "@/components/login/load-page";
import type { Locale } from "@/lib/i18n/locales";
import { simulatorLabels } from "@/i18n/simulator-labels";
import type { EidMethod } from "@/lib/eid/catalogue";
import type { EidPageStep } from "@/lib/eid/connectors";
import { testIdentitiesFor } from "@/lib/eid/test-identities";
import { pathOf } from "@/lib/http/protocol-paths";

export interface StepProps {
  loginId: string;
  login: ReadyLogin;
  method: EidMethod;
  /** The method's name in the page's language. */
  methodName: string;
  locale: Locale;
}

/** Test tenants: pick a test identity, the one the login_hint's `sub:` names first. */
async function SimulatorStep({ loginId, login, method, methodName, locale }: StepProps) {
  const labels = await simulatorLabels();
  const hint = login.request.loginHint;
  const identities = testIdentitiesFor(method.family);
  const prefilled = hint.sub ? identities.findIndex((i) => i.nationalId === hint.sub) : -1;
  const ordered = prefilled > 0 ? [identities[prefilled]!, ...identities.filter((_, i) => i !== prefilled)] : identities;
  return (
    <EidSimulator
      methodName={methodName}
      family={method.family}
      acr={method.acr}
      clientName={login.client.clientName}
      identities={ordered}
      action={hint.action}
      message={hint.message}
      formAction={pathOf("loginAuthenticate", { loginId })}
      labels={labels}
      locale={locale}
    />
  );
}

/** The BankID RP API: the QR code and the app launch, while the page polls the order. */
function BankIdAppStep({ loginId, login, method, methodName }: StepProps) {
  return <BankIdStep loginId={loginId} family={method.family} acr={method.acr} methodName={methodName} clientName={login.client.clientName} action={login.request.loginHint.action} />;
}

export const EID_PAGE_STEPS: Record<EidPageStep, (props: StepProps) => ReactNode | Promise<ReactNode>> = {
  simulator: SimulatorStep,
  bankid: BankIdAppStep,
};
