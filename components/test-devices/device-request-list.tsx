import type { PendingDeviceRequest } from "@/lib/decoupled/devices";
import { pathOf } from "@/lib/http/protocol-paths";

/**
 * The simulated devices' pending requests: one row per request (`data-testid="device-request"`
 * with `data-request-id`, the id the client polls with) with its `device-approve` and
 * `device-decline` buttons, hooks that end-to-end tests rely on. National ids arrive masked.
 */
export function DeviceRequestList({ requests }: { requests: readonly PendingDeviceRequest[] }) {
  if (requests.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="no-device-requests">No pending requests. Start one with /ciba/bc-authorize or /headless/authorize.</p>;
  }
  return (
    <ul className="grid gap-3">
      {requests.map((r) => (
        <li key={r.loginId} data-testid="device-request" data-request-id={r.requestId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold">{r.eid} · {r.clientName}</p>
            <p className="text-xs text-slate-500">{r.kind === "ciba" ? "CIBA" : "Headless"} · expires {r.expiresAt.toISOString().slice(11, 19)} UTC</p>
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {r.maskedNationalId ? (
              <>
                For national id <code data-testid="device-national-id">{r.maskedNationalId}</code>
              </>
            ) : (
              "For whoever scans the QR code or opens the app: choose the test person"
            )}
            {r.callInitiator ? ` · phone call started by ${r.callInitiator === "RP" ? "the service" : "the user"}` : ""}
          </p>
          {r.bindingMessage ? <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="binding-message">“{r.bindingMessage}”</p> : null}
          <div className="mt-4 flex gap-2">
            <form method="post" action={pathOf("testDeviceApprove", { loginId: r.loginId })} className="flex flex-wrap items-center gap-2">
              {r.persons ? (
                <label className="text-sm text-slate-700">
                  <span className="sr-only">Test person</span>
                  <select name="identity" data-testid="device-identity" className="min-h-11 rounded-lg border border-slate-300 bg-white px-3" required>
                    {r.persons.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.label}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <button type="submit" data-testid="device-approve" className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">Approve</button>
            </form>
            <form method="post" action={pathOf("testDeviceDecline", { loginId: r.loginId })}>
              <button type="submit" data-testid="device-decline" className="min-h-11 rounded-lg border border-slate-300 px-5 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">Decline</button>
            </form>
          </div>
        </li>
      ))}
    </ul>
  );
}
