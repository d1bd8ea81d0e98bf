/**
 * Every page Next.js renders gets the page security headers of lib/http/page-headers.ts, its CSP
 * with a fresh nonce per request: set on the response, and on the request Next renders from (Next
 * reads the nonce from that request header and puts it on its own scripts). Hosted
 * login pages (/login/...) also get the language switcher (`?lang=<locale>` sets the porta_locale
 * cookie and comes back without the parameter) and the login they belong to, passed on so the root
 * layout can set <html lang> (i18n/login-locale.ts).
 * Responses that carry their own headers are left alone: the routes of the routing table (its
 * catch-all, as under the custom server, which never sends them here; the playground's two
 * endpoints among them) and Auth.js.
 */
import { NextResponse, type NextRequest } from "next/server";
import { randomToken } from "@/lib/crypto/random";
import { LOGIN_ID_HEADER } from "@/lib/i18n/locales";
import { languageSwitch, loginIdOf, nextPageHeaders } from "@/lib/http/page-headers";
import { isProtocolPath } from "@/lib/http/protocol-paths";
import { pageRequestRefusalResponse, refusePageRequest, refuseUnparsableMultipart } from "@/lib/http/page-request-guard";
import { pageLocale } from "@/lib/http/page-locale";
import { withPageHost } from "@/lib/http/request-issuer";

const IS_DEVELOPMENT = process.env.NODE_ENV === "development";

export function proxy(request: NextRequest) {
  // HSTS and the language cookie follow the issuer of the page's host (PUBLIC_URL or a tenant domain).
  return withPageHost(request.headers.get("host"), () => answer(request));
}

async function answer(request: NextRequest) {
  const url = request.nextUrl;
  // The protocol routes cap and check their own input; other requests are checked before Next parses them.
  if (!isProtocolPath(url.pathname)) {
    const refusal =
      refusePageRequest({ method: request.method, rawPath: new URL(request.url).pathname, contentLength: request.headers.get("content-length"), transferEncoding: request.headers.get("transfer-encoding"), contentType: request.headers.get("content-type") }) ??
      (await refuseUnparsableMultipart(request));
    if (refusal) return pageRequestRefusalResponse(refusal, request.headers.get("accept"), pageLocale(request));
  }
  if (isProtocolPath(url.pathname)) return NextResponse.next();
  const switched = languageSwitch(request.method, url);
  if (switched) {
    const response = NextResponse.redirect(switched.location, 303);
    if (switched.cookie) response.headers.append("Set-Cookie", switched.cookie);
    return response;
  }
  const headers = new Headers(request.headers);
  const loginId = loginIdOf(url.pathname);
  if (loginId) headers.set(LOGIN_ID_HEADER, loginId);
  else headers.delete(LOGIN_ID_HEADER);
  const pageHeaders = nextPageHeaders({ nonce: randomToken(16), isDevelopment: IS_DEVELOPMENT });
  headers.set("Content-Security-Policy", pageHeaders["Content-Security-Policy"]);
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(pageHeaders)) response.headers.set(name, value);
  return response;
}

// Not Next's static files and images, nor Auth.js's JSON endpoints.
export const config = { matcher: "/((?!_next/static|_next/image|api/auth|favicon.ico).*)" };
