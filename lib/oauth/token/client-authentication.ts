/**
 * Client authentication at the token endpoint (RFC 6749 §2.3, OIDC Core §9): client_secret_basic,
 * client_secret_post, or none (public clients, with PKCE). Exactly one method per request; the
 * method must be the one the application registered. Failures are 401 invalid_client, with
 * WWW-Authenticate when the Basic scheme was used; once the client is looked up, every failure
 * reads the same (client-authentication-error.ts) and its reason goes to the log.
 * Abuse limits (lib/abuse/limits.ts): a (client_id, client IP) pair or a client IP with too many
 * recent failures gets 429 before its credentials are looked at, or, where the caller's own statement
 * holds the check (DeferredClientBlock), 429 on every way out; each failure is counted.
 */
import { decodeJwt } from "jose";
import { countClientFailure, DeferredClientBlock, refuseBlockedClient } from "../../abuse/limits";
import type { ApplicationRecord } from "../../clients/application-record";
import { findServedApplication } from "../../clients/find-application";
import { constantTimeEqual, hashToken } from "../../crypto/hash";
import { clientIpOf } from "../../http/client-ip";
import { OAuthError, invalidRequest } from "../errors";
import { basicChallenge, ClientAuthenticationError, logClientAuthenticationFailure, requestIdOf } from "./client-authentication-error";

export const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

interface Credentials {
  method: "client_secret_basic" | "client_secret_post" | "private_key_jwt" | "none";
  clientId: string;
  secret?: string;
  assertion?: string;
}

/** A request that is malformed before any client is looked up: its description may say how. */
function invalidClient(description: string, usedBasic: boolean): OAuthError {
  return new OAuthError("invalid_client", description, { status: 401, headers: basicChallenge(usedBasic) });
}

function decodeBasic(header: string): { clientId: string; secret: string } {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!match?.[1]) throw invalidClient("The Authorization header is not valid Basic credentials", true);
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw invalidClient("Basic credentials must be client_id:client_secret", true);
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
    return { clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")) };
  } catch {
    throw invalidClient("Basic credentials are not correctly form-urlencoded", true);
  }
}

/** Finds which method the request uses, refusing more than one. */
export function presentedCredentials(request: Request, form: Map<string, string>): Credentials {
  const authorization = request.headers.get("authorization");
  const basic = authorization && /^Basic /i.test(authorization) ? decodeBasic(authorization) : undefined;
  const postSecret = form.get("client_secret");
  const assertion = form.get("client_assertion");
  const assertionType = form.get("client_assertion_type");
  const used = [basic && "Basic", postSecret !== undefined && "client_secret", assertion !== undefined && "client_assertion"].filter(Boolean);
  if (used.length > 1) throw invalidRequest(`Use exactly one client authentication method (this request used ${used.join(" and ")})`);
  const formClientId = form.get("client_id");
  if (basic) {
    if (formClientId !== undefined && formClientId !== basic.clientId) throw invalidClient("client_id in the body differs from the Basic credentials", true);
    return { method: "client_secret_basic", clientId: basic.clientId, secret: basic.secret };
  }
  if (assertion !== undefined) {
    if (assertionType !== CLIENT_ASSERTION_TYPE) throw invalidRequest(`client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`);
    return { method: "private_key_jwt", clientId: formClientId ?? "", assertion };
  }
  if (!formClientId) throw invalidClient("Client authentication is required (Basic credentials, client_secret, client_assertion, or client_id for public clients)", false);
  if (postSecret !== undefined) return { method: "client_secret_post", clientId: formClientId, secret: postSecret };
  return { method: "none", clientId: formClientId };
}

export type AssertionVerifier = (client: ApplicationRecord | null, assertion: string, formClientId: string) => Promise<ApplicationRecord>;

/**
 * `deferBlockCheck`: takes the abuse-limit check instead of making it first; the caller then
 * settles it in its own statement, or refuses a blocked client on every other outcome
 * (withClientBlockCheck). A failure here checks before it is answered.
 */
export async function authenticateClient(
  request: Request,
  form: Map<string, string>,
  verifyAssertion?: AssertionVerifier,
  deferBlockCheck?: (check: DeferredClientBlock) => void,
): Promise<ApplicationRecord> {
  const credentials = presentedCredentials(request, form);
  const ip = clientIpOf(request);
  let deferred: DeferredClientBlock | undefined;
  if (deferBlockCheck) {
    deferred = new DeferredClientBlock(claimedClientId(credentials), ip);
    deferBlockCheck(deferred);
  } else {
    await refuseBlockedClient(claimedClientId(credentials), ip);
  }
  try {
    return await authenticate(credentials, verifyAssertion);
  } catch (error) {
    await deferred?.refuseIfBlocked();
    if (error instanceof ClientAuthenticationError) {
      logClientAuthenticationFailure(error, { requestId: requestIdOf(request), method: credentials.method });
      await countClientFailure(error.clientId, ip);
    }
    throw error;
  }
}

/** The client_id a request claims: for an assertion without a body client_id, its unverified `sub`. */
function claimedClientId(credentials: Credentials): string | undefined {
  if (credentials.clientId || credentials.method !== "private_key_jwt") return credentials.clientId || undefined;
  try {
    const sub = decodeJwt(credentials.assertion ?? "").sub;
    return typeof sub === "string" && sub !== "" ? sub : undefined;
  } catch {
    return undefined;
  }
}

async function authenticate(credentials: Credentials, verifyAssertion: AssertionVerifier | undefined): Promise<ApplicationRecord> {
  const usedBasic = credentials.method === "client_secret_basic";
  const failed = (reason: string) => new ClientAuthenticationError(reason, credentials.clientId || undefined, usedBasic);
  if (credentials.method === "private_key_jwt") {
    if (!verifyAssertion) throw invalidClient("private_key_jwt is not accepted here", false);
    const client = credentials.clientId ? await findServedApplication(credentials.clientId) : null;
    return verifyAssertion(client, credentials.assertion!, credentials.clientId);
  }
  const client = await findServedApplication(credentials.clientId);
  if (!client) throw failed("unknown client_id");
  if (client.tokenEndpointAuthMethod !== credentials.method) {
    throw failed(`the application is registered for ${client.tokenEndpointAuthMethod}, not ${credentials.method}`);
  }
  if (credentials.method === "none") return client;
  if (!client.clientSecretHash || !constantTimeEqual(hashToken(credentials.secret ?? ""), client.clientSecretHash)) {
    throw failed("wrong client secret");
  }
  return client;
}
