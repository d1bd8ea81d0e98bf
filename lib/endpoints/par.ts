/**
 * POST /oauth2/par (RFC 9126): the client pushes its authorization parameters (optionally as a
 * request object) and gets a request_uri to send the browser with. Client authentication as at
 * the token endpoint (public clients: client_id, PKCE then required). The parameters pass the same
 * checks as at authorize, so errors come back here as JSON. 201 {request_uri, expires_in}.
 */
import { withClientBlockCheck, type DeferredClientBlock } from "../abuse/limits";
import { randomToken } from "../crypto/random";
import { hashToken } from "../crypto/hash";
import { NO_STORE, jsonResponse } from "../http/responses";
import { readForm } from "../http/read-body";
import { applyRequestObject, REQUEST_URI_PREFIX } from "../oauth/authorization/resolve-request";
import { AuthorizationRequestError, validateAuthorizationRequest } from "../oauth/authorization/validate-request";
import { OAuthError, invalidRequest } from "../oauth/errors";
import { authenticateClient } from "../oauth/token/client-authentication";
import { assertionReplayed, verifyClientAssertion, withDeferredJti } from "../oauth/token/verify-client-assertion";
import { storePushedRequest } from "../oauth/token/pushed-request-store";
import { maybePurgeExpiredJtis, type JtiUse } from "../oauth/jti-store";

export const PAR_LIFETIME_S = 120;

const AUTHENTICATION_PARAMS = new Set(["client_secret", "client_assertion", "client_assertion_type"]);

export async function pushAuthorizationRequest(request: Request): Promise<Response> {
    const form = await readForm(request);
    if (form.has("request_uri")) throw invalidRequest("request_uri cannot be sent to the PAR endpoint");
    // The assertion's jti is stored with the request (one commit), or before any refusal; the
    // abuse-limit check is a condition of the same statement, or made before any refusal.
    let jti: JtiUse | undefined;
    let block: DeferredClientBlock | undefined;
    const client = await authenticateClient(
      request,
      form,
      (c, assertion, clientId) => verifyClientAssertion(c, assertion, clientId, { deferJti: (use) => void (jti = use) }),
      (check) => void (block = check),
    );
    try {
      return await withClientBlockCheck(block, () => withDeferredJti(jti, async (pending, settled) => {
        const params = new Map([...form].filter(([name]) => !AUTHENTICATION_PARAMS.has(name)));
        params.set("client_id", client.clientId);
        const resolved = await applyRequestObject({ params, duplicated: new Set() }, client);
        validateAuthorizationRequest(resolved, client, { isPushed: true, endpoint: "par" });
        const id = randomToken(32);
        const outcome = await storePushedRequest(
          {
            requestIdHash: hashToken(id),
            applicationId: client.id,
            params: Object.fromEntries(resolved.params),
            expiresAt: new Date(Date.now() + PAR_LIFETIME_S * 1000),
          },
          pending,
          block,
        );
        settled();
        block?.settle(outcome.blocked);
        if (pending) maybePurgeExpiredJtis();
        if (!outcome.jtiFresh && pending) throw assertionReplayed(pending);
        return jsonResponse({ request_uri: `${REQUEST_URI_PREFIX}${id}`, expires_in: PAR_LIFETIME_S }, 201, NO_STORE);
      }));
    } catch (error) {
      if (!(error instanceof AuthorizationRequestError)) throw error;
      // RFC 9126 §2.3: errors as at the token endpoint; a bad redirect_uri is invalid_request here.
      const code = error.error.code === "invalid_redirect_uri" || error.error.code === "invalid_client" ? "invalid_request" : error.error.code;
      throw new OAuthError(code, error.error.description);
    }
}
