/**
 * Consent: asked when the application requires it and the person has not yet
 * agreed to these scopes, or when `prompt=consent`; `prompt=consent_revoke` withdraws it.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { authorizationResponse } from "../oauth/authorization-response";
import { OAuthError } from "../oauth/errors";
import { seeOther } from "../http/see-other";
import { authenticationChanges, authenticationOf, type Authentication } from "./authentication";
import { grantConsent, hasConsent } from "./consent";
import { failLogin } from "./fail-login";
import { issueResponse } from "./issue-response";
import type { NewSession } from "./sessions";
import { stepPathFor } from "./step-paths";
import type { Login } from "./login-state";
import { requestOf, transition } from "./login";

/**
 * After the webhooks: the consent page when it is needed, otherwise the response. `session`: a
 * new SSO session not yet written, whose cookie is in `cookies`.
 */
export async function askConsentOrIssue(login: Login, client: ApplicationRecord, auth: Authentication, cookies: string[], session?: NewSession): Promise<Response> {
  const request = requestOf(login);
  const consentAsked = request.prompt.includes("consent");
  const needsConsent = consentAsked || (client.consentRequired && !(await hasConsent(client.id, auth.subject, request.scopes)));
  if (!needsConsent) return issueResponse(login, client, auth, cookies, session);
  await session?.store();
  if (request.prompt.includes("none")) {
    return failLogin(login, new OAuthError("consent_required", "prompt=none was requested, but the user has not consented"), cookies);
  }
  const moved = await transition(login, "consent", authenticationChanges(login.id, auth));
  return seeOther(stepPathFor(moved), { "Set-Cookie": cookies });
}

/** The consent page's answer. */
export async function decideConsent(login: Login, client: ApplicationRecord, accepted: boolean): Promise<Response> {
  if (!accepted) return failLogin(login, new OAuthError("access_denied", "The user declined to share the requested information"), [], true);
  const auth = authenticationOf(login);
  await grantConsent(client.id, auth.subject, requestOf(login).scopes);
  return issueResponse(login, client, auth, []);
}

/** prompt=consent_revoke: the consent is gone; say so, then continue to the app with access_denied. */
export async function confirmConsentRevoked(login: Login, client: ApplicationRecord, cookies: string[]): Promise<Response> {
  const request = requestOf(login);
  await transition(login, "failed", { error: "access_denied", errorDescription: "The user revoked consent" }, { returning: false });
  return authorizationResponse({
    redirectUri: request.redirectUri,
    mode: request.responseMode,
    params: { error: "access_denied", error_description: "The user revoked consent", state: request.state },
    headers: cookies.length ? { "Set-Cookie": cookies } : undefined,
    notice: { message: "consentRevoked", values: { clientName: client.clientName }, testId: "consent-revoked" },
  });
}
