/**
 * The hosted login's languages and how one is chosen for a request (README, "Languages"): the
 * user's explicit choice in the language switcher (cookie), then the login's `ui_locales`, then the
 * browser's Accept-Language, then English. Pure: the request-bound part is in i18n/login-locale.ts.
 */
export const LOCALES = ["en", "da", "sv", "nb", "fi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Set by the language switcher (see proxy.ts); wins over ui_locales and Accept-Language. */
export const LOCALE_COOKIE = "porta_locale";

/** Set by proxy.ts on hosted login page requests: the id of the login in the path. */
export const LOGIN_ID_HEADER = "x-porta-login-id";

/** Each language's own name, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  da: "Dansk",
  sv: "Svenska",
  nb: "Norsk bokmål",
  fi: "Suomi",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The supported language for one BCP 47 tag ("da-DK" → da, "no"/"nn" → nb), if any. */
export function matchLocale(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (primary === "no" || primary === "nn") return "nb";
  return isLocale(primary) ? primary : undefined;
}

/** Accept-Language tags, most preferred first (q=0 dropped, ties keep their order). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag !== "" && e.tag !== "*" && Number.isFinite(e.q) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag);
}

export interface LocaleInputs {
  /** The porta_locale cookie. */
  cookie?: string | null;
  /** The login request's ui_locales, in order. */
  uiLocales?: readonly string[];
  acceptLanguage?: string | null;
}

export function resolveLocale({ cookie, uiLocales = [], acceptLanguage }: LocaleInputs): Locale {
  if (isLocale(cookie)) return cookie;
  for (const tag of uiLocales) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
