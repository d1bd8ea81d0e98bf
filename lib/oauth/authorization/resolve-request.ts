/**
 * Before validation: a pushed request (request_uri, RFC 9126 §4) is loaded, and a request object
 * (`request`, RFC 9101) is verified and merged, its values winning over the outer parameters.
 */
import type { ApplicationRecord } from "../../clients/application-record";
import { hashToken } from "../../crypto/hash";
import { prisma } from "../../db/client";
import { openPushedParams } from "../../privacy/personal-data";
import { OAuthError } from "../errors";
import type { ResponseMode } from "../authorization-response";
import { verifyRequestObject } from "./request-object";
import { AuthorizationRequestError, type RawAuthorizationParams } from "./validate-request";
import { now } from "../../clock";

export const REQUEST_URI_PREFIX = "urn:ietf:params:oauth:request_uri:";

/** Merges a verified request object into the parameters (inside values win). */
export async function applyRequestObject(raw: RawAuthorizationParams, client: ApplicationRecord): Promise<RawAuthorizationParams> {
  const jwt = raw.params.get("request");
  if (jwt === undefined) return raw;
  let inner: Map<string, string>;
  try {
    if (raw.duplicated.has("request")) throw new OAuthError("invalid_request_object", "request is repeated");
    inner = await verifyRequestObject(client, jwt);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    // Redirect only to a redirect_uri the client registered; otherwise the error page.
    const outer = raw.params.get("redirect_uri");
    const target = outer && client.redirectUris.includes(outer.split("#")[0]!)
      ? { redirectUri: outer.split("#")[0]!, mode: (raw.params.get("response_mode") as ResponseMode | undefined) ?? (raw.params.get("response_type") === "id_token" ? "fragment" : "query"), state: raw.params.get("state") }
      : undefined;
    if (target && !["query", "fragment", "form_post"].includes(target.mode)) target.mode = "query";
    throw new AuthorizationRequestError(error, target);
  }
  const params = new Map(raw.params);
  params.delete("request");
  const duplicated = new Set(raw.duplicated);
  for (const [name, value] of inner) {
    params.set(name, value);
    duplicated.delete(name);
  }
  return { params, duplicated };
}

export interface PushedRequest {
  raw: RawAuthorizationParams;
  parRequestId: string;
}

const badRequestUri = (description: string) => new AuthorizationRequestError(new OAuthError("invalid_request_uri", description), undefined);

/**
 * Loads the pushed request named by request_uri for `client`: unknown, expired, used or another
 * client's → the error page (no redirect: without the pushed request Porta has no verified
 * redirect_uri to send the error to). Outer parameters other than client_id and
 * request_uri must not contradict the pushed ones.
 */
export async function loadPushedRequest(raw: RawAuthorizationParams, client: ApplicationRecord): Promise<PushedRequest> {
  const requestUri = raw.params.get("request_uri")!;
  if (raw.duplicated.has("request_uri")) throw badRequestUri("request_uri is repeated");
  if (!requestUri.startsWith(REQUEST_URI_PREFIX)) throw badRequestUri("request_uri is not one Porta issued");
  const requestIdHash = hashToken(requestUri.slice(REQUEST_URI_PREFIX.length));
  const row = await (await prisma()).parRequest.findUnique({ where: { requestIdHash } });
  if (!row || row.applicationId !== client.id) throw badRequestUri("request_uri is unknown or belongs to another application");
  if (row.consumedAt) throw badRequestUri("request_uri was already used to complete a login");
  if (row.expiresAt <= now()) throw badRequestUri("request_uri has expired; push the request again");
  const pushed = new Map(Object.entries(openPushedParams(requestIdHash, row.params)));
  for (const [name, value] of raw.params) {
    if (name === "client_id" || name === "request_uri") continue;
    if (pushed.has(name) && pushed.get(name) !== value) {
      throw new AuthorizationRequestError(new OAuthError("invalid_request", `${name} differs from the pushed request`), undefined);
    }
  }
  return { raw: { params: pushed, duplicated: new Set() }, parRequestId: row.id };
}
