/**
 * The simulated phone: what the eID app would show the person before they approve. The
 * `eid-app-text` hook (design §8) holds exactly the action wording and the message.
 */
import type { Brand } from "./brands";

export function PhonePanel({ brand, wording, message }: { brand: Brand; wording: string; message?: string }) {
  return (
    <figure className="mx-auto w-full max-w-[17rem]" aria-label={`Simulated ${brand.appName}`}>
      <div className="rounded-[2rem] border-[6px] border-slate-800 bg-slate-800 shadow-lg">
        <div className="flex justify-center py-1.5" aria-hidden="true">
          <span className="h-1.5 w-14 rounded-full bg-slate-600" />
        </div>
        <div className={`min-h-56 rounded-[1.5rem] px-4 pb-6 pt-4 ${brand.appScreen}`}>
          <div className="flex justify-center scale-90">{brand.wordmark}</div>
          <div data-testid="eid-app-text" className="mt-5 text-center text-slate-900">
            <p className="text-lg font-semibold leading-snug break-words">{wording}</p>
            {message ? <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-700">{message}</p> : null}
          </div>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-slate-600">What the {brand.appName} shows</figcaption>
    </figure>
  );
}
