/**
 * After the person authenticated (a fresh eID result, or an SSO session that may be reused):
 * start the session, then withdraw consent (prompt=consent_revoke), run the post-auth webhook,
 * ask consent, or issue the response. A new session is written with the login's completion when
 * the response follows at once (one statement), otherwise before its cookie goes out.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { findEidMethod } from "../eid/catalogue";
import type { EidResult } from "../eid/types";
import { SESSION_COOKIE, serializeCookie } from "../http/cookies";
import { OAuthError } from "../oauth/errors";
import type { Authentication } from "./authentication";
import { revokeConsent } from "./consent";
import { askConsentOrIssue, confirmConsentRevoked } from "./consent-step";
import { identityClaims } from "./identity-claims";
import { runPostAuthWebhook } from "./post-auth-webhook";
import { NewSession, newSessionToken, SESSION_LIFETIME_S } from "./sessions";
import { subjectFor } from "./subject";
import type { Login } from "./login-state";
import { requestOf } from "./login";
import { now } from "../clock";

/** The eID step succeeded: start an SSO session, then continue (webhook, consent or tokens). */
export async function completeEid(login: Login, client: ApplicationRecord, result: EidResult, cookies: string[] = []): Promise<Response> {
  const request = requestOf(login);
  const method = findEidMethod(result.acr);
  if (!method) throw new OAuthError("server_error", "The eID returned an unknown method");
  const authTime = now();
  const subject = await subjectFor(client.tenant, method.identityScheme, result.personKey);
  const sessionToken = newSessionToken();
  const session = new NewSession(sessionToken, client.tenantId, {
    acr: result.acr,
    subject,
    authTime,
    identity: result as unknown as Record<string, unknown>,
  });
  cookies.push(serializeCookie(SESSION_COOKIE, sessionToken, { maxAgeS: SESSION_LIFETIME_S }));
  const auth: Authentication = {
    subject,
    acr: result.acr,
    authTime,
    sessionId: session.id,
    claims: identityClaims(client, result, request.scopes, authTime),
  };
  return continueAuthenticated(login, client, auth, cookies, session);
}

/** `session`: the SSO session just started, not yet written (its cookie is in `cookies`). */
export async function continueAuthenticated(login: Login, client: ApplicationRecord, auth: Authentication, cookies: string[], session?: NewSession): Promise<Response> {
  if (requestOf(login).prompt.includes("consent_revoke")) {
    await session?.store();
    await revokeConsent(client.id, auth.subject);
    return confirmConsentRevoked(login, client, cookies);
  }
  if (client.webhook) {
    await session?.store();
    return runPostAuthWebhook(login, client, client.webhook, auth, cookies);
  }
  return askConsentOrIssue(login, client, auth, cookies, session);
}
