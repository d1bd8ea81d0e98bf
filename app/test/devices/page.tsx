import type { Metadata } from "next";
import { headers } from "next/headers";
import { PortaLogo } from "@/components/porta-logo";
import { DeviceRequestList } from "@/components/test-devices/device-request-list";
import { pendingDeviceRequests } from "@/lib/decoupled/devices";
import { resolveIssuerContext } from "@/lib/tenants/issuer-context";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Simulated devices" };

export default async function DevicesPage({ searchParams }: { searchParams: Promise<{ autostarttoken?: string }> }) {
  const { autostarttoken } = await searchParams;
  // Only the requests of the test tenants this Host serves; a Host that serves no issuer has none.
  const context = await resolveIssuerContext((await headers()).get("host"));
  const all = context ? await pendingDeviceRequests(context) : [];
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
      <DeviceRequestList requests={requests} />
    </main>
  );
}
