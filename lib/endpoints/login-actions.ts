/**
 * The hosted login's form posts: POST /login/{id}/{select|authenticate|consent|cancel|back}.
 * Each is accepted only from the browser that started the login (browser-binding cookie,
 * SameSite=Lax), from Porta's own origin, and in the state it belongs to.
 */
import type { LoginState, LoginTransaction } from "../db/generated/client";
import { config } from "../config";
import { BROWSER_COOKIE, readCookie } from "../http/cookies";
import { errorPage } from "../http/html";
import { readForm } from "../http/read-body";
import { logger } from "../log";
import { cancelEidStep, finishEidStep } from "../login/eid-step";
import { stepRequestOf } from "./eid-step";
import { cancelLogin, decideConsent, failLogin, selectMethod } from "../login/flow";
import { findBrowserTransaction, requestOf, TransactionConflictError, transition } from "../login/transaction";
import { OAuthError } from "../oauth/errors";
import { findApplicationById, type ApplicationRecord } from "../clients/application-service";

export type LoginAction = "select" | "authenticate" | "consent" | "cancel" | "back";

const ALLOWED_STATES: Record<LoginAction, readonly LoginState[]> = {
  select: ["eid_selection"],
  authenticate: ["eid_authenticating"],
  consent: ["consent"],
  cancel: ["started", "eid_selection", "eid_authenticating", "consent"],
  back: ["eid_authenticating"],
};

function finishedPage(): Response {
  return errorPage("invalid_request", "This login has already finished. Go back to the service and start again.");
}

function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null || origin === "null") return request.headers.get("sec-fetch-site") !== "cross-site";
  return origin === new URL(config().issuer).origin;
}

async function loadClient(tx: LoginTransaction): Promise<ApplicationRecord> {
  const app = await findApplicationById(tx.applicationId);
  if (!app) throw new OAuthError("server_error", "The application was deleted during the login");
  return app;
}

async function perform(action: LoginAction, tx: LoginTransaction, client: ApplicationRecord, form: Map<string, string>, request: Request): Promise<Response> {
  switch (action) {
    case "select":
      return selectMethod(tx, client, form.get("acr") ?? "");
    case "cancel":
      await cancelEidStep(tx, client, stepRequestOf(request, tx));
      return cancelLogin(tx);
    case "back": {
      if (requestOf(tx).acrValues.length < 2) return cancelLogin(tx);
      await transition(tx, "eid_selection", { acr: null });
      return new Response(null, { status: 303, headers: { Location: `/login/${tx.id}`, "Cache-Control": "no-store" } });
    }
    case "consent":
      return decideConsent(tx, client, form.get("decision") === "accept");
    case "authenticate": {
      const step = stepRequestOf(request, tx);
      if (form.get("decision") === "cancel") {
        await cancelEidStep(tx, client, step);
        return cancelLogin(tx);
      }
      return finishEidStep(tx, client, step, new URLSearchParams([...form]));
    }
  }
}

export async function loginAction(request: Request, transactionId: string, action: LoginAction): Promise<Response> {
  if (!isSameOrigin(request)) return errorPage("invalid_request", "This form was sent from another site", 403);
  let form: Map<string, string>;
  try {
    form = await readForm(request);
  } catch (error) {
    return errorPage("invalid_request", error instanceof OAuthError ? error.description : "The form could not be read");
  }
  const tx = await findBrowserTransaction(transactionId, readCookie(request, BROWSER_COOKIE));
  if (!tx) return errorPage("invalid_request", "This login has expired or was started in another browser. Go back to the service and start again.");
  if (tx.state === "completed" || tx.state === "failed") return finishedPage();
  if (!ALLOWED_STATES[action].includes(tx.state)) {
    return new Response(null, { status: 303, headers: { Location: `/login/${tx.id}`, "Cache-Control": "no-store" } });
  }
  let client: ApplicationRecord;
  try {
    client = await loadClient(tx);
  } catch {
    return errorPage("invalid_request", "The application of this login no longer exists");
  }
  try {
    return await perform(action, tx, client, form, request);
  } catch (error) {
    if (error instanceof TransactionConflictError) return finishedPage();
    if (error instanceof OAuthError) {
      if (error.code === "invalid_request") return errorPage("invalid_request", error.description);
      return failLogin(tx, error).catch(() => finishedPage());
    }
    logger.error({ err: error, action }, "login step failed");
    return failLogin(tx, new OAuthError("server_error", "Porta could not complete the login")).catch(() => finishedPage());
  }
}
