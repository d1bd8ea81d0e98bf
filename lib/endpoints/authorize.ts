/**
 * GET/POST /oauth2/authorize (RFC 6749 §3.1, OIDC Core §3.1.2). Validates the request, then starts
 * the hosted login. Where an error goes (the error page or the verified redirect_uri) is decided
 * by the browser channel (browser-errors.ts), from the exchange and the error. With RATE_LIMIT_LOGINS_PER_MINUTE, a client IP that starts more
 * logins than that in a minute gets a 429 page with Retry-After (lib/abuse/limits.ts).
 */
import { countNewLogin } from "../abuse/limits";
import { clientIpOf } from "../http/client-ip";
import { BROWSER_COOKIE, SESSION_COOKIE, readCookie } from "../http/cookies";
import { PageProblem, renderErrorPage } from "../http/error-page";
import { pageLocale } from "../http/page-locale";
import { MAX_BODY_BYTES, readCappedText } from "../http/read-body";
import { startBrowserLogin } from "../login/start-browser-login";
import { applyRequestObject, loadPushedRequest } from "../oauth/authorization/resolve-request";
import { OAuthError } from "../oauth/errors";
import { collectParams, loadClientForAuthorization, validateAuthorizationRequest } from "../oauth/authorization/validate-request";
import type { BrowserExchange } from "./browser-errors";

async function readParams(request: Request): Promise<URLSearchParams> {
  if (request.method === "GET" || request.method === "HEAD") return new URL(request.url).searchParams;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new PageProblem("invalid_request", "badRequest", "A POST to the authorization endpoint must be form-encoded (application/x-www-form-urlencoded)");
  }
  try {
    return new URLSearchParams(await readCappedText(request, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof OAuthError) throw new PageProblem("invalid_request", "badRequest", error.status === 413 ? "The request is too large" : error.description, error.status);
    throw error;
  }
}

export async function authorize(exchange: BrowserExchange): Promise<Response> {
  const { request } = exchange;
  const raw = collectParams(await readParams(request));
  exchange.uiLocales = raw.params.get("ui_locales")?.split(" ") ?? [];
  const ip = clientIpOf(request);
  const wait = await countNewLogin(ip);
  if (wait > 0) return tooManyLogins(request, exchange.uiLocales, wait);
  const client = await loadClientForAuthorization(raw);
  const pushed = raw.params.has("request_uri") ? await loadPushedRequest(raw, client) : undefined;
  const resolved = pushed ? pushed.raw : await applyRequestObject(raw, client);
  const validated = validateAuthorizationRequest(resolved, client, { isPushed: !!pushed, parRequestId: pushed?.parRequestId });
  return startBrowserLogin(client, validated, {
    browserToken: readCookie(request, BROWSER_COOKIE),
    sessionToken: readCookie(request, SESSION_COOKIE),
    step: { locale: pageLocale(request, validated.uiLocales), endUserIp: ip },
    onStarted: (login) => {
      exchange.login = login;
    },
  });
}

function tooManyLogins(request: Request, uiLocales: readonly string[], retryAfterSeconds: number): Response {
  const response = renderErrorPage({
    code: "temporarily_unavailable",
    problem: "tooManyLogins",
    description: "Too many new logins from this address: try again later",
    status: 429,
    locale: pageLocale(request, uiLocales),
  });
  response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}
