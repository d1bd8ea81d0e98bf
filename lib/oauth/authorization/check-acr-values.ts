/**
 * acr_values (README, "eIDs and acr values"; OIDC Core §3.1.2.1, CIBA Core §7.1): which eIDs may run this login.
 */
import { canServeAcr } from "../../clients/id-token-encryption-rule";
import { findEidMethod, type EidMethod } from "../../eid/catalogue";
import { familyOf } from "../../eid/families";
import { invalidRequest } from "../errors";
import { flowName, isDecoupled, spaceSeparated, type CheckContext } from "./context";
import type { AuthorizationEndpoint } from "./request";

/**
 * Whether an eID can serve a login at this endpoint. Browser logins: any. CIBA: an eID whose app
 * the person can be asked through without a browser. Headless: an eID whose family says the
 * relying party can show its app launch itself (Swedish BankID's autostart token and animated QR).
 */
function servesEndpoint(method: EidMethod, endpoint: AuthorizationEndpoint): boolean {
  if (!isDecoupled(endpoint)) return true;
  return method.supportsDecoupled && (endpoint === "ciba" || familyOf(method.family).supportsHeadless === true);
}

/**
 * Each requested value (acr_values and the login_hint's `acr_values:`) must name a known eID
 * enabled for the application (the mock eID in test tenants only) that serves this endpoint.
 * Absent → the application's default_acr_values, else every enabled method, keeping those that
 * serve the endpoint (the mock eID only when asked for: it logs in whoever the hint describes, so
 * it is never a default).
 */
export function checkAcrValues(ctx: CheckContext): void {
  const { client, endpoint } = ctx;
  const requested = [...new Set([...spaceSeparated(ctx.params.get("acr_values")), ...(ctx.hint?.extraAcrValues ?? [])])];
  for (const acr of requested) {
    const method = findEidMethod(acr);
    if (!method) throw invalidRequest(`acr_values: ${JSON.stringify(acr)} is not a known eID`);
    if ((method.testOnly && client.tenant.environment !== "test") || !client.enabledAcrValues.includes(acr)) {
      throw invalidRequest(`acr_values: ${acr} (${method.name}) is not enabled for this application`);
    }
    if (isDecoupled(endpoint) && !servesEndpoint(method, endpoint)) {
      throw invalidRequest(`acr_values: ${method.name} does not support ${flowName(endpoint)} logins`);
    }
  }
  ctx.request.acrRequested = requested.length > 0;
  if (requested.length > 0) {
    ctx.request.acrValues = requested;
    return;
  }
  const configured = client.defaultAcrValues.length > 0 ? client.defaultAcrValues : client.enabledAcrValues;
  ctx.request.acrValues = configured.filter((acr) => {
    const method = findEidMethod(acr);
    return method && !method.testOnly && servesEndpoint(method, endpoint);
  });
  if (ctx.request.acrValues.length > 0) return;
  if (isDecoupled(endpoint)) throw invalidRequest(`No eID of this application supports ${flowName(endpoint)} logins; send acr_values`);
  throw invalidRequest("No eID is enabled for this application");
}

/**
 * FTN needs encrypted ID tokens (the Finnish Trust Network's rules require them), in test tenants
 * as in production. An application without id_token_encrypted_response_alg (one stored before the
 * rule, or enabled for every eID) that asks for such an eID gets invalid_request; among the eIDs
 * it did not name, they are not offered.
 */
export function checkIdTokenEncryption(ctx: CheckContext): void {
  const { client, request } = ctx;
  const acrValues = request.acrValues ?? [];
  const refused = acrValues.find((acr) => !canServeAcr(client, acr));
  if (refused === undefined) return;
  const name = findEidMethod(refused)?.name ?? refused;
  if (request.acrRequested) {
    throw invalidRequest(`acr_values: ${name} requires encrypted ID tokens, and this application has no id_token_encrypted_response_alg`);
  }
  request.acrValues = acrValues.filter((acr) => canServeAcr(client, acr));
  if (request.acrValues.length === 0) throw invalidRequest(`No eID of this application can be used: ${name} requires encrypted ID tokens`);
}
