/**
 * POST /ciba/bc-authorize (OpenID CIBA Core 1.0 §7) and POST /headless/authorize (design.md §6b).
 * Confidential clients only, authenticated as at the token endpoint; scope with openid; an eID
 * that supports decoupled login; exactly one hint, login_hint=sub:ssn:<national id>;
 * binding_message (≤ 100 printable characters); requested_expiry; authorization_details;
 * a signed request object may carry the parameters.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ApplicationRecord } from "../clients/application-service";
import { GRANT_TYPES } from "../clients/schemas";
import { encryptAtRest } from "../crypto/encryption";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { findEidMethod } from "../eid/catalogue";
import { readForm } from "../http/read-body";
import { verifyRequestObject } from "../oauth/authorization/request-object";
import { OAuthError, invalidRequest } from "../oauth/errors";
import { authenticateClient } from "../oauth/token/client-authentication";
import { verifyClientAssertion } from "../oauth/token/verify-client-assertion";
import { acrData, type AcrData } from "./acr-data";
import { isNationalIdFor } from "./national-id";
import { CIBA_INTERVAL_S, DEFAULT_EXPIRY_S, HEADLESS_INTERVAL_S, MAX_EXPIRY_S, type DecoupledKind, type DecoupledRequest } from "./request";

const AUTH_PARAMS = new Set(["client_id", "client_secret", "client_assertion", "client_assertion_type"]);
const ZAuthorizationDetails = z.array(z.object({ type: z.literal("phoneAuth"), callInitiator: z.enum(["RP", "user"]) })).min(1).max(5);

export interface DecoupledStart {
  id: string;
  expiresIn: number;
  interval: number;
  acrData?: AcrData;
}

async function parameters(request: Request, client: ApplicationRecord, form: Map<string, string>): Promise<Map<string, string>> {
  const params = new Map([...form].filter(([name]) => !AUTH_PARAMS.has(name)));
  const jwt = params.get("request");
  if (jwt === undefined) return params;
  const inner = await verifyRequestObject(client, jwt);
  params.delete("request");
  for (const [k, v] of inner) params.set(k, v);
  return params;
}

export async function startDecoupled(request: Request, kind: DecoupledKind): Promise<DecoupledStart> {
  const form = await readForm(request);
  const client = await authenticateClient(request, form, verifyClientAssertion);
  if (client.tokenEndpointAuthMethod === "none") throw new OAuthError("unauthorized_client", "Decoupled logins need a confidential client");
  const grant = kind === "ciba" ? GRANT_TYPES.ciba : GRANT_TYPES.headless;
  if (!client.grantTypes.includes(grant)) throw new OAuthError("unauthorized_client", `This application is not registered for the ${grant} grant`);
  const p = await parameters(request, client, form);

  const scopes = (p.get("scope") ?? "").split(" ").filter(Boolean);
  if (!scopes.includes("openid")) throw new OAuthError("invalid_scope", "scope must contain openid");

  const hints = ["login_hint", "login_hint_token", "id_token_hint"].filter((h) => p.has(h));
  if (hints.length !== 1) throw invalidRequest("Send exactly one hint: login_hint=sub:ssn:<national id>");
  if (!p.has("login_hint")) throw invalidRequest(`${hints[0]} is not supported; use login_hint=sub:ssn:<national id>`);
  const hint = /^sub:(?:ssn:)?(\d{10,12})$/.exec(p.get("login_hint")!.trim());

  const requestedAcr = (p.get("acr_values") ?? "").split(" ").filter(Boolean);
  const candidates = requestedAcr.length ? requestedAcr : client.defaultAcrValues.length ? client.defaultAcrValues : client.enabledAcrValues;
  const decoupled = candidates.filter((acr) => findEidMethod(acr)?.supportsDecoupled && (kind === "ciba" || findEidMethod(acr)?.family === "se-bankid"));
  if (requestedAcr.length) {
    for (const acr of requestedAcr) {
      const method = findEidMethod(acr);
      if (!method) throw invalidRequest(`acr_values: ${JSON.stringify(acr)} is not a known eID`);
      if (!client.enabledAcrValues.includes(acr)) throw invalidRequest(`acr_values: ${acr} is not enabled for this application`);
      if (!decoupled.includes(acr)) throw invalidRequest(`acr_values: ${method.name} does not support ${kind === "ciba" ? "CIBA" : "headless"} logins`);
    }
  }
  const acr = decoupled[0];
  if (!acr) throw invalidRequest(`No eID of this application supports ${kind === "ciba" ? "CIBA" : "headless"} logins; send acr_values`);
  // Decoupled logins run on the simulated devices of test tenants; the production connectors serve browser logins.
  if (client.tenant.environment !== "test") {
    throw new OAuthError("unauthorized_client", `${kind === "ciba" ? "CIBA" : "Headless"} logins are available in test tenants only; production tenants log people in through the browser`);
  }
  if (!hint?.[1] || !isNationalIdFor(acr, hint[1])) throw new OAuthError("unknown_user_id", "login_hint does not name a valid national id for this eID");

  const bindingMessage = p.get("binding_message");
  if (bindingMessage !== undefined && (bindingMessage.length === 0 || [...bindingMessage].length > 100 || /[\p{Cc}]/u.test(bindingMessage))) {
    throw new OAuthError("invalid_binding_message", "binding_message must be 1 to 100 printable characters");
  }
  let authorizationDetails: DecoupledRequest["authorizationDetails"];
  const detailsRaw = p.get("authorization_details");
  if (detailsRaw !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(detailsRaw);
    } catch {
      throw invalidRequest("authorization_details is not JSON");
    }
    const checked = ZAuthorizationDetails.safeParse(parsed);
    if (!checked.success) throw invalidRequest('authorization_details must be [{"type":"phoneAuth","callInitiator":"RP"|"user"}]');
    authorizationDetails = checked.data;
  }
  const expiryRaw = p.get("requested_expiry");
  if (expiryRaw !== undefined && !/^\d{1,6}$/.test(expiryRaw)) throw invalidRequest("requested_expiry must be a positive integer number of seconds");
  const expiresIn = Math.min(MAX_EXPIRY_S, Math.max(30, expiryRaw ? Number(expiryRaw) : DEFAULT_EXPIRY_S));

  const notificationToken = p.get("client_notification_token");
  if (kind === "ciba" && client.backchannelTokenDeliveryMode === "ping") {
    if (!notificationToken || notificationToken.length > 1024) throw invalidRequest("client_notification_token is required in ping mode");
  }

  const id = randomToken(32);
  const stored: DecoupledRequest = {
    kind,
    clientId: client.clientId,
    scopes,
    acr,
    nationalId: hint[1],
    bindingMessage,
    nonce: p.get("nonce"),
    authorizationDetails,
    notificationTokenSealed: notificationToken ? encryptAtRest(notificationToken, `notification:${client.clientId}`) : undefined,
    requestIdSealed: encryptAtRest(id, "decoupled-request-id"),
    ...(kind === "headless" ? { autoStartToken: randomUUID(), qrStartToken: randomUUID(), qrStartSecret: randomUUID() } : {}),
  };
  const interval = kind === "ciba" ? CIBA_INTERVAL_S : HEADLESS_INTERVAL_S;
  const tx = await (await prisma()).loginTransaction.create({
    data: {
      applicationId: client.id,
      kind,
      state: "eid_authenticating",
      request: stored as unknown as Prisma.InputJsonValue,
      acr,
      decoupledIdHash: hashToken(id),
      pollIntervalS: interval,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
    },
  });
  return { id, expiresIn, interval, ...(kind === "headless" ? { acrData: acrData(stored, tx.createdAt) } : {}) };
}
