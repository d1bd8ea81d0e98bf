/**
 * Client authentication at the token endpoint (RFC 6749 §2.3, OIDC Core §9): client_secret_basic,
 * client_secret_post, or none (public clients, with PKCE). Exactly one method per request; the
 * method must be the one the application registered. Failures are 401 invalid_client, with
 * WWW-Authenticate when the Basic scheme was used.
 */
import { findApplication, type ApplicationRecord } from "../../clients/application-service";
import { constantTimeEqual, hashToken } from "../../crypto/hash";
import { OAuthError, invalidRequest } from "../errors";

export const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

interface Credentials {
  method: "client_secret_basic" | "client_secret_post" | "private_key_jwt" | "none";
  clientId: string;
  secret?: string;
  assertion?: string;
}

function invalidClient(description: string, usedBasic: boolean): OAuthError {
  return new OAuthError("invalid_client", description, {
    status: 401,
    headers: usedBasic ? { "WWW-Authenticate": 'Basic realm="porta", charset="UTF-8"' } : {},
  });
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

export async function authenticateClient(request: Request, form: Map<string, string>, verifyAssertion?: AssertionVerifier): Promise<ApplicationRecord> {
  const credentials = presentedCredentials(request, form);
  const usedBasic = credentials.method === "client_secret_basic";
  if (credentials.method === "private_key_jwt") {
    if (!verifyAssertion) throw invalidClient("private_key_jwt is not accepted here", false);
    const client = credentials.clientId ? await findApplication(credentials.clientId) : null;
    return verifyAssertion(client, credentials.assertion!, credentials.clientId);
  }
  const client = await findApplication(credentials.clientId);
  if (!client) throw invalidClient("Client authentication failed: unknown client", usedBasic);
  if (client.tokenEndpointAuthMethod !== credentials.method) {
    throw invalidClient(`This application is registered for ${client.tokenEndpointAuthMethod}, not ${credentials.method}`, usedBasic);
  }
  if (credentials.method === "none") return client;
  if (!client.clientSecretHash || !constantTimeEqual(hashToken(credentials.secret ?? ""), client.clientSecretHash)) {
    throw invalidClient("Client authentication failed: wrong client secret", usedBasic);
  }
  return client;
}
