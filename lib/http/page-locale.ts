/**
 * The language of an HTML response Porta renders itself (error page, eID step): the language
 * switcher's cookie, then the login's `ui_locales`, then Accept-Language (design.md §6). Next.js
 * pages resolve theirs with the same rule (i18n/login-locale.ts).
 */
import { LOCALE_COOKIE, resolveLocale, type Locale } from "../i18n/locales";
import { readCookie } from "./cookies";

export function pageLocale(request: Request, uiLocales: readonly string[] = []): Locale {
  return resolveLocale({
    cookie: readCookie(request, LOCALE_COOKIE, /^[a-z]{2}$/),
    uiLocales,
    acceptLanguage: request.headers.get("accept-language"),
  });
}
