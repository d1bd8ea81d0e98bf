/**
 * GET /login/resume/{token}: the browser comes back here after the post-auth webhook paused the
 * login with a 303 to a page of its own (the token is in the event's resumeUrl).
 * Usable once, within 15 minutes, and only by the browser that started the login.
 */
import { findServedApplicationById } from "../clients/find-application";
import { hashToken } from "../crypto/hash";
import { BROWSER_COOKIE, readCookie } from "../http/cookies";
import { PageProblem } from "../http/error-page";
import { currentIssuer } from "../http/request-issuer";
import { logger } from "../log";
import { resumeAfterWebhookRedirect } from "../login/post-auth-webhook";
import { LoginConflictError } from "../login/login-state";
import { findPausedLogin } from "../login/login-store";
import { OAuthError } from "../oauth/errors";
import type { BrowserExchange } from "./browser-errors";

const NOT_VALID = "This link to continue the login is not valid, or was already used. Go back to the service and start again.";

export async function resumeLogin(exchange: BrowserExchange, token: string): Promise<Response> {
  const { request } = exchange;
  const login = /^[A-Za-z0-9_-]{16,128}$/.test(token) ? await findPausedLogin(hashToken(token)) : null;
  if (!login) throw new PageProblem("invalid_request", "finished", NOT_VALID);
  const browser = readCookie(request, BROWSER_COOKIE);
  if (!browser || hashToken(browser) !== login.browserHash) {
    throw new PageProblem("invalid_request", "otherBrowser", "This login was started in another browser. Continue it in the browser where you began.", 403);
  }
  const client = await findServedApplicationById(login.applicationId);
  if (!client) throw new PageProblem("invalid_request", "finished", NOT_VALID);
  exchange.login = login;
  const url = new URL(request.url);
  try {
    return await resumeAfterWebhookRedirect(login, client, `${currentIssuer()}${url.pathname}${url.search}`);
  } catch (error) {
    if (error instanceof OAuthError || error instanceof LoginConflictError) throw error;
    logger.error({ err: error }, "resume failed");
    throw new OAuthError("server_error", "login webhook failed");
  }
}
