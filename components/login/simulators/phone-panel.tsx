/**
 * The simulated phone: what the eID app would show the person before they approve. The
 * `eid-app-text` test hook holds exactly the action wording and the message; the
 * authenticator step (e.g. "MitID app + code display") sits below it, outside the hook.
 */
import type { Brand } from "./brands";
import { fill, type SimulatorLabels } from "./labels";

export const PHONE_PANEL_ID = "eid-simulator-phone";

export interface PhonePanelProps {
  brand: Brand;
  appName: string;
  wording: string;
  message?: string;
  authenticator?: string;
  labels: Pick<SimulatorLabels, "phone" | "phoneCaption" | "authenticatorHeading">;
}

export function PhonePanel({ brand, appName, wording, message, authenticator, labels }: PhonePanelProps) {
  return (
    <figure id={PHONE_PANEL_ID} tabIndex={-1} className="mx-auto w-full max-w-[17rem] focus-visible:outline-2 focus-visible:outline-offset-4" aria-label={fill(labels.phone, { app: appName })}>
      <div className="rounded-[2rem] border-[6px] border-slate-800 bg-slate-800 shadow-lg">
        <div className="flex justify-center py-1.5" aria-hidden="true">
          <span className="h-1.5 w-14 rounded-full bg-slate-600" />
        </div>
        <div className={`flex min-h-56 flex-col rounded-[1.5rem] px-4 pb-5 pt-4 ${brand.appScreen}`}>
          <div className="flex justify-center scale-90">{brand.wordmark}</div>
          <div data-testid="eid-app-text" className="mt-5 text-center text-slate-900">
            <p className="text-lg font-semibold leading-snug break-words">{wording}</p>
            {message ? <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-700">{message}</p> : null}
          </div>
          {authenticator ? (
            <p className="mt-auto pt-5 text-center text-xs text-slate-700">
              <span className="block font-semibold uppercase tracking-wide">{labels.authenticatorHeading}</span>
              <span data-testid="eid-authenticator" className="mt-0.5 block text-sm font-medium text-slate-900">
                {authenticator}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-slate-600">{fill(labels.phoneCaption, { app: appName })}</figcaption>
    </figure>
  );
}
