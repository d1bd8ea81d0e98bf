/**
 * The token endpoint, POST (RFC 6749 §3.2, §5): form-encoded, client authentication, then the grant.
 * Every answer carries Cache-Control: no-store; errors are RFC 6749 §5.2 JSON.
 */
import { withClientBlockCheck, type DeferredClientBlock } from "../abuse/limits";
import { NO_STORE, jsonResponse } from "../http/responses";
import { readForm } from "../http/read-body";
import { OAuthError, invalidRequest } from "../oauth/errors";
import { authenticateClient } from "../oauth/token/client-authentication";
import { redeemAuthorizationCode } from "../oauth/token/grant-authorization-code";
import { recordAssertionJti, verifyClientAssertion } from "../oauth/token/verify-client-assertion";
import type { JtiUse } from "../oauth/jti-store";
import { GRANT_TYPE_ALIASES, GRANT_TYPES } from "../clients/schemas";
import { pollDecoupled } from "../decoupled/poll";
import { CIBA_GRANTS, HEADLESS_GRANTS } from "../decoupled/request";
import { countTokenRequest } from "../ops/metrics";

const COUNTED_GRANTS: ReadonlySet<string> = new Set(Object.values(GRANT_TYPES));

/** The grant_type label of porta_token_requests_total: a grant Porta knows (aliases under their standard name), else "unsupported". */
function grantLabel(grantType: string | undefined): string {
  if (!grantType) return "none";
  const name = GRANT_TYPE_ALIASES[grantType] ?? grantType;
  return COUNTED_GRANTS.has(name) ? name : "unsupported";
}

export async function token(request: Request): Promise<Response> {
  let grantType: string | undefined;
    try {
      const form = await readForm(request);
      grantType = form.get("grant_type");
      const response = await grant(request, form, grantType);
      countTokenRequest(grantLabel(grantType), "success");
      return response;
    } catch (error) {
      // The outcome is the error code withOAuthErrors answers (anything not an OAuthError is server_error).
      countTokenRequest(grantLabel(grantType), error instanceof OAuthError ? error.code : "server_error");
      throw error;
    }
}

async function grant(request: Request, form: Map<string, string>, grantType: string | undefined): Promise<Response> {
  if (!grantType) throw invalidRequest("grant_type is required");
  // The grants that redeem a login's code record the assertion's jti together with its access
  // token (one commit); any other outcome records it before answering.
  const decoupledKind = CIBA_GRANTS.includes(grantType) ? "ciba" : HEADLESS_GRANTS.includes(grantType) ? "headless" : undefined;
  let jti: JtiUse | undefined;
  const deferJti = grantType === "authorization_code" || decoupledKind ? (use: JtiUse) => void (jti = use) : undefined;
  // The code redemption's statement also holds the client's abuse-limit check (one round trip).
  let block: DeferredClientBlock | undefined;
  const deferBlock = grantType === "authorization_code" ? (check: DeferredClientBlock) => void (block = check) : undefined;
  const client = await authenticateClient(request, form, (c, assertion, clientId) => verifyClientAssertion(c, assertion, clientId, { deferJti }), deferBlock);
  switch (grantType) {
    case "authorization_code":
      return withClientBlockCheck(block, async () => {
        if (!client.grantTypes.includes(GRANT_TYPES.authorizationCode)) {
          await recordAssertionJti(jti);
          throw new OAuthError("unauthorized_client", "This application is not registered for the authorization_code grant");
        }
        return jsonResponse(await redeemAuthorizationCode(client, form, jti, block), 200, NO_STORE);
      });
    default: {
      if (!decoupledKind) throw new OAuthError("unsupported_grant_type", `grant_type ${JSON.stringify(grantType)} is not supported`);
      const registered = decoupledKind === "ciba" ? GRANT_TYPES.ciba : GRANT_TYPES.headless;
      if (!client.grantTypes.includes(registered)) {
        await recordAssertionJti(jti);
        throw new OAuthError("unauthorized_client", `This application is not registered for the ${registered} grant`);
      }
      return jsonResponse(await pollDecoupled(client, decoupledKind, form, jti), 200, NO_STORE);
    }
  }
}
