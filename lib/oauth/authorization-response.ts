/**
 * Delivers an authorization response or error to a verified redirect_uri (RFC 6749 §4.1.2,
 * OAuth 2.0 Multiple Response Types §2, Form Post Response Mode, RFC 9207 `iss` on every response).
 */
import { createHash } from "node:crypto";
import { config } from "../config";
import { escapeHtml, htmlPage } from "../http/html";

export type ResponseMode = "query" | "fragment" | "form_post";

export interface AuthorizationResponseInput {
  redirectUri: string;
  mode: ResponseMode;
  params: Record<string, string | undefined>;
  headers?: Record<string, string | string[]>;
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
    const script = "document.forms[0].submit()";
    const hash = `sha256-${createHash("sha256").update(script).digest("base64")}`;
    const page = htmlPage({
      title: "Returning to the application",
      formAction: target.origin,
      scriptHash: hash,
      body: `<h1>Returning to the application…</h1><form method="post" action="${escapeHtml(input.redirectUri)}">${fields}<noscript><p>JavaScript is off: press the button to continue.</p></noscript><button type="submit">Continue</button></form><script>${script}</script>`,
    });
    return applyHeaders(page, input.headers);
  }
  const url = new URL(input.redirectUri);
  if (input.mode === "query") {
    for (const [k, v] of entries) url.searchParams.append(k, v);
  } else {
    url.hash = new URLSearchParams(entries).toString();
  }
  const response = new Response(null, { status: 303, headers: { Location: url.toString(), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  return applyHeaders(response, input.headers);
}
