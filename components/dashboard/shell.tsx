import Link from "next/link";
import type { ReactNode } from "react";
import { signOut } from "@/auth";
import { PortaLogo } from "@/components/porta-logo";
import type { TenantAccess } from "@/lib/admin/admin-users";
import { Badge } from "./ui";

async function signOutAction() {
  "use server";
  await signOut({ redirectTo: "/dashboard/signin" });
}

/** The dashboard frame: brand, tenant switcher, section links and sign-out. */
export function DashboardShell({ email, tenants, current, children }: { email: string; tenants: TenantAccess[]; current?: TenantAccess; children: ReactNode }) {
  const base = current ? `/dashboard/t/${current.tenant.id}` : undefined;
  const links = base
    ? [
        { href: base, label: "Applications" },
        { href: `${base}/eids`, label: "eIDs" },
        { href: `${base}/keys`, label: "Keys" },
        { href: `${base}/domains`, label: "Domains" },
        { href: `${base}/tokens`, label: "API tokens" },
        { href: `${base}/admins`, label: "Admins" },
        { href: `${base}/analytics`, label: "Analytics" },
        { href: `${base}/audit`, label: "Audit log" },
      ]
    : [];
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/dashboard" className="flex items-center gap-2 font-semibold text-slate-900">
            <PortaLogo className="h-7 w-7" />
            <span>Porta</span>
          </Link>
          {current ? (
            <details className="relative">
              <summary data-testid="tenant-switcher" className="flex min-h-9 cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm">
                <span className="font-medium">{current.tenant.name}</span>
                <Badge tone={current.tenant.environment === "production" ? "green" : "amber"}>{current.tenant.environment}</Badge>
              </summary>
              <ul className="absolute z-10 mt-1 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
                {tenants.map((t) => (
                  <li key={t.tenant.id}>
                    <Link href={`/dashboard/t/${t.tenant.id}`} className="block rounded-md px-3 py-2 text-sm hover:bg-slate-50">
                      {t.tenant.name} <span className="text-slate-500">· {t.tenant.environment}</span>
                    </Link>
                  </li>
                ))}
                <li>
                  <Link href="/dashboard" className="block rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-50">
                    All tenants…
                  </Link>
                </li>
              </ul>
            </details>
          ) : null}
          <div className="ml-auto flex items-center gap-3 text-sm">
            <Link href="/dashboard/api" className="rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="api-reference-link">API reference</Link>
            <Link href="/dashboard/account" className="hidden rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:inline" data-testid="signed-in-as" title="Your account">{email}</Link>
            <Link href="/dashboard/account" className="rounded-lg px-2 py-1 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:hidden" data-testid="account-link">Account</Link>
            <form action={signOutAction}>
              <button type="submit" data-testid="sign-out" className="min-h-9 rounded-lg px-3 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
                Sign out
              </button>
            </form>
          </div>
        </div>
        {links.length ? (
          <nav aria-label="Sections" className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4">
            {links.map((l) => (
              <Link key={l.href} href={l.href} className="whitespace-nowrap rounded-t-lg px-2 py-2 sm:px-3 text-sm font-medium text-slate-700 hover:bg-slate-100">
                {l.label}
              </Link>
            ))}
          </nav>
        ) : null}
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </div>
  );
}
