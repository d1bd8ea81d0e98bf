import type { Metadata } from "next";
import { PortaLogo } from "@/components/porta-logo";
import { safeReturnPath } from "@/components/dashboard/session";
import { SignInForm } from "./signin-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4 py-12">
      <div className="mb-6 flex items-center gap-3">
        <PortaLogo className="h-10 w-10" />
        <div>
          <h1 className="text-xl font-semibold">Porta dashboard</h1>
          <p className="text-sm text-slate-600">Sign in to manage your applications</p>
        </div>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <SignInForm callbackUrl={safeReturnPath(callbackUrl)} />
      </div>
    </main>
  );
}
