/**
 * A decoupled login's outcome, whoever brought it (the simulated devices of test tenants, or the
 * production eID the token endpoint's polls drive): a person runs the same post-auth webhook as
 * browser logins (a 303 is a failure here: no browser), then the login completes with the
 * request id's hash as its code (redeemed by polling the token endpoint, as a browser login's
 * code is); a refusal fails it. Either way a ping-mode client is notified.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { config } from "../config";
import { randomHex128 } from "../crypto/random";
import type { Login } from "../db/generated/client";
import { methodOrThrow } from "../eid/catalogue";
import type { EidResult } from "../eid/types";
import { pathOf } from "../http/protocol-paths";
import { identityClaims } from "../login/identity-claims";
import { subjectFor } from "../login/subject";
import { transition } from "../login/login";
import { sealLoginClaims } from "../privacy/personal-data";
import { applyClaimsOperations } from "../webhooks/claims-operations";
import { dispatchEvent } from "../webhooks/dispatch";
import { POST_AUTH_EVENT } from "../webhooks/events";
import { notifyClient } from "./notify-client";
import { decoupledRequestOf } from "./request";
import { now } from "../clock";

/** How a decoupled login can end without tokens, as the token endpoint answers (CIBA Core §11). */
export type DecoupledError = "access_denied" | "expired_token" | "server_error";

/** Ends `login` with `error`; the token endpoint answers it on the next poll. `isCancel`: the person declined. */
export async function failDecoupled(login: Login, client: ApplicationRecord, error: DecoupledError, description: string, isCancel = false): Promise<void> {
  await transition(login, "failed", { error, errorDescription: description }, { returning: false, isCancel });
  await notifyClient(client, decoupledRequestOf(login));
}

export async function completeDecoupled(login: Login, client: ApplicationRecord, result: EidResult): Promise<void> {
  const request = decoupledRequestOf(login);
  const method = methodOrThrow(request.acr);
  const authTime = now();
  const subject = await subjectFor(client.tenant, method.identityScheme, result.personKey);
  let claims = identityClaims(client, result, request.scopes, authTime);
  let current = login;
  if (client.webhook) {
    current = await transition(login, "webhook_post_auth", { subject, acr: request.acr, authTime, conversationId: randomHex128() });
    const outcome = await dispatchEvent(
      { applicationId: client.id, tenantId: client.tenantId, webhook: client.webhook },
      { event: POST_AUTH_EVENT, conversationId: current.conversationId!, environment: client.tenant.environment, user: { ...claims, sub: subject }, resumeUrl: `${config().issuer}${pathOf("resume", { token: "not-resumable" })}` },
      { allowRedirect: false },
    );
    if (outcome.kind === "abort") return failDecoupled(current, client, "access_denied", outcome.description);
    if (outcome.kind !== "continue") return failDecoupled(current, client, "server_error", "login webhook failed");
    if (outcome.operations) claims = applyClaimsOperations(claims, outcome.operations);
  }
  // An approved request expires like a pending one: its code never outlives the request id the
  // client polls with, so a leaked id is worthless once expires_in has passed.
  const codeExpiresAt = login.expiresAt;
  await transition(
    current,
    "completed",
    { subject, acr: request.acr, authTime, sealedClaims: sealLoginClaims(login.id, claims), codeHash: login.decoupledIdHash, codeExpiresAt },
    { returning: false },
  );
  await notifyClient(client, request);
}
