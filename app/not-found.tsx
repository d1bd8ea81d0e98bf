import type { Metadata } from "next";
import Link from "next/link";
import { PortaLogo } from "@/components/porta-logo";

export const metadata: Metadata = { title: "Page not found" };

/**
 * What a page that calls notFound() shows (an unknown eID family, another tenant's application).
 * Styled by the stylesheet only: Next's built-in page has an inline <style> and style attributes,
 * which the pages' CSP (lib/http/page-headers.ts) does not allow.
 */
export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-24">
      <PortaLogo className="h-10 w-10" />
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600">There is no page at this address.</p>
      <p>
        <Link href="/" className="font-medium text-brand-700 underline">
          Porta
        </Link>
      </p>
    </main>
  );
}
