/**
 * Delivers an authorization response or error to a verified redirect_uri (RFC 6749 §4.1.2,
 * OAuth 2.0 Multiple Response Types §2, Form Post Response Mode, RFC 9207 `iss` on every response).
 */
import { createHash } from "node:crypto";
import { config } from "../config";
import { escapeHtml, htmlPage } from "../http/html";
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
  notice?: { title: string; text: string; testId: string };
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
  const all = { ...params, iss: config().issuer };
  return Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined);
}

function applyHeaders(response: Response, headers: Record<string, string | string[]> | undefined): Response {
  for (const [name, value] of Object.entries(headers ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) response.headers.append(name, v);
  }
  return response;
}

export function authorizationResponse(input: AuthorizationResponseInput): Response {
  const entries = withParams(input.params);
  if (input.mode === "form_post") {
    const target = new URL(input.redirectUri);
    const fields = entries.map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join("");
    // The form submits itself; without JavaScript the button does it (no-JS users and CSP-strict browsers).
    const script = input.notice ? "setTimeout(function(){document.forms[0].submit()},3000)" : "document.forms[0].submit()";
    const hash = `sha256-${createHash("sha256").update(script).digest("base64")}`;
    const heading = input.notice
      ? `<h1 data-testid="${escapeHtml(input.notice.testId)}">${escapeHtml(input.notice.title)}</h1><p>${escapeHtml(input.notice.text)}</p>`
      : "<h1>Returning to the application…</h1>";
    const page = htmlPage({
      title: input.notice?.title ?? "Returning to the application",
      formAction: target.origin,
      scriptHash: hash,
      body: `${heading}<form method="post" action="${escapeHtml(input.redirectUri)}">${fields}<noscript><p>JavaScript is off: press the button to continue.</p></noscript><button type="submit">Continue</button></form><script>${script}</script>`,
    });
    return applyHeaders(page, input.headers);
  }
  const location = responseLocation(input.redirectUri, input.mode, input.params);
  if (input.notice) {
    const page = htmlPage({
      title: input.notice.title,
      head: `<meta http-equiv="refresh" content="3;url=${escapeHtml(location)}">`,
      body: `<h1 data-testid="${escapeHtml(input.notice.testId)}">${escapeHtml(input.notice.title)}</h1><p>${escapeHtml(input.notice.text)}</p><p><a class="button" href="${escapeHtml(location)}">Continue</a></p>`,
    });
    return applyHeaders(page, input.headers);
  }
  return seeOther(location, { "Referrer-Policy": "no-referrer", ...input.headers });
}
