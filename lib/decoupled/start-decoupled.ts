/**
 * POST /ciba/bc-authorize (OpenID CIBA Core 1.0 §7) and POST /headless/authorize (design.md §6b).
 * The client authenticates as at the token endpoint (CIBA Core §7.1); the parameters pass the
 * authorization check pipeline (lib/oauth/authorization/pipeline.ts); then the login transaction
 * starts in eid_authenticating, keyed by the hash of the request id it answers (CIBA Core §7.3).
 */
import { randomUUID } from "node:crypto";
import { encryptAtRest } from "../crypto/encryption";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { readForm } from "../http/read-body";
import type { DecoupledAuthorizationRequest } from "../oauth/authorization/request";
import { validateDecoupledRequest } from "../oauth/authorization/validate-decoupled-request";
import { authenticateClient } from "../oauth/token/client-authentication";
import { verifyClientAssertion } from "../oauth/token/verify-client-assertion";
import { sealLoginRequestPart } from "../privacy/personal-data";
import { acrData, type AcrData } from "./acr-data";
import { CIBA_INTERVAL_S, DEFAULT_EXPIRY_S, HEADLESS_INTERVAL_S, MAX_EXPIRY_S, type DecoupledKind, type StoredDecoupledRequest } from "./request";

const AUTH_PARAMS = new Set(["client_id", "client_secret", "client_assertion", "client_assertion_type"]);

export interface DecoupledStart {
  id: string;
  expiresIn: number;
  interval: number;
  acrData?: AcrData;
}

/** CIBA Core §7.1 requested_expiry, bounded to 30 s … MAX_EXPIRY_S; absent → DEFAULT_EXPIRY_S. */
function expiresInFor(validated: DecoupledAuthorizationRequest): number {
  return Math.min(MAX_EXPIRY_S, Math.max(30, validated.requestedExpiry ?? DEFAULT_EXPIRY_S));
}

/** What the transaction keeps: secrets sealed, and for headless the BankID-style animation secrets. */
function storedRequest(validated: DecoupledAuthorizationRequest, id: string, loginId: string): StoredDecoupledRequest {
  const { clientId, clientNotificationToken } = validated;
  return {
    kind: validated.endpoint,
    clientId,
    scopes: validated.scopes,
    acr: validated.acr,
    nationalIdSealed: sealLoginRequestPart(loginId, { nationalId: validated.nationalId }),
    bindingMessage: validated.bindingMessage,
    nonce: validated.nonce,
    authorizationDetails: validated.authorizationDetails,
    notificationTokenSealed: clientNotificationToken ? encryptAtRest(clientNotificationToken, `notification:${clientId}`) : undefined,
    requestIdSealed: encryptAtRest(id, "decoupled-request-id"),
    ...(validated.endpoint === "headless" ? { autoStartToken: randomUUID(), qrStartToken: randomUUID(), qrStartSecret: randomUUID() } : {}),
  };
}

export async function startDecoupled(request: Request, kind: DecoupledKind): Promise<DecoupledStart> {
  const form = await readForm(request);
  const client = await authenticateClient(request, form, verifyClientAssertion);
  const params = new Map([...form].filter(([name]) => !AUTH_PARAMS.has(name)));
  const validated = await validateDecoupledRequest(kind, client, params);

  const id = randomToken(32);
  const loginId = randomUUID();
  const stored = storedRequest(validated, id, loginId);
  const expiresIn = expiresInFor(validated);
  const interval = kind === "ciba" ? CIBA_INTERVAL_S : HEADLESS_INTERVAL_S;
  const tx = await (await prisma()).loginTransaction.create({
    data: {
      id: loginId,
      applicationId: client.id,
      kind,
      state: "eid_authenticating",
      request: stored as unknown as Prisma.InputJsonValue,
      acr: stored.acr,
      decoupledIdHash: hashToken(id),
      pollIntervalS: interval,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
    },
  });
  return { id, expiresIn, interval, ...(kind === "headless" ? { acrData: acrData(stored, tx.createdAt) } : {}) };
}
