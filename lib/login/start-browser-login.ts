/**
 * The start of a hosted browser login, from a validated authorization request: bind it to the
 * browser, reuse an SSO session when it may, and otherwise begin the eID step (one method) or
 * show the selection screen (several).
 */
import type { ApplicationRecord } from "../clients/application-record";
import type { EidResult } from "../eid/types";
import { randomToken } from "../crypto/random";
import { BROWSER_COOKIE, serializeCookie } from "../http/cookies";
import { seeOther } from "../http/see-other";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import { OAuthError } from "../oauth/errors";
import { openSessionIdentity } from "../privacy/personal-data";
import type { Authentication } from "./authentication";
import { continueAuthenticated } from "./complete-eid";
import { startEidStep, type StepRequest } from "./eid-step";
import { failLogin } from "./fail-login";
import { identityClaims } from "./identity-claims";
import { findActiveSession, isReusable } from "./sessions";
import { stepPathFor } from "./step-paths";
import type { Login } from "./login-state";
import { createLogin, requestOf, transition } from "./login";
import { now } from "../clock";

const BROWSER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export interface BrowserContext {
  /** The browser-binding cookie value; undefined when the browser has none yet. */
  browserToken: string | undefined;
  sessionToken: string | undefined;
  /** The page language and the person's address, for an eID step begun at once. */
  step: StepRequest;
  /** Told the login once it exists: from then on an error ends it at the relying party. */
  onStarted?: (login: Login) => void;
}

/** Starts a login for a validated request (authorize endpoint). */
export async function startBrowserLogin(client: ApplicationRecord, request: AuthorizationRequest, browser: BrowserContext): Promise<Response> {
  const cookies: string[] = [];
  let browserToken = browser.browserToken;
  if (!browserToken) {
    browserToken = randomToken(24);
    cookies.push(serializeCookie(BROWSER_COOKIE, browserToken, { maxAgeS: BROWSER_COOKIE_MAX_AGE_S }));
  }
  const session = await findActiveSession(browser.sessionToken, client.tenantId);
  const reusable = session && isReusable(session, request, now()) ? session : null;
  const onlyMethod = request.acrValues.length === 1 ? request.acrValues[0]! : undefined;

  const login = await createLogin({
    applicationId: client.id,
    kind: "browser",
    state: onlyMethod && !reusable ? "eid_authenticating" : "started",
    request,
    browserToken,
    acr: onlyMethod,
  });
  browser.onStarted?.(login);

  if (request.prompt.includes("none") && !reusable) {
    return failLogin(login, new OAuthError("login_required", "prompt=none was requested, but the user has no usable login session"), cookies);
  }
  if (reusable) {
    const identity = openSessionIdentity(reusable.id, reusable.sealedIdentity) as unknown as EidResult;
    const auth: Authentication = {
      subject: reusable.subject,
      acr: reusable.acr,
      authTime: reusable.authTime,
      sessionId: reusable.id,
      claims: identityClaims(client, identity, request.scopes, reusable.authTime),
    };
    return continueAuthenticated(login, client, auth, cookies);
  }
  if (onlyMethod) return startEidStep(login, client, browser.step, cookies);
  const moved = await transition(login, "eid_selection");
  return seeOther(stepPathFor(moved), { "Set-Cookie": cookies });
}

/** The person picked an eID on the selection screen: its step begins. */
export async function selectMethod(login: Login, client: ApplicationRecord, acr: string, step: StepRequest): Promise<Response> {
  if (!requestOf(login).acrValues.includes(acr)) throw new OAuthError("invalid_request", "That eID is not offered for this login");
  const moved = await transition(login, "eid_authenticating", { acr });
  return startEidStep(moved, client, step);
}
