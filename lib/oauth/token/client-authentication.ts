/**
 * Client authentication at the token endpoint (RFC 6749 §2.3, OIDC Core §9): client_secret_basic,
 * client_secret_post, private_key_jwt (verify-client-assertion.ts), or none (public clients, with
 * PKCE). Exactly one method per request; the
 * method must be the one the application registered. Failures are 401 invalid_client, with
 * WWW-Authenticate when the Basic scheme was used; once the client is looked up, every failure
 * reads the same (client-authentication-error.ts) and its reason goes to the log.
 * Authentication reads and writes nothing but the client: it returns the client and what the request
 * still owes (pending-checks.ts): the abuse-limit read of the (client_id, client IP) pair and the
 * client IP, and the assertion's jti. A failure settles the limits at once: a blocked pair or IP
 * gets 429 whatever its credentials, any other failure is counted (lib/abuse/limits.ts).
 */
import { decodeJwt } from "jose";
import { clientLimits } from "../../abuse/limits";
import type { ApplicationRecord } from "../../clients/application-record";
import { findServedApplication } from "../../clients/find-application";
import { constantTimeEqual, hashToken } from "../../crypto/hash";
import { clientIpOf } from "../../http/client-ip";
import { OAuthError, invalidRequest } from "../errors";
import type { JtiUse } from "../jti-store";
import { basicChallenge, ClientAuthenticationError, requestIdOf } from "./client-authentication-error";
import { pendingChecks, settleAfterFailure, type PendingChecks } from "./pending-checks";
import { verifyClientAssertion } from "./verify-client-assertion";

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

export interface AuthenticatedClient {
  client: ApplicationRecord;
  /**
   * What the request still owes before it answers: its own statement settles it on success, and
   * the endpoint's one catch with settleAfterFailure (pending-checks.ts).
   */
  pending: PendingChecks;
}

export async function authenticateClient(request: Request, form: Map<string, string>): Promise<AuthenticatedClient> {
  const credentials = presentedCredentials(request, form);
  const limits = clientLimits(claimedClientId(credentials), clientIpOf(request));
  const log = { requestId: requestIdOf(request), method: credentials.method };
  try {
    const { client, jti } = await authenticate(credentials);
    return { client, pending: pendingChecks(limits, jti, log) };
  } catch (error) {
    // Nothing to record: the read of the limits is all this request owes.
    throw await settleAfterFailure(pendingChecks(limits, undefined, log), error);
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

async function authenticate(credentials: Credentials): Promise<{ client: ApplicationRecord; jti?: JtiUse }> {
  if (credentials.method === "private_key_jwt") return verifyClientAssertion(credentials.assertion!, credentials.clientId);
  const failed = (reason: string) => new ClientAuthenticationError(reason, credentials.clientId || undefined, credentials.method === "client_secret_basic");
  const client = await findServedApplication(credentials.clientId);
  if (!client) throw failed("unknown client_id");
  if (client.tokenEndpointAuthMethod !== credentials.method) {
    throw failed(`the application is registered for ${client.tokenEndpointAuthMethod}, not ${credentials.method}`);
  }
  if (credentials.method === "none") return { client };
  if (!client.clientSecretHash || !constantTimeEqual(hashToken(credentials.secret ?? ""), client.clientSecretHash)) {
    throw failed("wrong client secret");
  }
  return { client };
}
