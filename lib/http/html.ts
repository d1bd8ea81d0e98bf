/**
 * Small self-contained HTML pages the protocol endpoints answer with directly (error page,
 * form_post, logout): nothing loaded from elsewhere, every value escaped, the page headers of
 * page-headers.ts. Their one <style> is fixed and their CSP names it by hash, as it names the
 * page's one script (if any), so no injected markup can style or script the page. The pages a
 * person reads speak their language: the caller passes `lang` (page-locale.ts) and texts from the
 * hosted login's messages (i18n/translate.ts).
 */
import type { Locale } from "../i18n/locales";
import { pageSecurityHeaders, selfContainedPageCsp } from "./page-headers";
import { PAGE_STYLE } from "./page-style";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M10 25V11a6 6 0 0 1 12 0v14" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/><circle cx="19" cy="18" r="1.6" fill="#fff"/></svg>`;

export interface HtmlPageOptions {
  title: string;
  /** Trusted HTML for the card body (build it with escapeHtml). */
  body: string;
  status?: number;
  /** Extra <head> content (trusted). */
  head?: string;
  /** CSP form-action sources, when the page posts a form elsewhere (form_post). */
  formAction?: string;
  /** The one inline script in `body`, as `sha256-…` of its text. */
  scriptHash?: string;
  /** `<html lang>`: the language the texts are in (English when absent). */
  lang?: Locale;
}

export function htmlPage(options: HtmlPageOptions): Response {
  const csp = selfContainedPageCsp({ scriptHash: options.scriptHash, formAction: options.formAction });
  const html = `<!doctype html><html lang="${escapeHtml(options.lang ?? "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(options.title)} · Porta</title><style>${PAGE_STYLE}</style>${options.head ?? ""}</head><body><main><div class="card"><div class="brand">${LOGO}<span>Porta</span></div>${options.body}</div></main></body></html>`;
  return new Response(html, {
    status: options.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": csp, ...pageSecurityHeaders() },
  });
}
