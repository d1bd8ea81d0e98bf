/**
 * The post-auth webhook (README, "Login webhooks"): 204 or claims → continue; abort → access_denied;
 * 303 → pause until the browser returns to resumeUrl; any failure → server_error, no token.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { hashToken } from "../crypto/hash";
import { randomHex128, randomToken } from "../crypto/random";
import type { WebhookExtension } from "../db/generated/client";
import { pathOf } from "../http/protocol-paths";
import { currentIssuer } from "../http/request-issuer";
import { seeOther } from "../http/see-other";
import { OAuthError } from "../oauth/errors";
import { applyClaimsOperations } from "../webhooks/claims-operations";
import { dispatchEvent } from "../webhooks/dispatch";
import { POST_AUTH_EVENT, POST_AUTH_RESUME_EVENT, type PostAuthEvent, type PostAuthResumeEvent } from "../webhooks/events";
import { authenticationChanges, authenticationOf, type Authentication } from "./authentication";
import { askConsentOrIssue } from "./consent-step";
import { failLogin } from "./fail-login";
import type { Login } from "./login-state";
import { requestOf, transition } from "./login";
import { now, nowMs } from "../clock";

/** How long a login waits for the browser to come back from a webhook's 303 (the resume URL's life). */
export const RESUME_WINDOW_S = 15 * 60;

function webhookFailed(): OAuthError {
  return new OAuthError("server_error", "login webhook failed");
}

export async function runPostAuthWebhook(
  login: Login,
  client: ApplicationRecord,
  webhook: WebhookExtension,
  auth: Authentication,
  cookies: string[],
): Promise<Response> {
  const conversationId = randomHex128();
  const resumeToken = randomToken(32);
  const moved = await transition(login, "webhook_post_auth", {
    ...authenticationChanges(login.id, auth),
    conversationId,
    resumeTokenHash: hashToken(resumeToken),
    resumeExpiresAt: new Date(nowMs() + RESUME_WINDOW_S * 1000),
  });
  const event: PostAuthEvent = {
    event: POST_AUTH_EVENT,
    conversationId,
    environment: client.tenant.environment,
    user: { ...auth.claims, sub: auth.subject },
    resumeUrl: `${currentIssuer()}${pathOf("resume", { token: resumeToken })}`,
  };
  const outcome = await dispatchEvent({ applicationId: client.id, tenantId: client.tenantId, webhook }, event, { allowRedirect: login.kind === "browser" });
  switch (outcome.kind) {
    case "continue": {
      const claims = outcome.operations ? applyClaimsOperations(auth.claims, outcome.operations) : auth.claims;
      return askConsentOrIssue(moved, client, { ...auth, claims }, cookies);
    }
    case "abort":
      return failLogin(moved, new OAuthError("access_denied", outcome.description), cookies);
    case "redirect": {
      // prompt=none: no page may be shown (OIDC Core §3.1.2.1), so the webhook's page cannot be either.
      if (requestOf(moved).prompt.includes("none")) {
        return failLogin(moved, new OAuthError("interaction_required", "The login webhook asked to show the user a page, which prompt=none does not allow"), cookies);
      }
      await transition(moved, "paused", {}, { returning: false });
      return seeOther(outcome.location, { "Set-Cookie": cookies });
    }
    case "failure":
      return failLogin(moved, webhookFailed(), cookies);
  }
}

/**
 * The browser came back to resumeUrl (only the browser that started the login, once, within
 * 15 minutes): send post-auth-resume and continue as its answer says (no 303 here).
 */
export async function resumeAfterWebhookRedirect(login: Login, client: ApplicationRecord, requestedUrl: string): Promise<Response> {
  if (!login.resumeExpiresAt || login.resumeExpiresAt <= now()) {
    return failLogin(login, new OAuthError("server_error", "The login was not resumed within 15 minutes"));
  }
  const moved = await transition(login, "webhook_resume", { resumeTokenHash: null });
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
      return askConsentOrIssue(moved, client, { ...auth, claims }, []);
    }
    case "abort":
      return failLogin(moved, new OAuthError("access_denied", outcome.description));
    default:
      return failLogin(moved, webhookFailed());
  }
}
