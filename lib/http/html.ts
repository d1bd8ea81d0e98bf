/**
 * Small self-contained HTML pages the protocol endpoints answer with directly (error page,
 * form_post, logout): no scripts from elsewhere, inline styles, every value escaped. Login pages
 * send X-Frame-Options/CSP frame-ancestors 'none' and Referrer-Policy no-referrer (design.md §9).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export const PAGE_SECURITY_HEADERS = {
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
} as const;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:34rem;margin:10vh auto;padding:0 1.25rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.9rem;padding:2rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.brand{display:flex;align-items:center;gap:.6rem;margin-bottom:1.5rem;font-weight:600;color:#1e3a8a}
.brand svg{width:1.75rem;height:1.75rem}
h1{font-size:1.35rem;margin:0 0 .75rem}
p{line-height:1.55;margin:.5rem 0;color:#334155}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:#f1f5f9;border-radius:.3rem;padding:.1rem .35rem;color:#0f172a}
.muted{color:#64748b;font-size:.875rem}
a.button,button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.6rem 1.2rem;border-radius:.6rem;border:0;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
a.button:focus-visible,button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
`;

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
  scriptHash?: string;
  lang?: string;
}

export function htmlPage(options: HtmlPageOptions): Response {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    options.scriptHash ? `script-src '${options.scriptHash}'` : "script-src 'none'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    options.formAction ? `form-action ${options.formAction}` : "form-action 'self'",
  ].join("; ");
  const html = `<!doctype html><html lang="${escapeHtml(options.lang ?? "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(options.title)} · Porta</title><style>${STYLE}</style>${options.head ?? ""}</head><body><main><div class="card"><div class="brand">${LOGO}<span>Porta</span></div>${options.body}</div></main></body></html>`;
  return new Response(html, {
    status: options.status ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": csp, ...PAGE_SECURITY_HEADERS },
  });
}

const ERROR_TITLES: Record<string, string> = {
  invalid_client: "Unknown application",
  invalid_redirect_uri: "Unregistered return address",
  invalid_request_uri: "This login link has expired",
  invalid_request: "The login request is not valid",
};

/**
 * The error page for requests that cannot be returned to the relying party (unknown client,
 * unverified redirect_uri, bad request_uri): never a redirect. `data-testid="error"` holds the code.
 */
export function errorPage(code: string, description: string, status = 400): Response {
  return htmlPage({
    title: ERROR_TITLES[code] ?? "Login error",
    status,
    body: `<h1>${escapeHtml(ERROR_TITLES[code] ?? "Login error")}</h1>
<p>${escapeHtml(description)}</p>
<p class="muted">Error code: <code data-testid="error">${escapeHtml(code)}</code></p>
<p class="muted">Go back to the service you came from and try again. If it keeps happening, tell that service's support team the code above.</p>`,
  });
}
