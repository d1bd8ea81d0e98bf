/**
 * The language of an HTML response Porta renders itself (error page, logout, form_post, notices,
 * eID step): the language switcher's cookie, then the login's `ui_locales`, then Accept-Language
 * (design.md §6). Next.js pages resolve theirs with the same rule (i18n/login-locale.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LOCALE, LOCALE_COOKIE, resolveLocale, type Locale } from "../i18n/locales";
import { readCookie } from "./cookies";

export function pageLocale(request: Request, uiLocales: readonly string[] = []): Locale {
  return resolveLocale({
    cookie: readCookie(request, LOCALE_COOKIE, /^[a-z]{2}$/),
    uiLocales,
    acceptLanguage: request.headers.get("accept-language"),
  });
}

/** The same rule for a request known only by its raw headers (the custom server, before a Web Request exists). */
export function pageLocaleOfHeaders(headers: { cookie?: string; acceptLanguage?: string }): Locale {
  const copied = new Headers();
  try {
    if (headers.cookie) copied.set("cookie", headers.cookie);
    if (headers.acceptLanguage) copied.set("accept-language", headers.acceptLanguage);
  } catch {
    return DEFAULT_LOCALE; // a value a Web Headers object refuses: no language to read from it
  }
  return pageLocale(new Request("http://localhost/", { headers: copied }));
}

// The browser endpoint being answered: pages rendered deep in a login step (form_post, the
// consent-withdrawn notice) see the login but not the request, and must speak the language the
// endpoint's error page would.
const answering = new AsyncLocalStorage<() => Locale>();

/** Runs a browser endpoint (lib/endpoints/browser-errors.ts) with the rule for its pages' language. */
export function withPageLocale<T>(locale: () => Locale, fn: () => T): T {
  return answering.run(locale, fn);
}

/** The language of the page being answered: the browser endpoint's rule, English outside one. */
export function currentPageLocale(): Locale {
  return answering.getStore()?.() ?? DEFAULT_LOCALE;
}
