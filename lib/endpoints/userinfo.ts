/**
 * GET/POST /oauth2/userinfo (OIDC Core §5.3) with a Bearer access token (RFC 6750): the header, or
 * for POST the form field `access_token` (RFC 6750 §2.2). Errors carry WWW-Authenticate.
 */
import { bearerToken } from "../admin/authenticate-admin-token";
import { NO_STORE, jsonResponse } from "../http/responses";
import { readForm } from "../http/read-body";
import { OAuthError, invalidToken } from "../oauth/errors";
import { findActiveAccessToken, userinfoClaimsOf } from "../oauth/token/access-tokens";
import { findApplicationById } from "../clients/find-application";
import { isServedTenant } from "../tenants/issuer-context";
import { userinfoJwt } from "../oauth/userinfo-response";

async function presentedToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get("authorization");
  const fromHeader = bearerToken(header);
  if (header && !fromHeader) throw invalidToken("The Authorization header must be Bearer <access token>");
  if (request.method === "POST" && (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    const fromBody = (await readForm(request)).get("access_token");
    if (fromHeader && fromBody) throw new OAuthError("invalid_request", "Send the access token once (header or body, not both)");
    return fromHeader ?? fromBody;
  }
  return fromHeader;
}

export async function userinfo(request: Request): Promise<Response> {
  const token = await presentedToken(request);
  if (!token) {
    throw new OAuthError("invalid_token", "An access token is required", { headers: { "WWW-Authenticate": 'Bearer realm="porta"' } });
  }
  const row = await findActiveAccessToken(token);
  if (!row) throw invalidToken("The access token is invalid, expired or revoked");
  const client = await findApplicationById(row.applicationId);
  // An access token of a tenant this issuer does not serve is unknown here: each tenant domain is
  // its own issuer, and a token is good only at the issuer that issued it.
  if (client && !(await isServedTenant(client.tenant))) throw invalidToken("The access token is invalid, expired or revoked");
  const claims = await userinfoClaimsOf(row);
  if (client && (client.userinfoSignedResponseAlg || client.userinfoEncryptedResponseAlg)) {
    return new Response(await userinfoJwt(client, claims), { headers: { "Content-Type": "application/jwt", ...NO_STORE } });
  }
  return jsonResponse(claims, 200, NO_STORE);
}
