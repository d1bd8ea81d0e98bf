import type { Metadata } from "next";
import { PortaLogo } from "@/components/porta-logo";
import { config } from "@/lib/config";
import { DEMO_CLIENT_ID, demoRedirectUri } from "@/lib/setup/demo";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Playground" };

export default function PlaygroundPage() {
  const issuer = config().issuer;
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <header className="mb-8 flex items-center gap-3">
        <PortaLogo />
        <h1 className="text-2xl font-semibold">Playground</h1>
      </header>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-medium">Demo application</h2>
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">Issuer</dt>
          <dd className="font-mono break-all" data-testid="playground-issuer">{issuer}</dd>
          <dt className="text-slate-500">Client ID</dt>
          <dd className="font-mono" data-testid="playground-client-id">{DEMO_CLIENT_ID}</dd>
          <dt className="text-slate-500">Redirect URI</dt>
          <dd className="font-mono break-all">{demoRedirectUri()}</dd>
        </dl>
      </section>
    </main>
  );
}
