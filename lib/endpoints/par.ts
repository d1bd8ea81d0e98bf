/**
 * POST /oauth2/par (RFC 9126): the client pushes its authorization parameters (optionally as a
 * request object) and gets a request_uri to send the browser with. Client authentication as at
 * the token endpoint (public clients: client_id, PKCE then required). The parameters pass the same
 * checks as at authorize, so errors come back here as JSON. 201 {request_uri, expires_in}.
 */
import { randomToken } from "../crypto/random";
import { hashToken } from "../crypto/hash";
import { NO_STORE, jsonResponse } from "../http/responses";
import { readForm } from "../http/read-body";
import { applyRequestObject, REQUEST_URI_PREFIX } from "../oauth/authorization/resolve-request";
import { AuthorizationRequestError, validateAuthorizationRequest } from "../oauth/authorization/validate-request";
import { OAuthError, invalidRequest } from "../oauth/errors";
import { authenticateClient } from "../oauth/token/client-authentication";
import { settleAfterFailure } from "../oauth/token/pending-checks";
import { storePushedRequest } from "../oauth/token/pushed-request-store";
import { nowMs } from "../clock";

export const PAR_LIFETIME_S = 120;

const AUTHENTICATION_PARAMS = new Set(["client_secret", "client_assertion", "client_assertion_type"]);

export async function pushAuthorizationRequest(request: Request): Promise<Response> {
    const form = await readForm(request);
    if (form.has("request_uri")) throw invalidRequest("request_uri cannot be sent to the PAR endpoint");
    const { client, pending } = await authenticateClient(request, form);
    try {
      const params = new Map([...form].filter(([name]) => !AUTHENTICATION_PARAMS.has(name)));
      params.set("client_id", client.clientId);
      const resolved = await applyRequestObject({ params, duplicated: new Set() }, client);
      validateAuthorizationRequest(resolved, client, { isPushed: true, endpoint: "par" });
      const id = randomToken(32);
      // Stored in the statement that settles what client authentication still owes.
      await storePushedRequest(
        {
          requestIdHash: hashToken(id),
          applicationId: client.id,
          params: Object.fromEntries(resolved.params),
          expiresAt: new Date(nowMs() + PAR_LIFETIME_S * 1000),
        },
        pending,
      );
      return jsonResponse({ request_uri: `${REQUEST_URI_PREFIX}${id}`, expires_in: PAR_LIFETIME_S }, 201, NO_STORE);
    } catch (error) {
      throw asParError(await settleAfterFailure(pending, error));
    }
}

/** RFC 9126 §2.3: errors as at the token endpoint; a bad redirect_uri is invalid_request here. */
function asParError(error: unknown): unknown {
  if (!(error instanceof AuthorizationRequestError)) return error;
  const code = error.error.code === "invalid_redirect_uri" || error.error.code === "invalid_client" ? "invalid_request" : error.error.code;
  return new OAuthError(code, error.error.description);
}
