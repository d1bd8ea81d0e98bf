/**
 * The hosted browser login: from a validated authorization request to the response at the
 * relying party. Each function takes the current transaction, moves it one step through the
 * state machine (transaction.ts), and answers with a Response: a redirect to the next page, or
 * the authorization response per response mode.
 */
import type { ApplicationRecord } from "../clients/application-service";
import { hashToken } from "../crypto/hash";
import { randomHex128, randomToken } from "../crypto/random";
import { config } from "../config";
import { applyClaimsOperations } from "../webhooks/claims-operations";
import { dispatchEvent } from "../webhooks/dispatch";
import { POST_AUTH_EVENT, POST_AUTH_RESUME_EVENT, type PostAuthEvent, type PostAuthResumeEvent } from "../webhooks/events";
import { prisma } from "../db/client";
import type { LoginTransaction, Prisma, WebhookExtension } from "../db/generated/client";
import type { EidResult } from "../eid/types";
import { BROWSER_COOKIE, SESSION_COOKIE, serializeCookie } from "../http/cookies";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import { authorizationResponse } from "../oauth/authorization-response";
import { OAuthError } from "../oauth/errors";
import { idTokenClaimsFor, issueIdToken } from "../oauth/id-token";
import { grantConsent, hasConsent, revokeConsent } from "./consent";
import { mockEid } from "./eid-authentication";
import { identityClaims } from "./identity-claims";
import { findActiveSession, isReusable, newSessionToken, SESSION_LIFETIME_S, sessionCreateData } from "./sessions";
import { subjectFor } from "./subject";
import { advance, createTransaction, requestOf, transition, type TransactionChanges } from "./transaction";
import { findEidMethod } from "../eid/catalogue";

export const CODE_LIFETIME_S = 60;
/** How long a login waits for the browser to come back from a webhook's 303 (design.md §7). */
export const RESUME_WINDOW_S = 15 * 60;
const BROWSER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** What a completed authentication contributes to the tokens; kept on the transaction until issued. */
interface Authentication {
  subject: string;
  acr: string;
  authTime: Date;
  sessionId: string;
  claims: Record<string, unknown>;
}

export interface BrowserContext {
  /** The browser-binding cookie value; undefined when the browser has none yet. */
  browserToken: string | undefined;
  sessionToken: string | undefined;
}

function loginUrl(tx: LoginTransaction, step = ""): string {
  return `/login/${tx.id}${step}`;
}

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const c of cookies) headers.append("Set-Cookie", c);
  return new Response(null, { status: 303, headers });
}

/** Returns an error to the relying party and ends the transaction. */
export async function failLogin(tx: LoginTransaction, error: OAuthError, cookies: string[] = []): Promise<Response> {
  const request = requestOf(tx);
  if (tx.state !== "failed" && tx.state !== "completed") {
    await transition(tx, "failed", { error: error.code, errorDescription: error.description.slice(0, 500) });
  }
  return authorizationResponse({
    redirectUri: request.redirectUri,
    mode: request.responseMode,
    params: { error: error.code, error_description: error.description, state: request.state },
    headers: cookies.length ? { "Set-Cookie": cookies } : undefined,
  });
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
  const reusable = session && isReusable(session, request) ? session : null;
  const onlyMethod = request.acrValues.length === 1 ? request.acrValues[0]! : undefined;

  const tx = await createTransaction({
    applicationId: client.id,
    kind: "browser",
    state: onlyMethod && !reusable ? "eid_authenticating" : "started",
    request,
    browserToken,
    acr: onlyMethod,
  });

  if (request.prompt.includes("none") && !reusable) {
    return failLogin(tx, new OAuthError("login_required", "prompt=none was requested, but the user has no usable login session"), cookies);
  }
  if (reusable) {
    const identity = reusable.identity as unknown as EidResult;
    const auth: Authentication = {
      subject: reusable.subject,
      acr: reusable.acr,
      authTime: reusable.authTime,
      sessionId: reusable.id,
      claims: identityClaims(client, identity, request.scopes, reusable.authTime),
    };
    return afterAuthentication(tx, client, auth, cookies);
  }
  if (onlyMethod === "urn:grn:authn:mock") {
    return completeEid(tx, client, mockEid(request.loginHint), cookies);
  }
  if (onlyMethod) return redirect(loginUrl(tx, eidStepPath(client)), cookies);
  await transition(tx, "eid_selection");
  return redirect(loginUrl(tx), cookies);
}

/** The user picked an eID on the selection screen. */
export async function selectMethod(tx: LoginTransaction, client: ApplicationRecord, acr: string): Promise<Response> {
  const request = requestOf(tx);
  if (!request.acrValues.includes(acr)) throw new OAuthError("invalid_request", "That eID is not offered for this login");
  const moved = await transition(tx, "eid_authenticating", { acr });
  if (acr === "urn:grn:authn:mock") return completeEid(moved, client, mockEid(request.loginHint));
  return redirect(loginUrl(moved, eidStepPath(client)));
}

/**
 * Where the eID step begins: test tenants' simulators are Porta's own page; production tenants'
 * connectors start at /start (off to the eID's provider, or to Porta's page for app-based eIDs).
 */
function eidStepPath(client: ApplicationRecord): string {
  return client.tenant.environment === "test" ? "/eid" : "/start";
}

/** The eID step succeeded: start an SSO session, then continue (consent or tokens). */
export async function completeEid(tx: LoginTransaction, client: ApplicationRecord, result: EidResult, cookies: string[] = []): Promise<Response> {
  const request = requestOf(tx);
  const method = findEidMethod(result.acr);
  if (!method) throw new OAuthError("server_error", "The eID returned an unknown method");
  const authTime = new Date();
  const subject = subjectFor(client.tenantId, method.identityScheme, result.personKey);
  const sessionToken = newSessionToken();
  const session = await (await prisma()).browserSession.create({
    data: sessionCreateData(sessionToken, client.tenantId, {
      acr: result.acr,
      subject,
      authTime,
      identity: result as unknown as Record<string, unknown>,
    }),
    select: { id: true },
  });
  cookies.push(serializeCookie(SESSION_COOKIE, sessionToken, { maxAgeS: SESSION_LIFETIME_S }));
  const auth: Authentication = {
    subject,
    acr: result.acr,
    authTime,
    sessionId: session.id,
    claims: identityClaims(client, result, request.scopes, authTime),
  };
  return afterAuthentication(tx, client, auth, cookies);
}

function authenticationChanges(auth: Authentication): Prisma.LoginTransactionUncheckedUpdateInput {
  return {
    subject: auth.subject,
    acr: auth.acr,
    authTime: auth.authTime,
    sessionId: auth.sessionId,
    claims: auth.claims as Prisma.InputJsonValue,
  };
}

function authenticationOf(tx: LoginTransaction): Authentication {
  if (!tx.subject || !tx.acr || !tx.authTime || !tx.sessionId) throw new OAuthError("server_error", "The login has no authentication yet");
  return { subject: tx.subject, acr: tx.acr, authTime: tx.authTime, sessionId: tx.sessionId, claims: (tx.claims ?? {}) as Record<string, unknown> };
}

async function afterAuthentication(tx: LoginTransaction, client: ApplicationRecord, auth: Authentication, cookies: string[]): Promise<Response> {
  const request = requestOf(tx);
  if (request.prompt.includes("consent_revoke")) {
    await revokeConsent(client.id, auth.subject);
    return consentRevoked(tx, client, cookies);
  }
  if (client.webhook) return runPostAuthWebhook(tx, client, client.webhook, auth, cookies);
  return afterWebhooks(tx, client, auth, cookies);
}

/**
 * The post-auth webhook (spec 3, design.md §7): 204 or claims → continue; abort → access_denied;
 * 303 → pause until the browser returns to resumeUrl; any failure → server_error, no token.
 */
async function runPostAuthWebhook(
  tx: LoginTransaction,
  client: ApplicationRecord,
  webhook: WebhookExtension,
  auth: Authentication,
  cookies: string[],
): Promise<Response> {
  const conversationId = randomHex128();
  const resumeToken = randomToken(32);
  const moved = await transition(tx, "webhook_post_auth", {
    ...authenticationChanges(auth),
    conversationId,
    resumeTokenHash: hashToken(resumeToken),
    resumeExpiresAt: new Date(Date.now() + RESUME_WINDOW_S * 1000),
  });
  const event: PostAuthEvent = {
    event: POST_AUTH_EVENT,
    conversationId,
    environment: client.tenant.environment,
    user: { ...auth.claims, sub: auth.subject },
    resumeUrl: `${config().issuer}/login/resume/${resumeToken}`,
  };
  const outcome = await dispatchEvent({ applicationId: client.id, tenantId: client.tenantId, webhook }, event, { allowRedirect: tx.kind === "browser" });
  switch (outcome.kind) {
    case "continue": {
      const claims = outcome.operations ? applyClaimsOperations(auth.claims, outcome.operations) : auth.claims;
      return afterWebhooks(moved, client, { ...auth, claims }, cookies);
    }
    case "abort":
      return failLogin(moved, new OAuthError("access_denied", outcome.description), cookies);
    case "redirect": {
      // prompt=none: no page may be shown (OIDC Core §3.1.2.1), so the webhook's page cannot be either.
      if (requestOf(moved).prompt.includes("none")) {
        return failLogin(moved, new OAuthError("interaction_required", "The login webhook asked to show the user a page, which prompt=none does not allow"), cookies);
      }
      await transition(moved, "paused");
      return redirect(outcome.location, cookies);
    }
    case "failure":
      return failLogin(moved, webhookFailed(), cookies);
  }
}

function webhookFailed(): OAuthError {
  return new OAuthError("server_error", "login webhook failed");
}

/**
 * The browser came back to resumeUrl (only the browser that started the login, once, within
 * 15 minutes): send post-auth-resume and continue as its answer says (no 303 here).
 */
export async function resumeAfterWebhookRedirect(tx: LoginTransaction, client: ApplicationRecord, requestedUrl: string): Promise<Response> {
  if (!tx.resumeExpiresAt || tx.resumeExpiresAt <= new Date()) {
    return failLogin(tx, new OAuthError("server_error", "The login was not resumed within 15 minutes"));
  }
  const moved = await transition(tx, "webhook_resume", { resumeTokenHash: null });
  if (!client.webhook || !moved.conversationId) return failLogin(moved, webhookFailed());
  const event: PostAuthResumeEvent = {
    event: POST_AUTH_RESUME_EVENT,
    conversationId: moved.conversationId,
    environment: client.tenant.environment,
    resumeRequest: { url: requestedUrl },
  };
  const outcome = await dispatchEvent({ applicationId: client.id, tenantId: client.tenantId, webhook: client.webhook }, event, { allowRedirect: false });
  const auth = authenticationOf(moved);
  switch (outcome.kind) {
    case "continue": {
      const claims = outcome.operations ? applyClaimsOperations(auth.claims, outcome.operations) : auth.claims;
      return afterWebhooks(moved, client, { ...auth, claims }, []);
    }
    case "abort":
      return failLogin(moved, new OAuthError("access_denied", outcome.description));
    default:
      return failLogin(moved, webhookFailed());
  }
}

async function afterWebhooks(tx: LoginTransaction, client: ApplicationRecord, auth: Authentication, cookies: string[]): Promise<Response> {
  const request = requestOf(tx);
  const consentAsked = request.prompt.includes("consent");
  const needsConsent = consentAsked || (client.consentRequired && !(await hasConsent(client.id, auth.subject, request.scopes)));
  if (needsConsent) {
    if (request.prompt.includes("none")) {
      return failLogin(tx, new OAuthError("consent_required", "prompt=none was requested, but the user has not consented"), cookies);
    }
    const moved = await transition(tx, "consent", authenticationChanges(auth));
    return redirect(loginUrl(moved, "/consent"), cookies);
  }
  return issue(tx, client, auth, cookies);
}

/** The consent page's answer. */
export async function decideConsent(tx: LoginTransaction, client: ApplicationRecord, accepted: boolean): Promise<Response> {
  if (!accepted) return failLogin(tx, new OAuthError("access_denied", "The user declined to share the requested information"));
  const auth = authenticationOf(tx);
  await grantConsent(client.id, auth.subject, requestOf(tx).scopes);
  return issue(tx, client, auth, []);
}

export function cancelLogin(tx: LoginTransaction): Promise<Response> {
  return failLogin(tx, new OAuthError("access_denied", "The user cancelled the login"));
}

/** A pushed request is consumed when its login completes (RFC 9126 §4: one use). */
async function consumePushedRequest(request: AuthorizationRequest, t: Prisma.TransactionClient): Promise<void> {
  if (!request.parRequestId) return;
  const consumed = await t.parRequest.updateMany({ where: { id: request.parRequestId, consumedAt: null }, data: { consumedAt: new Date() } });
  if (consumed.count !== 1) throw new OAuthError("invalid_request_uri", "The pushed authorization request was already used to complete a login");
}

/**
 * Issues the code or ID token and completes the login in one conditional update: the code's hash
 * and expiry are stored on the completed login (a pushed request is consumed in the same
 * database transaction).
 */
async function issue(tx: LoginTransaction, client: ApplicationRecord, auth: Authentication, cookies: string[]): Promise<Response> {
  const request = requestOf(tx);
  const params: Record<string, string | undefined> = { state: request.state };
  const changes: TransactionChanges = authenticationChanges(auth);
  if (request.responseType === "code") {
    const code = randomToken(32);
    changes.codeHash = hashToken(code);
    changes.codeExpiresAt = new Date(Date.now() + CODE_LIFETIME_S * 1000);
    params.code = code;
  }
  if (request.parRequestId) {
    await (await prisma()).$transaction(async (t) => {
      await consumePushedRequest(request, t);
      await advance(tx, "completed", changes, t);
    });
  } else {
    await advance(tx, "completed", changes);
  }
  if (request.responseType !== "code") params.id_token = await issueIdToken(client, idTokenClaimsFor(auth, request.nonce));
  return authorizationResponse({
    redirectUri: request.redirectUri,
    mode: request.responseMode,
    params,
    headers: cookies.length ? { "Set-Cookie": cookies } : undefined,
  });
}

/** prompt=consent_revoke: the consent is gone; say so, then continue to the app with access_denied. */
async function consentRevoked(tx: LoginTransaction, client: ApplicationRecord, cookies: string[]): Promise<Response> {
  const request = requestOf(tx);
  await transition(tx, "failed", { error: "access_denied", errorDescription: "The user revoked consent" });
  return authorizationResponse({
    redirectUri: request.redirectUri,
    mode: request.responseMode,
    params: { error: "access_denied", error_description: "The user revoked consent", state: request.state },
    headers: cookies.length ? { "Set-Cookie": cookies } : undefined,
    notice: {
      title: "Consent withdrawn",
      text: `${client.clientName} will no longer receive your information without asking you again.`,
      testId: "consent-revoked",
    },
  });
}
