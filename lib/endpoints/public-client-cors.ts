/**
 * Which browser origins may call token, PAR and userinfo, so that browser SDKs work: the redirect
 * URI origins of public clients (lib/clients/public-client-origins.ts). lib/http/cors.ts applies
 * the answer; this module decides it.
 *
 * - A preflight carries no body, so no client_id and no token: it is answered for an origin that
 *   any public client registered. That reveals no more than authorization URLs already show (a
 *   redirect URI travels in every one), and it lets nothing through: the actual request is
 *   checked again.
 * - An actual request is admitted when the client it names is public and registered a redirect
 *   URI on the origin: at token and PAR the client the request authenticates as (client_id in the
 *   form, or the Basic user), at userinfo the client the access token was issued to. Another
 *   public client's origin is not enough.
 * - A request that names no client Porta knows (a mistyped client_id, an expired or unknown
 *   access token, a malformed body) gets the preflight's rule, so that a browser client can read
 *   Porta's JSON error (`invalid_client`, `invalid_token` with its challenge) instead of a
 *   network failure. Such an answer says nothing about any client.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { findServedApplication, findApplicationById } from "../clients/find-application";
import { isAnyPublicClientOrigin, isPublicClientOriginOf } from "../clients/public-client-origins";
import { bearerToken } from "../admin/authenticate-admin-token";
import type { CorsGate } from "../http/cors";
import { readForm } from "../http/read-body";
import { presentedCredentials } from "../oauth/token/client-authentication";
import { findActiveAccessToken } from "../oauth/token/access-tokens";

/** The client a request names, or null when it names none Porta knows. */
type ClientOf = (request: Request) => Promise<ApplicationRecord | null>;

function publicClientGate(clientOf: ClientOf): CorsGate {
  return {
    admitsOrigin: (origin) => isAnyPublicClientOrigin(origin),
    async admitsRequest(request, origin) {
      const client = await clientOf(request);
      return client ? isPublicClientOriginOf(client, origin) : isAnyPublicClientOrigin(origin);
    },
  };
}

/** Token and PAR: the client the request authenticates as (as client-authentication.ts reads it). */
async function authenticatingClient(request: Request): Promise<ApplicationRecord | null> {
  let clientId: string;
  try {
    clientId = presentedCredentials(request, await readForm(request)).clientId;
  } catch {
    return null; // The endpoint answers the malformed request itself.
  }
  return clientId ? findServedApplication(clientId) : null;
}

/** Userinfo: the client the presented access token was issued to (header, or form for POST). */
async function accessTokenClient(request: Request): Promise<ApplicationRecord | null> {
  let token = bearerToken(request.headers.get("authorization"));
  if (token === undefined && request.method === "POST") {
    try {
      token = (await readForm(request)).get("access_token");
    } catch {
      return null;
    }
  }
  const row = token ? await findActiveAccessToken(token) : null;
  return row ? findApplicationById(row.applicationId) : null;
}

/** Token and PAR. */
export const AUTHENTICATING_CLIENT_CORS: CorsGate = publicClientGate(authenticatingClient);
/** Userinfo. */
export const ACCESS_TOKEN_CLIENT_CORS: CorsGate = publicClientGate(accessTokenClient);
