import type { Metadata } from "next";
import { PortaLogo } from "@/components/porta-logo";
import { pendingDeviceRequests } from "@/lib/decoupled/devices";
import { pathOf } from "@/lib/http/protocol-paths";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Simulated devices" };

export default async function DevicesPage({ searchParams }: { searchParams: Promise<{ autostarttoken?: string }> }) {
  const { autostarttoken } = await searchParams;
  const all = await pendingDeviceRequests();
  const requests = autostarttoken ? all.filter((r) => r.autoStartToken === autostarttoken) : all;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <header className="mb-6 flex items-center gap-3">
        <PortaLogo />
        <div>
          <h1 className="text-2xl font-semibold">Simulated devices</h1>
          <p className="text-sm text-slate-600">Test environment: CIBA and headless logins waiting for the person&apos;s answer in their eID app.</p>
        </div>
      </header>
      {requests.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="no-device-requests">No pending requests. Start one with /ciba/bc-authorize or /headless/authorize.</p>
      ) : (
        <ul className="grid gap-3">
          {requests.map((r) => (
            <li key={r.transactionId} data-testid="device-request" data-request-id={r.requestId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">{r.eid} · {r.clientName}</p>
                <p className="text-xs text-slate-500">{r.kind === "ciba" ? "CIBA" : "Headless"} · expires {r.expiresAt.toISOString().slice(11, 19)} UTC</p>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {r.nationalId ? (
                  <>
                    For national id <code>{r.nationalId}</code>
                  </>
                ) : (
                  "For whoever scans the QR code or opens the app: choose the test person"
                )}
                {r.callInitiator ? ` · phone call started by ${r.callInitiator === "RP" ? "the service" : "the user"}` : ""}
              </p>
              {r.bindingMessage ? <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="binding-message">“{r.bindingMessage}”</p> : null}
              <div className="mt-4 flex gap-2">
                <form method="post" action={pathOf("testDeviceApprove", { tx: r.transactionId })} className="flex flex-wrap items-center gap-2">
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
                <form method="post" action={pathOf("testDeviceDecline", { tx: r.transactionId })}>
                  <button type="submit" data-testid="device-decline" className="min-h-11 rounded-lg border border-slate-300 px-5 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">Decline</button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
