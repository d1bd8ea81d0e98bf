/**
 * GET/POST /oauth2/logout (OIDC RP-Initiated Logout 1.0). Ends the browser's session. With a
 * valid id_token_hint (signature checked; expiry ignored) or a client_id, a registered
 * post_logout_redirect_uri (exact match) receives the browser with `state`; otherwise a
 * "you are logged out" page. An unregistered address is never redirected to. The page, and the
 * error page, speak the request's `ui_locales` (RP-Initiated Logout §2), else the browser's language.
 */
import { compactVerify, createLocalJWKSet, decodeJwt, type JSONWebKeySet } from "jose";
import type { ApplicationRecord } from "../clients/application-record";
import { findServedApplication } from "../clients/find-application";
import { currentIssuer } from "../tenants/issuer-context";
import { clearCookie, readCookie, SESSION_COOKIE } from "../http/cookies";
import { PageProblem } from "../http/error-page";
import { readCappedText } from "../http/read-body";
import { isValidText } from "../http/valid-text";
import { escapeHtml, htmlPage } from "../http/html";
import { pageLocale } from "../http/page-locale";
import { seeOther } from "../http/see-other";
import type { Locale } from "../i18n/locales";
import { translator } from "../i18n/translate";
import { jwksDocument } from "../keys/jwks";
import { endSession } from "../login/sessions";
import type { BrowserExchange } from "./browser-errors";

async function params(request: Request): Promise<URLSearchParams> {
  let search = new URL(request.url).searchParams;
  if (request.method === "POST") {
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim();
    search = type === "application/x-www-form-urlencoded" ? new URLSearchParams(await readCappedText(request)) : new URLSearchParams();
  }
  for (const [name, value] of search) {
    if (!isValidText(name) || !isValidText(value)) throw new PageProblem("invalid_request", "badRequest", "A parameter holds a NUL character or text that is not valid UTF-8");
  }
  return search;
}

/** The client id an id_token_hint was issued to, or null when it is not a valid Porta ID token. */
async function hintAudience(hint: string): Promise<string | null> {
  try {
    const jwks = createLocalJWKSet(JSON.parse(await jwksDocument("oidc")) as JSONWebKeySet);
    await compactVerify(hint, jwks, { algorithms: ["RS256", "PS256", "ES256"] });
    const payload = decodeJwt(hint);
    if (payload.iss !== currentIssuer()) return null;
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    return typeof aud === "string" ? aud : null;
  } catch {
    return null;
  }
}

function loggedOutPage(lang: Locale, client: ApplicationRecord | null): Response {
  const t = translator(lang, "protocolPages");
  const title = t("loggedOutTitle");
  const text = client ? t("loggedOutTextFor", { clientName: client.clientName }) : t("loggedOutText");
  const response = htmlPage({ title, lang, body: `<h1 data-testid="logged-out">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` });
  response.headers.append("Set-Cookie", clearCookie(SESSION_COOKIE));
  return response;
}

/** Speculative loads (browser prefetch, Next.js router prefetch) must not log anyone out. */
function isPrefetch(request: Request): boolean {
  const h = request.headers;
  return (
    /prefetch/i.test(h.get("sec-purpose") ?? h.get("purpose") ?? h.get("x-purpose") ?? "") ||
    h.get("next-router-prefetch") !== null ||
    h.get("rsc") !== null
  );
}

export async function logout(exchange: BrowserExchange): Promise<Response> {
  const { request } = exchange;
  if (isPrefetch(request)) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  const p = await params(request);
  const uiLocales = p.get("ui_locales")?.split(" ") ?? [];
  exchange.uiLocales = uiLocales;
  const hint = p.get("id_token_hint") ?? undefined;
  const clientIdParam = p.get("client_id") ?? undefined;
  const target = p.get("post_logout_redirect_uri") ?? undefined;
  const state = p.get("state") ?? undefined;

  let clientId = clientIdParam;
  if (hint) {
    const aud = await hintAudience(hint);
    if (!aud) throw new PageProblem("invalid_request", "badRequest", "id_token_hint is not an ID token issued by Porta");
    if (clientIdParam && clientIdParam !== aud) throw new PageProblem("invalid_request", "badRequest", "client_id does not match the id_token_hint");
    clientId = aud;
  }
  const client = clientId ? await findServedApplication(clientId) : null;
  if (clientId && !client) throw new PageProblem("invalid_client", "unknownClient", "No application is registered with this client_id");

  await endSession(readCookie(request, SESSION_COOKIE));

  if (!target) return loggedOutPage(pageLocale(request, uiLocales), client);
  if (!client || !client.postLogoutRedirectUris.includes(target)) {
    throw new PageProblem("invalid_request", "unregisteredRedirect", "post_logout_redirect_uri is not registered for this application; you are logged out");
  }
  const url = new URL(target);
  if (state !== undefined) url.searchParams.set("state", state);
  return seeOther(url.toString(), { "Set-Cookie": clearCookie(SESSION_COOKIE) });
}
