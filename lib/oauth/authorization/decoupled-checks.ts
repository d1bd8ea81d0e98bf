/**
 * Checks only the decoupled endpoints apply (CIBA Core 1.0 §7.1; headless logins, README
 * "Decoupled logins"): who may start a login without a browser, whom it asks, and what the
 * person's device shows.
 * user_code is not among them: discovery says backchannel_user_code_parameter_supported false,
 * so it is an unknown parameter and ignored (CIBA Core §7.1, §4).
 */
import { z } from "zod";
import { GRANT_TYPES } from "../../clients/schemas";
import { isNationalIdFor } from "../../decoupled/national-id";
import { JsonTooDeepError, parseJson } from "../../http/json-depth";
import { OAuthError, invalidRequest } from "../errors";
import type { CheckContext } from "./context";

const HINTS = ["login_hint", "login_hint_token", "id_token_hint"] as const;
const NATIONAL_ID = /^\d{10,12}$/;
const ZAuthorizationDetailsSchema = z.array(z.object({ type: z.literal("phoneAuth"), callInitiator: z.enum(["RP", "user"]) })).min(1).max(5);

/** CIBA Core §7.1: the client authenticates, so a public client cannot start one (nor register it). */
export function checkConfidentialClient(ctx: CheckContext): void {
  if (ctx.client.tokenEndpointAuthMethod === "none") throw new OAuthError("unauthorized_client", "Decoupled logins need a confidential client");
}

/** RFC 6749 §5.2 unauthorized_client: the application registered this endpoint's grant (CIBA Core §4). */
export function checkDecoupledGrant(ctx: CheckContext): void {
  const grant = ctx.endpoint === "ciba" ? GRANT_TYPES.ciba : GRANT_TYPES.headless;
  if (!ctx.client.grantTypes.includes(grant)) throw new OAuthError("unauthorized_client", `This application is not registered for the ${grant} grant`);
}

/**
 * CIBA Core §7.1: exactly one of login_hint, login_hint_token, id_token_hint; Porta identifies the
 * person by login_hint=sub:ssn:<national id> only. Headless: at most one, the login_hint, which
 * may be left out (the QR code or the app link decides who logs in).
 */
export function checkHintChoice(ctx: CheckContext): void {
  const sent = HINTS.filter((h) => ctx.params.has(h));
  const isOptional = ctx.endpoint === "headless";
  if (sent.length > 1 || (sent.length === 0 && !isOptional)) throw invalidRequest("Send exactly one hint: login_hint=sub:ssn:<national id>");
  if (sent[0] !== undefined && sent[0] !== "login_hint") throw invalidRequest(`${sent[0]} is not supported; use login_hint=sub:ssn:<national id>`);
}

/**
 * CIBA Core §13 unknown_user_id: the hint's `sub:` must be a checksum-valid national id for the
 * chosen eID (in test tenants any such number is a test person, so integrators can try any
 * number they like). CIBA must name the person; a headless request may name nobody (the QR code
 * decides). Runs after acr_values.
 */
export function checkSubject(ctx: CheckContext): void {
  const sub = ctx.hint?.hint.sub;
  if (sub === undefined && ctx.endpoint === "headless") return;
  const acr = ctx.request.acrValues?.[0];
  if (!sub || !acr || !NATIONAL_ID.test(sub) || !isNationalIdFor(acr, sub)) {
    throw new OAuthError("unknown_user_id", "login_hint does not name a valid national id for this eID");
  }
  ctx.request.nationalId = sub;
}

/** CIBA Core §7.1, §13 invalid_binding_message: shown on the device, so 1 to 100 printable characters. */
export function checkBindingMessage(ctx: CheckContext): void {
  const message = ctx.params.get("binding_message");
  if (message === undefined) return;
  if (message.length === 0 || [...message].length > 100 || /[\p{Cc}]/u.test(message)) {
    throw new OAuthError("invalid_binding_message", "binding_message must be 1 to 100 printable characters");
  }
  ctx.request.bindingMessage = message;
}

/** authorization_details (RFC 9396 §2): Porta knows one type, phoneAuth (BankID's phone orders). */
export function checkAuthorizationDetails(ctx: CheckContext): void {
  const raw = ctx.params.get("authorization_details");
  if (raw === undefined) return;
  let parsed: unknown;
  try {
    parsed = parseJson(raw);
  } catch (error) {
    throw invalidRequest(error instanceof JsonTooDeepError ? `authorization_details: ${error.message}` : "authorization_details is not JSON");
  }
  const checked = ZAuthorizationDetailsSchema.safeParse(parsed);
  if (!checked.success) throw invalidRequest('authorization_details must be [{"type":"phoneAuth","callInitiator":"RP"|"user"}]');
  ctx.request.authorizationDetails = checked.data;
}

/** CIBA Core §7.1 requested_expiry: a positive integer of seconds; the endpoint bounds it. */
export function checkRequestedExpiry(ctx: CheckContext): void {
  const raw = ctx.params.get("requested_expiry");
  if (raw === undefined) return;
  if (!/^\d{1,6}$/.test(raw)) throw invalidRequest("requested_expiry must be a positive integer number of seconds");
  ctx.request.requestedExpiry = Number(raw);
}

/**
 * CIBA Core §7.1, §10.2: a client registered for ping mode sends client_notification_token (at
 * most 1024 characters), the bearer token Porta presents to its notification endpoint.
 */
export function checkClientNotificationToken(ctx: CheckContext): void {
  if (ctx.client.backchannelTokenDeliveryMode !== "ping") return;
  const token = ctx.params.get("client_notification_token");
  if (!token || token.length > 1024) throw invalidRequest("client_notification_token is required in ping mode");
  ctx.request.clientNotificationToken = token;
}
