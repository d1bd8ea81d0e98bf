/**
 * OpenID Provider metadata (OIDC Discovery §3, RFC 8414 §2, RFC 9126 §5, RFC 9207 §3, CIBA §4).
 * It lists only what Porta serves; features add their entries as they land.
 * With ?client_id= the document is the application's: acr_values_supported are its enabled eIDs.
 */
import { currentIssuer } from "../tenants/issuer-context";
import { EID_METHODS } from "../eid/catalogue";
import { SIGNING_ALGS } from "../keys/algorithms";
import { ENCRYPTION_ALGS, ENCRYPTION_ENCS } from "../clients/encryption-algorithms";
import { SCOPE_VALUES } from "../clients/schemas";
import { PROTOCOL_PATHS } from "../http/protocol-paths";

export interface DiscoveryScope {
  /** The application's enabled acr values, when the document is asked for one application. */
  enabledAcrValues?: string[];
}

const CLAIMS_SUPPORTED = [
  "sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "acr", "sid",
  "identityscheme", "authenticationtype", "authenticationmethod", "authenticationinstant", "country",
  "name", "given_name", "family_name", "birthdate", "address", "email", "phone_number", "gender",
  "uuid", "cprNumberIdentifier", "cvrNumberIdentifier", "dateofbirth", "age", "ssn", "socialno", "hetu",
];

export function discoveryMetadata(scope: DiscoveryScope = {}): Record<string, unknown> {
  const issuer = currentIssuer();
  const acrValues = scope.enabledAcrValues ?? EID_METHODS.filter((m) => !m.testOnly).map((m) => m.acr);
  return {
    issuer,
    authorization_endpoint: `${issuer}${PROTOCOL_PATHS.authorization}`,
    token_endpoint: `${issuer}${PROTOCOL_PATHS.token}`,
    userinfo_endpoint: `${issuer}${PROTOCOL_PATHS.userinfo}`,
    jwks_uri: `${issuer}${PROTOCOL_PATHS.jwks}`,
    registration_endpoint: `${issuer}${PROTOCOL_PATHS.registration}`,
    end_session_endpoint: `${issuer}${PROTOCOL_PATHS.endSession}`,
    pushed_authorization_request_endpoint: `${issuer}${PROTOCOL_PATHS.pushedAuthorization}`,
    backchannel_authentication_endpoint: `${issuer}${PROTOCOL_PATHS.backchannelAuthentication}`,
    backchannel_token_delivery_modes_supported: ["poll", "ping"],
    backchannel_user_code_parameter_supported: false,
    backchannel_authentication_request_signing_alg_values_supported: [...SIGNING_ALGS],
    headless_authorization_endpoint: `${issuer}${PROTOCOL_PATHS.headlessAuthorization}`,
    require_pushed_authorization_requests: false,
    scopes_supported: [...SCOPE_VALUES],
    response_types_supported: ["code", "id_token"],
    response_modes_supported: ["query", "fragment", "form_post"],
    grant_types_supported: ["authorization_code", "implicit", "urn:openid:params:grant-type:ciba", "urn:grn:params:grant-type:headless"],
    subject_types_supported: ["public"],
    acr_values_supported: acrValues,
    claims_supported: CLAIMS_SUPPORTED,
    claim_types_supported: ["normal"],
    id_token_signing_alg_values_supported: [...SIGNING_ALGS],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "private_key_jwt", "none"],
    token_endpoint_auth_signing_alg_values_supported: [...SIGNING_ALGS],
    request_object_signing_alg_values_supported: [...SIGNING_ALGS],
    id_token_encryption_alg_values_supported: [...ENCRYPTION_ALGS],
    id_token_encryption_enc_values_supported: [...ENCRYPTION_ENCS],
    userinfo_signing_alg_values_supported: [...SIGNING_ALGS],
    userinfo_encryption_alg_values_supported: [...ENCRYPTION_ALGS],
    userinfo_encryption_enc_values_supported: [...ENCRYPTION_ENCS],
    code_challenge_methods_supported: ["S256"],
    prompt_values_supported: ["none", "login", "consent", "consent_revoke", "select_account"],
    authorization_response_iss_parameter_supported: true,
    ui_locales_supported: ["en", "da", "sv", "nb", "fi"],
    claims_parameter_supported: false,
    request_parameter_supported: true,
    request_uri_parameter_supported: false,
  };
}
