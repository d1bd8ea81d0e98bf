/**
 * The test-environment stand-in for one eID (README, "Test identities"): pick a test identity (FTN and iDIN: a
 * bank first), see what the eID app would show, approve or cancel. A server component; the form
 * posts without client JS, the small client parts (animated QR, "Open BankID app", bank picker)
 * only add behaviour. Test hooks (stable data-testid values the end-to-end tests use): `test-identity`, `eid-app-text`, `eid-approve`,
 * `eid-cancel`; also `bankid-qr` (with `data-frame`), `bankid-open-app`, `eid-bank` (with
 * `data-bank`) in `eid-bank-choice`, and `eid-authenticator`. The client parts carry
 * `data-hydrated` once React handles them (components/hooks/use-is-browser.ts).
 *
 * Every visible string comes from `labels` (English by default, see `simulators/labels.ts`) and
 * from the family's own texts in `locale`; its look and steps from the family's simulator spec
 * (lib/eid/families/<family>).
 */
import { findFamily, type EidFamily } from "@/lib/eid/families";
import { familyTextIn } from "@/lib/eid/family-text";
import { providerAtAcr } from "@/lib/eid/test-identities";
import type { EidProvider, LoginAction, TestIdentity } from "@/lib/eid/types";
import type { Locale } from "@/lib/i18n/locales";
import { AnimatedQr } from "./simulators/animated-qr";
import { brandFor } from "./simulators/brands";
import { eidNames, fill, SIMULATOR_LABELS, type SimulatorLabels } from "./simulators/labels";
import { OpenAppStep } from "./simulators/open-app-step";
import { PhonePanel } from "./simulators/phone-panel";
import { ProviderPicker, type PickerIdentity } from "./simulators/provider-picker";

export interface EidSimulatorProps {
  /** The catalogue's method name, e.g. "MitID (substantial)". */
  methodName: string;
  family: EidFamily;
  acr: string;
  clientName: string;
  identities: TestIdentity[];
  action: LoginAction;
  message?: string;
  formAction: string;
  hiddenFields?: Record<string, string>;
  /** Visible strings; English when absent. */
  labels?: SimulatorLabels;
  /** The language of the family's own texts; English when absent. */
  locale?: Locale;
}

/** What the eID app says for a login_hint `action:` (README, "login_hint"), e.g. "Log in at Acme". */
export function actionWording(action: LoginAction, clientName: string, labels: SimulatorLabels = SIMULATOR_LABELS): string {
  return fill(labels.actions[action], { client: clientName });
}

const IDENTITY_SELECT_ID = "eid-simulator-identity";
const BUTTON = "inline-flex min-h-12 w-full items-center justify-center rounded-lg px-5 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto sm:min-w-36";
const SELECT = "min-h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2";

/** The identities with their bank or operator at this acr, when every one has one. */
function withProviders(identities: TestIdentity[], acr: string): { providers: EidProvider[]; picks: PickerIdentity[] } | undefined {
  const providers = new Map<string, EidProvider>();
  const picks: PickerIdentity[] = [];
  for (const identity of identities) {
    const provider = providerAtAcr(identity, acr);
    if (!provider) return undefined;
    if (!providers.has(provider.id)) providers.set(provider.id, provider);
    picks.push({ id: identity.id, label: identity.label, providerId: provider.id });
  }
  return picks.length > 0 ? { providers: [...providers.values()], picks } : undefined;
}

export function EidSimulator(props: EidSimulatorProps) {
  const { methodName, family, acr, clientName, identities, action, message, formAction, hiddenFields = {}, labels = SIMULATOR_LABELS, locale = "en" } = props;
  const spec = findFamily(family)?.simulator;
  const text = familyTextIn(family, locale).simulator;
  const brand = brandFor(family, methodName);
  const names = eidNames(labels, text, methodName);
  const wording = actionWording(action, clientName, labels);
  const launchText = text?.launch;
  const launch = launchText ? spec?.launch?.(acr) : undefined;
  const authenticatorKey = spec?.authenticator?.(acr);
  const authenticator = authenticatorKey ? text?.authenticators?.[authenticatorKey] : undefined;
  const hasIdentities = identities.length > 0;
  const picker = withProviders(identities, acr);
  const mobileOperators = spec?.providers?.(acr) === "operator";
  const identityHint = hasIdentities ? (text?.identityHint ?? labels.identityHint) : labels.noIdentities;

  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="eid-simulator-title" data-family={family}>
      <p role="note" className="mb-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
        <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true">
          <path d="M10 2 1 18h18L10 2z" fill="#d97706" />
          <path d="M10 8v4.5" stroke="white" strokeWidth="2" strokeLinecap="round" />
          <circle cx="10" cy="15" r="1.1" fill="white" />
        </svg>
        <span>{fill(labels.testNotice, { eid: names.name })}</span>
      </p>

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <header className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-5 ${brand.header}`}>
          {brand.wordmark}
          {methodName === brand.wordmarkText ? null : <span className="text-sm font-medium text-slate-700">{methodName}</span>}
        </header>

        <form method="post" action={formAction} className="flex flex-col gap-6 px-4 py-6 sm:px-5">
          {Object.entries(hiddenFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}

          <h1 id="eid-simulator-title" className={`text-xl font-semibold break-words ${brand.text}`}>
            {wording}
          </h1>

          {picker ? (
            <ProviderPicker
              providers={picker.providers}
              badges={brand.providerBadges}
              identities={picker.picks}
              labels={{
                legend: mobileOperators ? labels.operatorLegend : labels.bankLegend,
                hint: mobileOperators ? labels.operatorHint : labels.bankHint,
                identity: labels.identity,
                identityHint,
              }}
              selectId={IDENTITY_SELECT_ID}
              selectClass={`${SELECT} ${brand.focus}`}
              pickedClass={brand.picked}
            />
          ) : (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={IDENTITY_SELECT_ID} className="text-sm font-semibold text-slate-900">
                {labels.identity}
              </label>
              <select
                id={IDENTITY_SELECT_ID}
                name="identity"
                data-testid="test-identity"
                defaultValue={identities[0]?.id}
                disabled={!hasIdentities}
                aria-describedby={`${IDENTITY_SELECT_ID}-hint`}
                className={`${SELECT} ${brand.focus}`}
              >
                {hasIdentities ? (
                  identities.map((identity) => (
                    <option key={identity.id} value={identity.id}>
                      {identity.label}
                    </option>
                  ))
                ) : (
                  <option value="">{labels.noIdentitiesOption}</option>
                )}
              </select>
              <p id={`${IDENTITY_SELECT_ID}-hint`} className="text-sm text-slate-600">
                {identityHint}
              </p>
            </div>
          )}

          {launch === "qr" && launchText ? (
            <div className="flex flex-col items-center gap-2 text-center">
              <AnimatedQr seed={`${acr}|${clientName}`} label={launchText.qr} className="h-44 w-44 rounded-md border border-slate-200" />
              <p className="text-sm text-slate-700">{fill(launchText.qrScan, { app: names.app })}</p>
              <p className="text-xs text-slate-600">{launchText.qrRefresh}</p>
            </div>
          ) : null}

          {launch === "open-app" && launchText ? (
            <OpenAppStep labels={{ openApp: launchText.openApp, openAppIntro: launchText.openAppIntro, openAppOpened: launchText.openAppOpened }} buttonClass={`${BUTTON} ${brand.primary} ${brand.focus}`} />
          ) : null}

          <PhonePanel
            brand={brand}
            appName={names.app}
            wording={wording}
            message={message}
            authenticator={authenticator}
            labels={labels}
          />

          <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
            <button type="submit" name="decision" value="approve" data-testid="eid-approve" disabled={!hasIdentities} className={`${BUTTON} ${brand.primary} ${brand.focus}`}>
              {labels.approve}
            </button>
            <button type="submit" name="decision" value="cancel" data-testid="eid-cancel" className={`${BUTTON} ${brand.secondary} ${brand.focus}`}>
              {labels.cancel}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
