/**
 * The eID step's browser endpoints (lib/login/eid-step.ts does the work):
 * - GET /login/{id}/start: begins the eID (production tenants): off to the provider, or to Porta's page;
 * - GET /login/callback: the upstream OpenID Connect provider sends the browser back here;
 * - GET /login/{id}/eid/status: the BankID page's poll (JSON).
 * Each is bound to the browser that started the login and to the eID step's state.
 */
import type { LoginTransaction } from "../db/generated/client";
import { findApplicationById, type ApplicationRecord } from "../clients/application-service";
import { hashToken } from "../crypto/hash";
import { EidFailure } from "../eid/connector";
import { BROWSER_COOKIE, readCookie } from "../http/cookies";
import { errorPage } from "../http/html";
import { LOCALE_COOKIE, resolveLocale } from "../i18n/locales";
import { logger } from "../log";
import { endUserIpOf, findByConnectorRef, finishEidStep, pollEidStep, startEidStep, type StepRequest } from "../login/eid-step";
import { failLogin } from "../login/flow";
import { findBrowserTransaction, requestOf, TransactionConflictError } from "../login/transaction";
import { OAuthError } from "../oauth/errors";

const NOT_IN_PROGRESS = "This login has expired, has already finished, or was started in another browser. Go back to the service and start again.";

export function stepRequestOf(request: Request, tx: LoginTransaction): StepRequest {
  return {
    locale: resolveLocale({
      cookie: readCookie(request, LOCALE_COOKIE),
      uiLocales: requestOf(tx).uiLocales,
      acceptLanguage: request.headers.get("accept-language"),
    }),
    endUserIp: endUserIpOf(request),
  };
}

/** Runs an eID step; a failure of the eID ends the login at the relying party with the matching error. */
async function guarded(tx: LoginTransaction, what: string, step: () => Promise<Response>): Promise<Response> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof TransactionConflictError) return errorPage("invalid_request", NOT_IN_PROGRESS);
    if (error instanceof OAuthError) {
      if (error.code === "invalid_request" && !(error instanceof EidFailure)) return errorPage("invalid_request", error.description);
      if (error instanceof EidFailure && error.code === "server_error") logger.warn({ err: error.cause ?? error, reason: error.reason }, `eID ${what} failed`);
      return failLogin(tx, error).catch(() => errorPage("invalid_request", NOT_IN_PROGRESS));
    }
    logger.error({ err: error }, `eID ${what} failed`);
    return failLogin(tx, new OAuthError("server_error", "Porta could not complete the eID login")).catch(() => errorPage("invalid_request", NOT_IN_PROGRESS));
  }
}

async function clientOf(tx: LoginTransaction): Promise<ApplicationRecord | null> {
  return findApplicationById(tx.applicationId);
}

export async function startEid(request: Request, transactionId: string): Promise<Response> {
  const tx = await findBrowserTransaction(transactionId, readCookie(request, BROWSER_COOKIE));
  if (!tx || tx.state !== "eid_authenticating") return errorPage("invalid_request", NOT_IN_PROGRESS);
  const client = await clientOf(tx);
  if (!client) return errorPage("invalid_request", "The application of this login no longer exists");
  return guarded(tx, "start", () => startEidStep(tx, client, stepRequestOf(request, tx)));
}

export async function eidCallback(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // Form-posted answers (response_mode=form_post) are not requested; the query carries the answer.
  const query = url.searchParams;
  const ref = query.get("state");
  if (!ref) return errorPage("invalid_request", "The eID's answer has no state: it does not belong to a login in progress.");
  const tx = await findByConnectorRef(ref);
  if (!tx) return errorPage("invalid_request", "The eID's answer does not belong to a login in progress (unknown state).");
  const browser = readCookie(request, BROWSER_COOKIE);
  if (!browser || hashToken(browser) !== tx.browserHash) {
    return errorPage("invalid_request", "This eID answer belongs to a login started in another browser. Continue in the browser where you began.", 403);
  }
  if (tx.state !== "eid_authenticating" || tx.expiresAt <= new Date()) {
    return errorPage("invalid_request", "This eID answer was already used, or the login has finished or expired. Go back to the service and start again.");
  }
  const client = await clientOf(tx);
  if (!client) return errorPage("invalid_request", "The application of this login no longer exists");
  return guarded(tx, "callback", () => finishEidStep(tx, client, stepRequestOf(request, tx), query));
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export async function eidStatus(request: Request, transactionId: string): Promise<Response> {
  const tx = await findBrowserTransaction(transactionId, readCookie(request, BROWSER_COOKIE));
  if (!tx) return json({ error: "invalid_request", error_description: NOT_IN_PROGRESS }, 404);
  if (tx.state !== "eid_authenticating") return json({ status: "finished", next: `/login/${tx.id}` });
  const client = await clientOf(tx);
  if (!client) return json({ error: "invalid_request", error_description: "The application of this login no longer exists" }, 404);
  try {
    return json(await pollEidStep(tx, client, stepRequestOf(request, tx), new URL(request.url).searchParams));
  } catch (error) {
    // Another poll of the same login moved it first (two tabs, an overlapping poll): ask again.
    if (error instanceof TransactionConflictError) return json({ error: "conflict", error_description: "The login changed while it was being read; poll again" }, 409);
    if (error instanceof EidFailure) return json({ status: "failed", reason: error.reason });
    if (error instanceof OAuthError) return json(error.toJSON(), error.status);
    logger.error({ err: error }, "eID status failed");
    return json({ status: "failed", reason: "unavailable" });
  }
}
