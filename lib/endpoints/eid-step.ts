/**
 * The eID step's browser endpoints (lib/login/eid-step.ts does the work):
 * - GET /login/callback: an upstream OpenID Connect provider sends the browser back here;
 * - GET /login/{id}/eid/status: the BankID page's poll (JSON, and so are its errors).
 * Each is bound to the browser that started the login and to the eID step's state.
 */
import { findServedApplicationById } from "../clients/find-application";
import { hashToken } from "../crypto/hash";
import { EidFailure } from "../eid/connector";
import { BROWSER_COOKIE, readCookie } from "../http/cookies";
import { PageProblem } from "../http/error-page";
import { logger } from "../log";
import { finishEidStep, pollEidStep, stepRequestOf } from "../login/eid-step";
import { stepPathFor } from "../login/step-paths";
import { LoginConflictError } from "../login/login-state";
import { findBrowserLogin, findByConnectorRef } from "../login/login-store";
import { now } from "../clock";
import { OAuthError } from "../oauth/errors";
import type { BrowserExchange } from "./browser-errors";

const NOT_IN_PROGRESS = "This login has expired, has already finished, or was started in another browser. Go back to the service and start again.";

export async function eidCallback(exchange: BrowserExchange): Promise<Response> {
  const { request } = exchange;
  // Form-posted answers (response_mode=form_post) are not requested; the query carries the answer.
  const query = new URL(request.url).searchParams;
  const ref = query.get("state");
  if (!ref) throw new PageProblem("invalid_request", "badRequest", "The eID's answer has no state: it does not belong to a login in progress.");
  const login = await findByConnectorRef(ref);
  if (!login) throw new PageProblem("invalid_request", "expired", "The eID's answer does not belong to a login in progress (unknown state).");
  const browser = readCookie(request, BROWSER_COOKIE);
  if (!browser || hashToken(browser) !== login.browserHash) {
    throw new PageProblem("invalid_request", "otherBrowser", "This eID answer belongs to a login started in another browser. Continue in the browser where you began.", 403);
  }
  if (login.state !== "eid_authenticating" || login.expiresAt <= now()) {
    throw new PageProblem("invalid_request", "finished", "This eID answer was already used, or the login has finished or expired. Go back to the service and start again.");
  }
  // A login of a tenant not served on this issuer is not in progress here (each tenant domain is
  // its own issuer, and PUBLIC_URL's host serves only the tenants without one).
  const client = await findServedApplicationById(login.applicationId);
  if (!client) throw new PageProblem("invalid_request", "expired", NOT_IN_PROGRESS);
  exchange.login = login;
  return finishEidStep(login, client, stepRequestOf(request, login), query);
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export async function eidStatus(request: Request, loginId: string): Promise<Response> {
  const login = await findBrowserLogin(loginId, readCookie(request, BROWSER_COOKIE));
  // A login of a tenant not served on this issuer is not in progress here (as at the callback).
  const client = login && (await findServedApplicationById(login.applicationId));
  if (!login || !client) return json({ error: "invalid_request", error_description: NOT_IN_PROGRESS }, 404);
  if (login.state !== "eid_authenticating") return json({ status: "finished", next: stepPathFor(login) });
  try {
    return json(await pollEidStep(login, client, stepRequestOf(request, login), new URL(request.url).searchParams));
  } catch (error) {
    // Another poll of the same login moved it first (two tabs, an overlapping poll): ask again.
    if (error instanceof LoginConflictError) return json({ error: "conflict", error_description: "The login changed while it was being read; poll again" }, 409);
    if (error instanceof EidFailure) return json({ status: "failed", reason: error.reason });
    if (error instanceof OAuthError) return json(error.toJSON(), error.status);
    logger.error({ err: error }, "eID status failed");
    return json({ status: "failed", reason: "unavailable" });
  }
}
