import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { getLocale } from "next-intl/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Porta", template: "%s · Porta" },
  description: "OpenID Connect broker for national electronic identities",
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Hosted login pages are in the user's language (lib/i18n); every other page is English.
 * Every page is rendered per request: its scripts carry that response's CSP nonce (proxy.ts), which
 * a page prerendered at build time could not.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
