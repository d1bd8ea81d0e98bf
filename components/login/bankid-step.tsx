/**
 * The card around the Swedish BankID step of a production login: the BankID header, what the
 * person is doing and for whom (login_hint `action:`), and the live part (bankid-login.tsx) with
 * every string in the page's language.
 */
import { getTranslations } from "next-intl/server";
import { BANKID_MESSAGE_KEYS, type BankIdMessageKey } from "@/lib/eid/connection-kinds/se-bankid/hint-messages";
import { launchFor } from "@/lib/eid/families/se-bankid/launch";
import type { EidFamily } from "@/lib/eid/families";
import type { LoginAction } from "@/lib/eid/types";
import { pathOf } from "@/lib/http/protocol-paths";
import { BankIdLogin, type BankIdLoginLabels } from "./bankid-login";
import { brandFor } from "./simulators/brands";

const BUTTON = "inline-flex min-h-12 w-full items-center justify-center rounded-lg px-5 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 sm:w-auto sm:min-w-36";

export interface BankIdStepProps {
  loginId: string;
  /** The eID family the BankID RP API serves (its look). */
  family: EidFamily;
  acr: string;
  methodName: string;
  clientName: string;
  action: LoginAction;
}

async function labels(): Promise<BankIdLoginLabels> {
  const t = await getTranslations("bankid");
  const failures = await getTranslations("eidFailure");
  const reasons = ["cancelled", "expired", "refused", "certificate", "startFailed", "unavailable", "invalidResponse", "misconfigured"] as const;
  return {
    messages: Object.fromEntries(BANKID_MESSAGE_KEYS.map((key) => [key, t(key)])) as Record<BankIdMessageKey, string>,
    failures: Object.fromEntries(reasons.map((reason) => [reason, failures(reason)])),
    qr: t("qr"),
    qrIntro: t("qrIntro"),
    qrRefresh: t("qrRefresh"),
    openAppIntro: t("openAppIntro"),
    openApp: t("openApp"),
    or: t("or"),
    starting: t("starting"),
    complete: t("complete"),
    continue: t("continue"),
    cancel: t("cancel"),
    failedTitle: t("failedTitle"),
    back: t("back"),
    retrying: t("retrying"),
    noScript: t("noScript"),
  };
}

export async function BankIdStep({ loginId, family, acr, methodName, clientName, action }: BankIdStepProps) {
  const brand = brandFor(family, methodName);
  const simulator = await getTranslations("simulator");
  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="bankid-title" data-family={family}>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <header className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-5 ${brand.header}`}>
          {brand.wordmark}
          {methodName === brand.wordmarkText ? null : <span className="text-sm font-medium text-slate-700">{methodName}</span>}
        </header>
        <div className="flex flex-col gap-6 px-4 py-6 sm:px-5">
          <h1 id="bankid-title" className={`text-xl font-semibold break-words ${brand.text}`}>
            {simulator(`actions.${action}`, { client: clientName })}
          </h1>
          <BankIdLogin
            paths={{ status: pathOf("eidStatus", { loginId }), authenticate: pathOf("loginAuthenticate", { loginId }), cancel: pathOf("loginCancel", { loginId }) }}
            launch={launchFor(acr)}
            labels={await labels()}
            primaryClass={`${BUTTON} ${brand.primary} ${brand.focus}`}
            secondaryClass={`${BUTTON} ${brand.secondary} ${brand.focus}`}
          />
        </div>
      </div>
    </section>
  );
}
