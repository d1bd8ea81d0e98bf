import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { PortaLogo } from "@/components/porta-logo";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";

/** The frame of every hosted login page: who is asking, the content, a test-environment notice and the language switcher. */
export async function LoginShell({ clientName, environment, children }: { clientName?: string; environment?: "test" | "production"; children: ReactNode }) {
  const t = await getTranslations("shell");
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col px-4 py-8 sm:py-14">
      <header className="mb-6 flex items-center gap-3">
        <PortaLogo className="h-8 w-8" />
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{t("secureLogin")}</p>
          {clientName ? <p className="truncate font-semibold text-slate-900">{clientName}</p> : null}
        </div>
        {environment === "test" ? (
          <span className="ml-auto rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900">{t("testEnvironment")}</span>
        ) : null}
      </header>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      <footer className="mt-6 space-y-3 text-center text-xs text-slate-600">
        <LanguageSwitcher label={t("language")} />
        <p>{t("footer")}</p>
      </footer>
    </main>
  );
}

/** Plain links (no script needed): proxy.ts stores the choice in the porta_locale cookie and reloads the page. */
async function LanguageSwitcher({ label }: { label: string }) {
  const current = await getLocale();
  return (
    <nav aria-label={label} data-testid="language-switcher">
      <ul className="flex flex-wrap justify-center gap-x-1 gap-y-1">
        {LOCALES.map((locale) => (
          <li key={locale}>
            {locale === current ? (
              <span aria-current="true" lang={locale} className="inline-flex min-h-6 items-center rounded px-2 font-semibold text-slate-900">
                {LOCALE_NAMES[locale]}
              </span>
            ) : (
              <a
                href={`?lang=${locale}`}
                lang={locale}
                hrefLang={locale}
                data-locale={locale}
                className="inline-flex min-h-6 items-center rounded px-2 text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {LOCALE_NAMES[locale]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
