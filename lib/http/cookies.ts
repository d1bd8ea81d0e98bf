/**
 * Porta's cookies (README, Security, "Headers"): HttpOnly, SameSite=Lax, Path=/, no Domain. When
 * the issuer (the request's: PUBLIC_URL or a tenant domain) is https they are also Secure and
 * named with the `__Host-` prefix, so neither a sibling subdomain nor a plain-http page can set or
 * shadow them; on http (development, tests) they keep their plain names. Callers name a cookie by
 * its base name (BROWSER_COOKIE, …): this module writes, and reads back, only the name in force.
 */
import { currentIssuer } from "./request-issuer";

export const BROWSER_COOKIE = "porta_browser";
export const SESSION_COOKIE = "porta_session";

/** Porta's own token cookies hold 16–128 base64url characters; anything else is ignored. */
const TOKEN_VALUE = /^[A-Za-z0-9_-]{16,128}$/;

/** Whether the request's issuer (PUBLIC_URL, or the tenant domain it is answered on) is https. */
export function isHttpsIssuer(): boolean {
  return currentIssuer().startsWith("https:");
}

/** The name a cookie carries in this deployment: `__Host-<base>` on https, `<base>` on http. */
export function cookieName(base: string): string {
  return isHttpsIssuer() ? `__Host-${base}` : base;
}

/** The value of the cookie named `base` (in force), if it matches `valuePattern`. */
export function readCookie(request: Request, base: string, valuePattern: RegExp = TOKEN_VALUE): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const name = cookieName(base);
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return valuePattern.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeS?: number;
}

export function serializeCookie(base: string, value: string, options: CookieOptions = {}): string {
  const secure = isHttpsIssuer();
  const parts = [`${cookieName(base)}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.maxAgeS !== undefined) parts.push(`Max-Age=${options.maxAgeS}`);
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(base: string): string {
  return serializeCookie(base, "", { maxAgeS: 0 });
}
