/**
 * Hosted login pages only (/login/...): the language switcher's links (`?lang=<locale>`) set the
 * porta_locale cookie and come back to the same page without the parameter, and the page's
 * login transaction is passed on so the root layout can set <html lang> (i18n/login-locale.ts).
 */
import { NextResponse, type NextRequest } from "next/server";
import { isLocale, LOCALE_COOKIE, LOGIN_TX_HEADER } from "@/lib/i18n/locales";

export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  const lang = url.searchParams.get("lang");
  if (request.method === "GET" && lang !== null) {
    const target = url.clone();
    target.searchParams.delete("lang");
    const response = NextResponse.redirect(target, 303);
    if (isLocale(lang)) {
      response.cookies.set(LOCALE_COOKIE, lang, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "lax", httpOnly: true, secure: url.protocol === "https:" });
    }
    return response;
  }
  const headers = new Headers(request.headers);
  const tx = /^\/login\/([0-9a-f-]{36})(?:\/|$)/.exec(url.pathname)?.[1];
  if (tx) headers.set(LOGIN_TX_HEADER, tx);
  else headers.delete(LOGIN_TX_HEADER);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: "/login/:path*" };
