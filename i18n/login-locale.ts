import { cache } from "react";
import { cookies, headers } from "next/headers";
import { BROWSER_COOKIE, cookieName } from "@/lib/http/cookies";
import { withPageHost } from "@/lib/http/request-issuer";
import { loadLoginPage, type LoginPageData } from "@/lib/login/page-data";
import { resolveIssuerContext, withIssuerContext } from "@/lib/tenants/issuer-context";
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOGIN_ID_HEADER, resolveLocale, type Locale } from "@/lib/i18n/locales";

/**
 * The login for this browser, loaded once per request (the layout's locale and the page share it),
 * in the issuer context of the page's Host: a login of a tenant not served there is missing
 * (each tenant domain is an issuer of its own: README, "Tenant domains"), and so is any login on a
 * host that serves no issuer.
 */
export const loadLoginForBrowser = cache(async (loginId: string): Promise<LoginPageData> => {
  const context = await resolveIssuerContext((await headers()).get("host"));
  if (!context) return { kind: "missing" };
  const jar = await cookies();
  return withIssuerContext(context, () => loadLoginPage(loginId, jar.get(cookieName(BROWSER_COOKIE))?.value));
});

/**
 * The language of this request: hosted login pages follow the switcher's cookie, the login's
 * ui_locales, then Accept-Language; every other page is English.
 */
export const requestLocale = cache(async (): Promise<Locale> => {
  const h = await headers();
  const loginId = h.get(LOGIN_ID_HEADER);
  if (!loginId) return DEFAULT_LOCALE;
  const login = await loadLoginForBrowser(loginId);
  const jar = await cookies();
  return resolveLocale({
    cookie: withPageHost(h.get("host"), () => jar.get(cookieName(LOCALE_COOKIE))?.value),
    uiLocales: login.kind === "ok" ? login.request.uiLocales : [],
    acceptLanguage: h.get("accept-language"),
  });
});
