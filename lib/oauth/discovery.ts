/**
 * OpenID Provider metadata (OIDC Discovery §3, RFC 8414 §2, RFC 9126 §5, RFC 9207 §3, CIBA §4).
 * It lists only what Porta serves; features add their entries as they land.
 * With ?client_id= the document is the application's: acr_values_supported are its enabled eIDs.
 */
import { config } from "../config";
import { EID_METHODS } from "../eid/catalogue";
import { SIGNING_ALGS } from "../keys/algorithms";
import { SCOPE_VALUES } from "../clients/schemas";

export interface DiscoveryScope {
  /** The application's enabled acr values (and whether its tenant is a test tenant), when asked for one. */
  enabledAcrValues?: string[];
}

export function discoveryMetadata(scope: DiscoveryScope = {}): Record<string, unknown> {
  const issuer = config().issuer;
  const acrValues = scope.enabledAcrValues ?? EID_METHODS.filter((m) => !m.testOnly).map((m) => m.acr);
  return {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks`,
    registration_endpoint: `${issuer}/oauth2/register`,
    scopes_supported: [...SCOPE_VALUES],
    subject_types_supported: ["public"],
    acr_values_supported: acrValues,
    id_token_signing_alg_values_supported: [...SIGNING_ALGS],
    ui_locales_supported: ["en", "da", "sv", "nb", "fi"],
    claims_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}
