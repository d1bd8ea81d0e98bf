/**
 * The person answered on their device (simulated on /test/devices in test tenants): approve runs
 * the same post-auth webhook as browser logins (a 303 is a failure here: no browser), then
 * completes the login with the request id's hash as its code (redeemed by polling the token
 * endpoint, as a browser login's code is), and pings the client in ping mode; decline fails the
 * login with access_denied.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { config } from "../config";
import { decryptAtRest } from "../crypto/encryption";
import { randomHex128 } from "../crypto/random";
import type { LoginTransaction } from "../db/generated/client";
import { findEidMethod } from "../eid/catalogue";
import { fodselsnummerBirthDate, personnummerBirthDate } from "../eid/checksums";
import { claimRuleFor } from "../eid/claim-rules";
import { claimsAtAcr, testIdentitiesFor, personKeyOf } from "../eid/test-identities";
import type { EidResult } from "../eid/types";
import { logger } from "../log";
import { authenticationMethodFor } from "../eid/authentication-method";
import { identityClaims } from "../login/identity-claims";
import { subjectFor } from "../login/subject";
import { transition } from "../login/transaction";
import { safeFetch } from "../net/safe-fetch";
import { openLoginRequestPart, sealLoginClaims } from "../privacy/personal-data";
import { applyClaimsOperations } from "../webhooks/claims-operations";
import { dispatchEvent } from "../webhooks/dispatch";
import { POST_AUTH_EVENT } from "../webhooks/events";
import type { DecoupledRequest, StoredDecoupledRequest } from "./request";

/** The request stored on a decoupled login, with the person's national id opened. */
export function decoupledRequestOf(tx: LoginTransaction): DecoupledRequest {
  const { nationalIdSealed, ...rest } = tx.request as unknown as StoredDecoupledRequest;
  const { nationalId } = openLoginRequestPart(tx.id, nationalIdSealed) as { nationalId: string };
  return { ...rest, nationalId };
}

/** A test person for the national id: a documented test identity, or one made from the number. */
export function testPersonFor(acr: string, nationalId: string): EidResult {
  const method = findEidMethod(acr)!;
  const known = testIdentitiesFor(method.family).find((i) => i.nationalId === nationalId);
  if (known) return { acr, personKey: personKeyOf(known), claims: claimsAtAcr(known, acr), method: authenticationMethodFor(method, acr, known) };
  const birthdate = method.family === "no-bankid" ? fodselsnummerBirthDate(nationalId) : personnummerBirthDate(nationalId);
  const idClaim = claimRuleFor(method.family).nationalIdClaims[0] ?? "ssn";
  return {
    acr,
    personKey: nationalId,
    claims: { [idClaim]: nationalId, name: "Test Person", given_name: "Test", family_name: "Person", ...(birthdate ? { birthdate } : {}) },
    method: authenticationMethodFor(method, acr),
  };
}

async function ping(client: ApplicationRecord, request: DecoupledRequest): Promise<void> {
  if (request.kind !== "ciba" || client.backchannelTokenDeliveryMode !== "ping" || !client.backchannelClientNotificationEndpoint || !request.notificationTokenSealed) return;
  const token = decryptAtRest(request.notificationTokenSealed, `notification:${client.clientId}`);
  const authReqId = decryptAtRest(request.requestIdSealed, "decoupled-request-id");
  try {
    const response = await safeFetch(client.backchannelClientNotificationEndpoint, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ auth_req_id: authReqId }),
      timeoutMs: 5000,
      maxBytes: 16 * 1024,
    });
    if (response.status >= 300) logger.warn({ status: response.status, clientId: client.clientId }, "CIBA ping answered with an error status");
  } catch (error) {
    logger.warn({ err: error, clientId: client.clientId }, "CIBA ping failed");
  }
}

export async function declineDecoupled(tx: LoginTransaction): Promise<void> {
  await transition(tx, "failed", { error: "access_denied", errorDescription: "The user declined the login" });
}

export async function approveDecoupled(tx: LoginTransaction, client: ApplicationRecord): Promise<void> {
  const request = decoupledRequestOf(tx);
  const result = testPersonFor(request.acr, request.nationalId);
  const method = findEidMethod(request.acr)!;
  const authTime = new Date();
  const subject = await subjectFor(client.tenant, method.identityScheme, result.personKey);
  let claims = identityClaims(client, result, request.scopes, authTime);
  let current = tx;
  if (client.webhook) {
    current = await transition(tx, "webhook_post_auth", { subject, acr: request.acr, authTime, conversationId: randomHex128() });
    const outcome = await dispatchEvent(
      { applicationId: client.id, tenantId: client.tenantId, webhook: client.webhook },
      { event: POST_AUTH_EVENT, conversationId: current.conversationId!, environment: client.tenant.environment, user: { ...claims, sub: subject }, resumeUrl: `${config().issuer}/login/resume/not-resumable` },
      { allowRedirect: false },
    );
    if (outcome.kind === "abort") {
      await transition(current, "failed", { error: "access_denied", errorDescription: outcome.description });
      return ping(client, request);
    }
    if (outcome.kind !== "continue") {
      await transition(current, "failed", { error: "server_error", errorDescription: "login webhook failed" });
      return ping(client, request);
    }
    if (outcome.operations) claims = applyClaimsOperations(claims, outcome.operations);
  }
  // An approved request expires like a pending one (design.md §12): its code never outlives it.
  const codeExpiresAt = tx.expiresAt;
  await transition(
    current,
    "completed",
    { subject, acr: request.acr, authTime, sealedClaims: sealLoginClaims(tx.id, claims), codeHash: tx.decoupledIdHash, codeExpiresAt },
    { returning: false },
  );
  await ping(client, request);
}
