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
import type { Login, LoginState } from "../login/login-state";
import { findBrowserLogin } from "../login/login-store";
import { requestOf, transition } from "../login/login";
import type { BrowserExchange } from "./browser-errors";

export type LoginAction = "select" | "authenticate" | "consent" | "cancel" | "back";

const ALLOWED_STATES: Record<LoginAction, readonly LoginState[]> = {
  select: ["eid_selection"],
  authenticate: ["eid_authenticating"],
  consent: ["consent"],
  cancel: ["started", "eid_selection", "eid_authenticating", "consent"],
  back: ["eid_authenticating"],
};

async function perform(action: LoginAction, login: Login, client: ApplicationRecord, form: Map<string, string>, request: Request): Promise<Response> {
  const step = stepRequestOf(request, login);
  switch (action) {
    case "select":
      return selectMethod(login, client, form.get("acr") ?? "", step);
    case "cancel":
      await cancelEidStep(login, client, step);
      return cancelLogin(login);
    case "back": {
      if (requestOf(login).acrValues.length < 2) return cancelLogin(login);
      return seeOther(stepPathFor(await transition(login, "eid_selection", { acr: null })));
    }
    case "consent":
      return decideConsent(login, client, form.get("decision") === "accept");
    case "authenticate": {
      if (form.get("decision") === "cancel") {
        await cancelEidStep(login, client, step);
        return cancelLogin(login);
      }
      return finishEidStep(login, client, step, new URLSearchParams([...form]));
    }
  }
}

export async function loginAction(exchange: BrowserExchange, loginId: string, action: LoginAction): Promise<Response> {
  const { request } = exchange;
  if (!isSameOrigin(request)) throw new PageProblem("invalid_request", "otherSite", "This form was sent from another site", 403);
  const form = await readForm(request);
  const login = await findBrowserLogin(loginId, readCookie(request, BROWSER_COOKIE));
  const client = login && (await findApplicationById(login.applicationId));
  // A login belongs to its tenant's issuer: on another domain it is unknown (each tenant domain
  // is its own issuer).
  if (!login || (client && !(await isServedTenant(client.tenant)))) {
    throw new PageProblem("invalid_request", "expired", "This login has expired or was started in another browser. Go back to the service and start again.");
  }
  exchange.uiLocales = requestOf(login).uiLocales;
  if (login.state === "completed" || login.state === "failed") {
    throw new PageProblem("invalid_request", "finished", "This login has already finished. Go back to the service and start again.");
  }
  if (!ALLOWED_STATES[action].includes(login.state)) return seeOther(stepPathFor(login));
  if (!client) throw new PageProblem("invalid_request", "badRequest", "The application of this login no longer exists");
  exchange.login = login;
  return perform(action, login, client, form, request);
}
