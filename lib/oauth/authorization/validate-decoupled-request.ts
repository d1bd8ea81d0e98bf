/**
 * Validates a decoupled authentication request (CIBA Core 1.0 §7.1 at /ciba/bc-authorize, and
 * /headless/authorize, README "Decoupled logins") through the same pipeline as authorize and PAR
 * (pipeline.ts). Errors are OAuthErrors for the endpoint's JSON answer (CIBA Core §13).
 */
import type { ApplicationRecord } from "../../clients/application-record";
import type { CheckContext } from "./context";
import { runChecks } from "./pipeline";
import type { DecoupledAuthorizationRequest, DecoupledEndpoint } from "./request";
import { verifyRequestObject } from "./request-object";

/**
 * CIBA Core §7.1.1: a signed request object may carry the parameters; its values win. Verified
 * only after the client checks, so a refused client spends no jti.
 */
async function mergeRequestObject(client: ApplicationRecord, params: Map<string, string>): Promise<Map<string, string>> {
  const jwt = params.get("request");
  if (jwt === undefined) return params;
  const merged = new Map(params);
  merged.delete("request");
  for (const [name, value] of await verifyRequestObject(client, jwt)) merged.set(name, value);
  return merged;
}

/**
 * `params` are the request's form parameters without the client authentication ones (the form
 * reader has refused repeated names, RFC 6749 §3.2).
 */
export async function validateDecoupledRequest(
  endpoint: DecoupledEndpoint,
  client: ApplicationRecord,
  params: Map<string, string>,
): Promise<DecoupledAuthorizationRequest> {
  const ctx: CheckContext = { endpoint, params, duplicated: new Set(), client, request: {}, isPushed: false };
  runChecks("client", ctx);
  ctx.params = await mergeRequestObject(client, params);
  runChecks("request", ctx);
  const r = ctx.request;
  return {
    endpoint,
    clientId: client.clientId,
    scopes: r.scopes!,
    nonce: r.nonce,
    acrValues: r.acrValues!,
    acrRequested: r.acrRequested!,
    acr: r.acrValues![0]!,
    loginHint: r.loginHint!,
    nationalId: r.nationalId,
    bindingMessage: r.bindingMessage,
    authorizationDetails: r.authorizationDetails,
    requestedExpiry: r.requestedExpiry,
    clientNotificationToken: r.clientNotificationToken,
  };
}
