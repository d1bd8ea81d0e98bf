/**
 * What every HTML page Porta sends carries, whoever renders it (README, Security, "Headers"):
 * never framed, no referrer, no MIME sniffing, never cached, HSTS when the issuer is https, and a
 * CSP that runs no script the response did not name. Two kinds of page, one module:
 * - the protocol's own small pages (html.ts htmlPage: error page, form_post, logout, notices),
 *   which load nothing: their one inline <style> and at most one inline script are named by hash;
 * - the pages Next.js renders (hosted login, dashboard, playground, test devices, home, 404),
 *   which get these headers from proxy.ts with a fresh nonce per response; Next puts that nonce on
 *   its own scripts when it finds it in the request's Content-Security-Policy header.
 * Also the hosted login's language switcher (`?lang=`), which proxy.ts applies.
 */
import { isLocale, LOCALE_COOKIE } from "../i18n/locales";
import { isHttpsIssuer, serializeCookie } from "./cookies";
import { PAGE_STYLE_HASH } from "./page-style";

export const PAGE_SECURITY_HEADERS = {
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
} as const;

/** Two years, subdomains included (the lifetime browsers' preload lists ask for). */
export const HSTS = "max-age=63072000; includeSubDomains";

/** PAGE_SECURITY_HEADERS, plus Strict-Transport-Security when the issuer is https. */
export function pageSecurityHeaders(): Record<string, string> {
  return isHttpsIssuer() ? { ...PAGE_SECURITY_HEADERS, "Strict-Transport-Security": HSTS } : { ...PAGE_SECURITY_HEADERS };
}

export interface SelfContainedPageOptions {
  /** The one inline script the page may run, as `sha256-…`. */
  scriptHash?: string;
  /** CSP form-action sources, when the page posts a form elsewhere (form_post). */
  formAction?: string;
}

/** The CSP of a self-contained page: its hashed style and script, nothing else, framed by no one. */
export function selfContainedPageCsp(options: SelfContainedPageOptions = {}): string {
  return [
    "default-src 'none'",
    options.scriptHash ? `script-src '${options.scriptHash}'` : "script-src 'none'",
    `style-src '${PAGE_STYLE_HASH}'`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    options.formAction ? `form-action ${options.formAction}` : "form-action 'self'",
  ].join("; ");
}

export interface NextPageOptions {
  /** This response's nonce, for Next's inline and bootstrap scripts (and any inline <style>). */
  nonce: string;
  /** `next dev`: React's development build evaluates code and injects styles for its error overlay. */
  isDevelopment?: boolean;
}

/**
 * The CSP of a page Next.js renders: its own origin plus this response's nonce. Stylesheets are
 * Tailwind's, from 'self'; the one inline stylesheet allowed besides is Porta's own pages' (by
 * hash: see page-style.ts). `style-src-attr 'none'`: no page renders a style attribute (React
 * applies client-side style props through the CSSOM, which CSP does not govern).
 */
export function nextPageCsp(options: NextPageOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  const scripts = options.isDevelopment ? ["'self'", nonce, "'unsafe-eval'"] : ["'self'", nonce];
  // The development overlay injects unnamed <style> elements; a nonce would switch 'unsafe-inline' off.
  const styles = options.isDevelopment ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce, `'${PAGE_STYLE_HASH}'`];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    `style-src ${styles.join(" ")}`,
    ...(options.isDevelopment ? [] : ["style-src-attr 'none'"]),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every header a page Next.js renders carries. */
export function nextPageHeaders(options: NextPageOptions): Record<string, string> & { "Content-Security-Policy": string } {
  return { ...pageSecurityHeaders(), "Content-Security-Policy": nextPageCsp(options) };
}

/** The id of the login a hosted login page's path names (/login/<id>[/...]), if any. */
export function loginIdOf(pathname: string): string | undefined {
  return /^\/login\/([0-9a-f-]{36})(?:\/|$)/.exec(pathname)?.[1];
}

export interface LanguageSwitch {
  /** The same page without `lang`. */
  location: string;
  /** Set-Cookie for the chosen language; none when `lang` names no supported language. */
  cookie?: string;
}

const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The switcher's links on hosted login pages are `?lang=<locale>`: remember the choice in a
 * cookie and come back to the same page without the parameter (a GET only).
 */
export function languageSwitch(method: string, url: URL): LanguageSwitch | undefined {
  const lang = url.searchParams.get("lang");
  if (method !== "GET" || lang === null || !url.pathname.startsWith("/login/")) return undefined;
  const target = new URL(url);
  target.searchParams.delete("lang");
  if (!isLocale(lang)) return { location: target.href };
  return { location: target.href, cookie: serializeCookie(LOCALE_COOKIE, lang, { maxAgeS: LOCALE_COOKIE_MAX_AGE_S }) };
}
