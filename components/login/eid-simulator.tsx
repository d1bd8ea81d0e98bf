/**
 * The test-environment stand-in for one eID (design §6): pick a test identity, see what the
 * eID app would show, approve or cancel. A server component; the form posts without client JS.
 * Test hooks (design §8): `test-identity`, `eid-app-text`, `eid-approve`, `eid-cancel`.
 */
import type { LoginAction, TestIdentity } from "@/lib/eid/types";
import { brandFor } from "./simulators/brands";
import { PhonePanel } from "./simulators/phone-panel";
import { PseudoQr } from "./simulators/pseudo-qr";

export interface EidSimulatorProps {
  /** The catalogue's method name, e.g. "MitID (substantial)". */
  methodName: string;
  family: string;
  acr: string;
  clientName: string;
  identities: TestIdentity[];
  action: LoginAction;
  message?: string;
  formAction: string;
  hiddenFields?: Record<string, string>;
}

const ACTION_VERBS: Readonly<Record<LoginAction, string>> = {
  login: "Log in",
  confirm: "Confirm",
  accept: "Accept",
  approve: "Approve",
  sign: "Sign",
};

/** What the eID app says for a login_hint `action:` (spec 2.4), e.g. "Log in at Acme". */
export function actionWording(action: LoginAction, clientName: string): string {
  return `${ACTION_VERBS[action]} at ${clientName}`;
}

const IDENTITY_SELECT_ID = "eid-simulator-identity";
const BUTTON = "inline-flex min-h-12 w-full items-center justify-center rounded-lg px-5 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto sm:min-w-36";

export function EidSimulator(props: EidSimulatorProps) {
  const { methodName, family, acr, clientName, identities, action, message, formAction, hiddenFields = {} } = props;
  const brand = brandFor(family, methodName);
  const wording = actionWording(action, clientName);
  const showQr = family === "se-bankid" && acr.includes(":another-device");
  const hasIdentities = identities.length > 0;

  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="eid-simulator-title">
      <p role="note" className="mb-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
        <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true">
          <path d="M10 2 1 18h18L10 2z" fill="#d97706" />
          <path d="M10 8v4.5" stroke="white" strokeWidth="2" strokeLinecap="round" />
          <circle cx="10" cy="15" r="1.1" fill="white" />
        </svg>
        <span>Test environment — simulated {brand.eidName}. No real eID is used.</span>
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

          <div className="flex flex-col gap-1.5">
            <label htmlFor={IDENTITY_SELECT_ID} className="text-sm font-semibold text-slate-900">
              Test identity
            </label>
            <select
              id={IDENTITY_SELECT_ID}
              name="identity"
              data-testid="test-identity"
              defaultValue={identities[0]?.id}
              disabled={!hasIdentities}
              aria-describedby={`${IDENTITY_SELECT_ID}-hint`}
              className={`min-h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 ${brand.focus}`}
            >
              {hasIdentities ? (
                identities.map((identity) => (
                  <option key={identity.id} value={identity.id}>
                    {identity.label}
                  </option>
                ))
              ) : (
                <option value="">None available</option>
              )}
            </select>
            <p id={`${IDENTITY_SELECT_ID}-hint`} className="text-sm text-slate-600">
              {hasIdentities ? "Synthetic people with valid test identifiers. Choose who logs in." : "This eID has no test identities."}
            </p>
          </div>

          {showQr ? (
            <div className="flex flex-col items-center gap-2 text-center">
              <PseudoQr seed={`${acr}|${clientName}`} className="h-40 w-40 rounded-md border border-slate-200" />
              <p className="text-sm text-slate-700">Scan the QR code with the {brand.appName} on your other device.</p>
            </div>
          ) : null}

          <PhonePanel brand={brand} wording={wording} message={message} />

          <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
            <button type="submit" name="decision" value="approve" data-testid="eid-approve" disabled={!hasIdentities} className={`${BUTTON} ${brand.primary} ${brand.focus}`}>
              Approve
            </button>
            <button type="submit" name="decision" value="cancel" data-testid="eid-cancel" className={`${BUTTON} ${brand.secondary} ${brand.focus}`}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
