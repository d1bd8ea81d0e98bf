import type { Metadata } from "next";
import { PortaLogo } from "@/components/porta-logo";
import { safeReturnPath } from "@/components/dashboard/session";
import { SignInForm } from "./signin-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; joined?: string }> }) {
  const { callbackUrl, joined } = await searchParams;
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4 py-12">
      <div className="mb-6 flex items-center gap-3">
        <PortaLogo className="h-10 w-10" />
        <div>
          <h1 className="text-xl font-semibold">Porta dashboard</h1>
          <p className="text-sm text-slate-600">Sign in to manage your applications</p>
        </div>
      </div>
      {joined === "1" ? (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="signin-joined">
          You have joined the tenant. Sign in to open it.
        </p>
      ) : null}
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <SignInForm callbackUrl={safeReturnPath(callbackUrl)} />
      </div>
    </main>
  );
}
