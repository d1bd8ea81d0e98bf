/**
 * The hosted login's form posts: POST /login/{id}/{select|authenticate|consent|cancel|back}.
 * Each is accepted only from the browser that started the login (browser-binding cookie,
 * SameSite=Lax), from Porta's own origin, and in the state it belongs to.
 */
import { findApplicationById } from "../clients/find-application";
import type { ApplicationRecord } from "../clients/application-record";
import { BROWSER_COOKIE, readCookie } from "../http/cookies";
import { PageProblem } from "../http/error-page";
import { readForm } from "../http/read-body";
import { isSameOrigin } from "../http/same-origin";
import { isServedTenant } from "../tenants/issuer-context";
import { seeOther } from "../http/see-other";
import { decideConsent } from "../login/consent-step";
import { cancelEidStep, finishEidStep, stepRequestOf } from "../login/eid-step";
import { cancelLogin } from "../login/fail-login";
import { selectMethod } from "../login/start-browser-login";
import { stepPathFor } from "../login/step-paths";
import type { LoginState, LoginTransaction } from "../login/login-state";
import { findBrowserTransaction } from "../login/login-store";
import { requestOf, transition } from "../login/transaction";
import type { BrowserExchange } from "./browser-errors";

export type LoginAction = "select" | "authenticate" | "consent" | "cancel" | "back";

const ALLOWED_STATES: Record<LoginAction, readonly LoginState[]> = {
  select: ["eid_selection"],
  authenticate: ["eid_authenticating"],
  consent: ["consent"],
  cancel: ["started", "eid_selection", "eid_authenticating", "consent"],
  back: ["eid_authenticating"],
};

async function perform(action: LoginAction, tx: LoginTransaction, client: ApplicationRecord, form: Map<string, string>, request: Request): Promise<Response> {
  const step = stepRequestOf(request, tx);
  switch (action) {
    case "select":
      return selectMethod(tx, client, form.get("acr") ?? "", step);
    case "cancel":
      await cancelEidStep(tx, client, step);
      return cancelLogin(tx);
    case "back": {
      if (requestOf(tx).acrValues.length < 2) return cancelLogin(tx);
      return seeOther(stepPathFor(await transition(tx, "eid_selection", { acr: null })));
    }
    case "consent":
      return decideConsent(tx, client, form.get("decision") === "accept");
    case "authenticate": {
      if (form.get("decision") === "cancel") {
        await cancelEidStep(tx, client, step);
        return cancelLogin(tx);
      }
      return finishEidStep(tx, client, step, new URLSearchParams([...form]));
    }
  }
}

export async function loginAction(exchange: BrowserExchange, transactionId: string, action: LoginAction): Promise<Response> {
  const { request } = exchange;
  if (!isSameOrigin(request)) throw new PageProblem("invalid_request", "otherSite", "This form was sent from another site", 403);
  const form = await readForm(request);
  const tx = await findBrowserTransaction(transactionId, readCookie(request, BROWSER_COOKIE));
  const client = tx && (await findApplicationById(tx.applicationId));
  // A login belongs to its tenant's issuer: on another domain it is unknown (each tenant domain
  // is its own issuer).
  if (!tx || (client && !(await isServedTenant(client.tenant)))) {
    throw new PageProblem("invalid_request", "expired", "This login has expired or was started in another browser. Go back to the service and start again.");
  }
  exchange.uiLocales = requestOf(tx).uiLocales;
  if (tx.state === "completed" || tx.state === "failed") {
    throw new PageProblem("invalid_request", "finished", "This login has already finished. Go back to the service and start again.");
  }
  if (!ALLOWED_STATES[action].includes(tx.state)) return seeOther(stepPathFor(tx));
  if (!client) throw new PageProblem("invalid_request", "badRequest", "The application of this login no longer exists");
  exchange.login = tx;
  return perform(action, tx, client, form, request);
}
