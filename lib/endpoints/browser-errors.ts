/**
 * The browser channel's one error handler (channels.ts): every route a browser navigates or posts
 * a form with (authorize, the eID step, the login's form posts and problem page, resume, logout,
 * test devices, the playground). It decides, for any error, between the relying party and Porta's
 * error page:
 * - an error about the request itself before its client and redirect_uri are verified, or about
 *   a login this browser does not own → the error page (never a redirect; RFC 9700 §4.11.2);
 * - an invalid authorization request with a verified redirect_uri → back to it with `error`,
 *   `error_description`, `state` and `iss` (RFC 6749 §4.1.2.1, RFC 9207);
 * - a failure during a login that belongs to this browser → the login ends at its relying party
 *   the same way (an eID refusal is `access_denied`, anything unexpected `server_error`);
 * - a bad form field (`invalid_request` that is not the eID's) → the error page, the login goes on.
 * Unexpected errors are logged with their cause and never echoed.
 */
import { EidFailure } from "../eid/connector";
import { PageProblem, renderErrorPage, type ProblemKey } from "../http/error-page";
import { inEndpointLocale, pageLocale } from "../http/page-locale";
import type { Locale } from "../i18n/locales";
import { logger } from "../log";
import { failLogin } from "../login/fail-login";
import { LoginConflictError, type Login } from "../login/login-state";
import { requestOf } from "../login/login";
import { authorizationResponse } from "../oauth/authorization-response";
import { AuthorizationRequestError } from "../oauth/authorization/validate-request";
import { OAuthError } from "../oauth/errors";

/** One browser request, and what the endpoint has learnt of it so far. */
export interface BrowserExchange {
  readonly request: Request;
  /** The login this request acts on, once it is known to belong to this browser. */
  login?: Login;
  /** The request's ui_locales, before a login exists (authorize). */
  uiLocales?: readonly string[];
}

/** Codes the error page shows as they are; any other code of a request error shows as invalid_request. */
const PAGE_CODES = new Set(["invalid_client", "invalid_redirect_uri", "invalid_request_uri"]);

const FINISHED = "This login has already finished, has expired, or was started in another browser. Go back to the service and start again.";

/** The language of every page this request is answered with (error page, form_post, notices). */
function localeOf(exchange: BrowserExchange): Locale {
  const uiLocales = exchange.login ? requestOf(exchange.login).uiLocales : (exchange.uiLocales ?? []);
  return pageLocale(exchange.request, uiLocales);
}

function page(exchange: BrowserExchange, code: string, problem?: ProblemKey, description?: string, status?: number): Response {
  return renderErrorPage({ code, problem, description, status, locale: localeOf(exchange) });
}

/**
 * Ends the login at its relying party; if another request ended it first, the page says so. If
 * the login could not be ended (the database failing), it is not finished: the error page says
 * server_error, and the person may retry the step.
 */
async function returnToClient(exchange: BrowserExchange, login: Login, error: OAuthError): Promise<Response> {
  try {
    return await failLogin(login, error);
  } catch (failure) {
    if (failure instanceof LoginConflictError) return page(exchange, "invalid_request", "finished", FINISHED);
    logger.error({ err: failure, reqId: exchange.request.headers.get("x-request-id") ?? undefined }, "could not end the login");
    return page(exchange, "server_error", "serverError", undefined, 500);
  }
}

export function browserErrorResponse(endpoint: string, exchange: BrowserExchange, error: unknown): Promise<Response> | Response {
  if (error instanceof PageProblem) return page(exchange, error.code, error.problem, error.description, error.status);
  if (error instanceof LoginConflictError) return page(exchange, "invalid_request", "finished", FINISHED);
  if (error instanceof AuthorizationRequestError) {
    if (!error.target) return page(exchange, PAGE_CODES.has(error.error.code) ? error.error.code : "invalid_request", undefined, error.error.description);
    return authorizationResponse({
      redirectUri: error.target.redirectUri,
      mode: error.target.mode,
      params: { error: error.error.code, error_description: error.error.description, state: error.target.state },
    });
  }
  const login = exchange.login;
  if (error instanceof OAuthError) {
    if (!login) return page(exchange, error.code, undefined, error.description, error.status === 413 || error.status >= 500 ? error.status : 400);
    if (error.code === "invalid_request" && !(error instanceof EidFailure)) return page(exchange, "invalid_request", "badRequest", error.description);
    if (error instanceof EidFailure) {
      // The relying party gets a fixed description: upstream and network error text never reaches
      // it (it may hold the provider's internals); it is logged with the request id.
      const line = { err: error.cause ?? error, reason: error.reason, detail: error.detail, endpoint, reqId: exchange.request.headers.get("x-request-id") ?? undefined };
      if (error.code === "server_error") logger.warn(line, "eID step failed");
      else logger.info(line, "eID step refused");
    }
    return returnToClient(exchange, login, error);
  }
  logger.error({ err: error, endpoint, reqId: exchange.request.headers.get("x-request-id") ?? undefined }, "browser endpoint failed");
  if (login) return returnToClient(exchange, login, new OAuthError("server_error", "Porta could not complete the login"));
  return page(exchange, "server_error", "serverError", undefined, 500);
}

/**
 * Runs a browser endpoint (the routing table does, for every browser route); whatever it throws
 * becomes the right redirect or error page. Pages drawn on the way (form_post, notices) are
 * answered in the error page's language.
 */
export async function withBrowserErrors(endpoint: string, request: Request, fn: (exchange: BrowserExchange) => Promise<Response>): Promise<Response> {
  const exchange: BrowserExchange = { request };
  let response: Response;
  try {
    response = await fn(exchange);
  } catch (error) {
    response = await browserErrorResponse(endpoint, exchange, error);
  }
  return inEndpointLocale(response, () => localeOf(exchange));
}
