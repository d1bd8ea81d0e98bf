/**
 * Delivers an authorization response or error to a verified redirect_uri (RFC 6749 §4.1.2,
 * OAuth 2.0 Multiple Response Types §2, Form Post Response Mode, RFC 9207 `iss` on every response).
 * Its pages (form_post, a notice) speak the browser endpoint's language (lib/http/page-locale.ts),
 * from the hosted login's `protocolPages` messages.
 */
import { createHash } from "node:crypto";
import { currentIssuer } from "../tenants/issuer-context";
import type { Locale } from "../i18n/locales";
import { translator, type Translate } from "../i18n/translate";
import { escapeHtml, htmlPage } from "../http/html";
import { pageInEndpointLocale } from "../http/page-locale";
import { seeOther } from "../http/see-other";

export type ResponseMode = "query" | "fragment" | "form_post";

export interface AuthorizationResponseInput {
  redirectUri: string;
  mode: ResponseMode;
  params: Record<string, string | undefined>;
  headers?: Record<string, string | string[]>;
  /**
   * Show this notice first and continue on its own after a few seconds, with a link or button
   * (used to confirm a withdrawn consent before returning).
   */
  notice?: Notice;
  /** The pages' language; by default the browser endpoint's (pageInEndpointLocale). */
  locale?: Locale;
}

/** A notice's title and text are the messages `protocolPages.<message>Title` and `…Text`. */
export interface Notice {
  message: "consentRevoked";
  /** Placeholders of the text (e.g. `clientName`), escaped here. */
  values?: Readonly<Record<string, string>>;
  testId: string;
}

/** The redirect_uri with the response in its query or fragment (RFC 6749 §4.1.2, OAuth Multiple Response Types §2). */
export function responseLocation(redirectUri: string, mode: "query" | "fragment", params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  const entries = withParams(params);
  if (mode === "query") for (const [k, v] of entries) url.searchParams.append(k, v);
  else url.hash = new URLSearchParams(entries).toString();
  return url.toString();
}

function withParams(params: Record<string, string | undefined>): [string, string][] {
  const all = { ...params, iss: currentIssuer() };
  return Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined);
}

function applyHeaders(response: Response, headers: Record<string, string | string[]> | undefined): Response {
  for (const [name, value] of Object.entries(headers ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) response.headers.append(name, v);
  }
  return response;
}

/** The notice's heading and text (escaped HTML), and its title. */
function noticeHtml(notice: Notice, t: Translate): { title: string; html: string } {
  const title = t(`${notice.message}Title`);
  const text = t(`${notice.message}Text`, notice.values);
  return { title, html: `<h1 data-testid="${escapeHtml(notice.testId)}">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` };
}

/** The page that posts the response to the redirect_uri (OAuth 2.0 Form Post Response Mode §2). */
function formPostPage(input: AuthorizationResponseInput, lang: Locale): Response {
  const t = translator(lang, "protocolPages");
  const notice = input.notice ? noticeHtml(input.notice, t) : undefined;
  const fields = withParams(input.params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  // The form submits itself; without JavaScript the button does it (no-JS users and CSP-strict browsers).
  const script = notice ? "setTimeout(function(){document.forms[0].submit()},3000)" : "document.forms[0].submit()";
  const title = notice?.title ?? t("returningTitle");
  return htmlPage({
    title,
    lang,
    formAction: new URL(input.redirectUri).origin,
    scriptHash: `sha256-${createHash("sha256").update(script).digest("base64")}`,
    body: `${notice?.html ?? `<h1 data-testid="form-post">${escapeHtml(title)}…</h1>`}<form method="post" action="${escapeHtml(input.redirectUri)}">${fields}<noscript><p>${escapeHtml(t("noScript"))}</p></noscript><button type="submit">${escapeHtml(t("continue"))}</button></form><script>${script}</script>`,
  });
}

/** The page in the input's language, or in the browser endpoint's. */
function localized(input: AuthorizationResponseInput, draw: (lang: Locale) => Response): Response {
  const withHeaders = (lang: Locale) => applyHeaders(draw(lang), input.headers);
  return input.locale ? withHeaders(input.locale) : pageInEndpointLocale(withHeaders);
}

export function authorizationResponse(input: AuthorizationResponseInput): Response {
  if (input.mode === "form_post") return localized(input, (lang) => formPostPage(input, lang));
  const location = responseLocation(input.redirectUri, input.mode, input.params);
  const notice = input.notice;
  if (!notice) return seeOther(location, { "Referrer-Policy": "no-referrer", ...input.headers });
  return localized(input, (lang) => {
    const t = translator(lang, "protocolPages");
    const shown = noticeHtml(notice, t);
    return htmlPage({
      title: shown.title,
      lang,
      head: `<meta http-equiv="refresh" content="3;url=${escapeHtml(location)}">`,
      body: `${shown.html}<p><a class="button" href="${escapeHtml(location)}">${escapeHtml(t("continue"))}</a></p>`,
    });
  });
}
