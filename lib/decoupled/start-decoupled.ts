/**
 * POST /ciba/bc-authorize (OpenID CIBA Core 1.0 §7) and POST /headless/authorize (the same
 * request for a relying party that drives its own UI from the `acr_data` it is answered).
 * The client authenticates as at the token endpoint (CIBA Core §7.1), and what that still owes
 * (the abuse-limit read, the assertion's jti) is settled before anything else: a blocked client or
 * a replayed assertion starts nothing. The parameters pass the authorization check pipeline
 * (lib/oauth/authorization/pipeline.ts); then the login starts in eid_authenticating,
 * keyed by the hash of the request id it answers (CIBA Core §7.3). In a production tenant the eID's
 * order is begun first (upstream.ts), so a request the eID refuses creates no login; test tenants
 * answer on the simulated devices.
 */
import { randomUUID } from "node:crypto";
import type { ApplicationRecord } from "../clients/application-record";
import { encryptAtRest } from "../crypto/encryption";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { methodOrThrow } from "../eid/catalogue";
import { EidFailure } from "../eid/connector";
import type { DecoupledView } from "../eid/decoupled-connector";
import { clientIpOf } from "../http/client-ip";
import { readForm } from "../http/read-body";
import { logger } from "../log";
import type { DecoupledAuthorizationRequest } from "../oauth/authorization/request";
import { validateDecoupledRequest } from "../oauth/authorization/validate-decoupled-request";
import { authenticateClient } from "../oauth/token/client-authentication";
import { settleAfterFailure, settlePendingChecks } from "../oauth/token/pending-checks";
import { sealLoginRequestPart } from "../privacy/personal-data";
import { acrData } from "./acr-data";
import { driveUntilSettled } from "./drive-ping";
import { CIBA_INTERVAL_S, DEFAULT_EXPIRY_S, HEADLESS_INTERVAL_S, MAX_EXPIRY_S, type DecoupledKind, type StoredDecoupledRequest } from "./request";
import { decoupledConnectorFor, sealUpstream } from "./upstream";
import { nowMs } from "../clock";

const AUTH_PARAMS = new Set(["client_id", "client_secret", "client_assertion", "client_assertion_type"]);

export interface DecoupledStart {
  id: string;
  expiresIn: number;
  interval: number;
  acrData?: DecoupledView;
}

/** CIBA Core §7.1 requested_expiry, bounded to 30 s … MAX_EXPIRY_S; absent → DEFAULT_EXPIRY_S. */
function expiresInFor(validated: DecoupledAuthorizationRequest): number {
  return Math.min(MAX_EXPIRY_S, Math.max(30, validated.requestedExpiry ?? DEFAULT_EXPIRY_S));
}

/** What the login keeps: secrets sealed, and for a simulated headless login the BankID-style animation secrets. */
function storedRequest(validated: DecoupledAuthorizationRequest, id: string, loginId: string, isSimulated: boolean): StoredDecoupledRequest {
  const { clientId, clientNotificationToken, nationalId } = validated;
  return {
    kind: validated.endpoint,
    clientId,
    scopes: validated.scopes,
    acr: validated.acr,
    ...(nationalId !== undefined ? { nationalIdSealed: sealLoginRequestPart(loginId, { nationalId }) } : {}),
    bindingMessage: validated.bindingMessage,
    nonce: validated.nonce,
    authorizationDetails: validated.authorizationDetails,
    notificationTokenSealed: clientNotificationToken ? encryptAtRest(clientNotificationToken, `notification:${clientId}`) : undefined,
    requestIdSealed: encryptAtRest(id, "decoupled-request-id"),
    ...(validated.endpoint === "headless" && isSimulated ? { autoStartToken: randomUUID(), qrStartToken: randomUUID(), qrStartSecret: randomUUID() } : {}),
  };
}

interface UpstreamStart {
  connectorState: string;
  view: DecoupledView;
}

/** A production tenant's eID order for the request (throws the eID's failure: nothing is created). */
async function startUpstream(client: ApplicationRecord, validated: DecoupledAuthorizationRequest, request: Request, loginId: string): Promise<UpstreamStart> {
  const method = methodOrThrow(validated.acr);
  const connector = await decoupledConnectorFor(client.tenantId, method, validated.endpoint);
  let state: Record<string, unknown>;
  try {
    state = await connector.start({ method, loginHint: validated.loginHint, bindingMessage: validated.bindingMessage, endUserIp: clientIpOf(request) });
  } catch (error) {
    if (error instanceof EidFailure) logger.warn({ clientId: client.clientId, reason: error.reason, detail: error.detail }, "the eID refused a decoupled login");
    throw error;
  }
  const now = nowMs();
  return { connectorState: sealUpstream(loginId, { state, nextCheckAt: now + connector.nextCheckInMs(state) }), view: connector.view(state, now) };
}

export async function startDecoupled(request: Request, kind: DecoupledKind): Promise<DecoupledStart> {
  const form = await readForm(request);
  const { client, pending } = await authenticateClient(request, form);
  try {
    // Before anything else: a blocked client or a replayed assertion starts nothing.
    await settlePendingChecks(pending);
    return await startLogin(request, kind, form, client);
  } catch (error) {
    throw await settleAfterFailure(pending, error);
  }
}

async function startLogin(request: Request, kind: DecoupledKind, form: Map<string, string>, client: ApplicationRecord): Promise<DecoupledStart> {
  const params = new Map([...form].filter(([name]) => !AUTH_PARAMS.has(name)));
  const validated = await validateDecoupledRequest(kind, client, params);

  const id = randomToken(32);
  const loginId = randomUUID();
  const isSimulated = client.tenant.environment === "test";
  const upstream = isSimulated ? undefined : await startUpstream(client, validated, request, loginId);
  const stored = storedRequest(validated, id, loginId, isSimulated);
  const expiresIn = expiresInFor(validated);
  const interval = kind === "ciba" ? CIBA_INTERVAL_S : HEADLESS_INTERVAL_S;
  const login = await (await prisma()).login.create({
    data: {
      id: loginId,
      applicationId: client.id,
      kind,
      state: "eid_authenticating",
      request: stored as unknown as Prisma.InputJsonValue,
      acr: stored.acr,
      decoupledIdHash: hashToken(id),
      connectorState: upstream?.connectorState ?? null,
      pollIntervalS: interval,
      expiresAt: new Date(nowMs() + expiresIn * 1000),
    },
  });
  if (upstream && kind === "ciba" && client.backchannelTokenDeliveryMode === "ping") driveUntilSettled(login.id, client);
  const view = upstream ? upstream.view : acrData(stored, login.createdAt);
  return { id, expiresIn, interval, ...(kind === "headless" ? { acrData: view } : {}) };
}
