import type { ReactNode } from "react";
import { PortaLogo } from "@/components/porta-logo";

/** The frame of every hosted login page: who is asking, the content, and a test-environment notice. */
export function LoginShell({ clientName, environment, children }: { clientName?: string; environment?: "test" | "production"; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col px-4 py-8 sm:py-14">
      <header className="mb-6 flex items-center gap-3">
        <PortaLogo className="h-8 w-8" />
        <div className="min-w-0">
          <p className="text-sm text-slate-500">Secure login</p>
          {clientName ? <p className="truncate font-semibold text-slate-900">{clientName}</p> : null}
        </div>
        {environment === "test" ? (
          <span className="ml-auto rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900">Test environment</span>
        ) : null}
      </header>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      <p className="mt-6 text-center text-xs text-slate-500">Porta · OpenID Connect for national eIDs</p>
    </main>
  );
}

export function LoginProblem({ code, title, text }: { code: string; title: string; text: string }) {
  return (
    <LoginShell>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <p className="mt-4 text-sm text-slate-500">
        Error code: <code data-testid="error" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">{code}</code>
      </p>
    </LoginShell>
  );
}
