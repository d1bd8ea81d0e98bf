/**
 * The language of an HTML response Porta renders itself (error page, logout, form_post, notices,
 * eID step): the language switcher's cookie, then the login's `ui_locales`, then Accept-Language
 * (README, "Languages"). Next.js pages resolve theirs with the same rule (i18n/login-locale.ts).
 */
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

/**
 * Pages drawn deep in a login step (form_post, the consent-withdrawn notice) see the login but not
 * the request, yet must speak the language the browser endpoint's error page would. They are drawn
 * in English and kept with how to draw them again; the endpoint, when it answers
 * (lib/endpoints/browser-errors.ts), draws them in its language. (Not an AsyncLocalStorage: once
 * one runs, Node keeps promise hooks on for every promise of the process.)
 */
const drawAgain = new WeakMap<Response, (locale: Locale) => Response>();

/** A page in the language of the browser endpoint that answers with it; English outside one. */
export function pageInEndpointLocale(draw: (locale: Locale) => Response): Response {
  const page = draw(DEFAULT_LOCALE);
  drawAgain.set(page, draw);
  return page;
}

/** `response`, in `locale` if it is a page drawn by pageInEndpointLocale. */
export function inEndpointLocale(response: Response, locale: () => Locale): Response {
  const draw = drawAgain.get(response);
  if (!draw) return response;
  const lang = locale();
  return lang === DEFAULT_LOCALE ? response : draw(lang);
}
