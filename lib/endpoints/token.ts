/**
 * The token endpoint, POST (RFC 6749 §3.2, §5): form-encoded, client authentication, then the grant.
 * Every answer carries Cache-Control: no-store; errors are RFC 6749 §5.2 JSON.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { NO_STORE, jsonResponse } from "../http/responses";
import { readForm } from "../http/read-body";
import { OAuthError, invalidRequest } from "../oauth/errors";
import { authenticateClient } from "../oauth/token/client-authentication";
import { redeemAuthorizationCode } from "../oauth/token/grant-authorization-code";
import type { TokenResponse } from "../oauth/token/issue-login-tokens";
import { settleAfterFailure, type PendingChecks } from "../oauth/token/pending-checks";
import { GRANT_TYPE_ALIASES, GRANT_TYPES } from "../clients/schemas";
import { pollDecoupled } from "../decoupled/poll";
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
    // The outcome is the error code the OAuth channel answers (anything not an OAuthError is server_error).
    countTokenRequest(grantLabel(grantType), error instanceof OAuthError ? error.code : "server_error");
    throw error;
  }
}

/**
 * A grant's handler. Each settles what client authentication still owes (`pending`) in the
 * statement that issues its tokens, or before any other answer it gives.
 */
type GrantHandler = (client: ApplicationRecord, form: Map<string, string>, pending: PendingChecks) => Promise<TokenResponse>;

/** The grants, by their standard name (aliases resolve through GRANT_TYPE_ALIASES). */
const GRANTS: ReadonlyMap<string, GrantHandler> = new Map<string, GrantHandler>([
  [GRANT_TYPES.authorizationCode, redeemAuthorizationCode],
  [GRANT_TYPES.ciba, (client, form, pending) => pollDecoupled(client, "ciba", form, pending)],
  [GRANT_TYPES.headless, (client, form, pending) => pollDecoupled(client, "headless", form, pending)],
]);

async function grant(request: Request, form: Map<string, string>, grantType: string | undefined): Promise<Response> {
  if (!grantType) throw invalidRequest("grant_type is required");
  const { client, pending } = await authenticateClient(request, form);
  try {
    const name = GRANT_TYPE_ALIASES[grantType] ?? grantType;
    const handler = GRANTS.get(name);
    if (!handler) throw new OAuthError("unsupported_grant_type", `grant_type ${JSON.stringify(grantType)} is not supported`);
    if (!client.grantTypes.includes(name)) throw new OAuthError("unauthorized_client", `This application is not registered for the ${name} grant`);
    return jsonResponse(await handler(client, form, pending), 200, NO_STORE);
  } catch (error) {
    throw await settleAfterFailure(pending, error);
  }
}
