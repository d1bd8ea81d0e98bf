/** RFC 7591 §3.2.1: an application as client metadata on the wire (and in its audit rows). */
import { currentIssuer } from "../tenants/issuer-context";
import type { ApplicationRecord } from "./application-record";

/** The client information response, without the one-time secret values (`client_secret`, `registration_access_token`). */
export function toClientMetadata(app: ApplicationRecord): Record<string, unknown> {
  const issuer = currentIssuer();
  const optional = (value: unknown) => (value === null || value === undefined ? undefined : value);
  const metadata: Record<string, unknown> = {
    client_id: app.clientId,
    client_id_issued_at: Math.floor(app.createdAt.getTime() / 1000),
    client_secret_expires_at: app.clientSecretHash ? 0 : undefined,
    client_name: app.clientName,
    redirect_uris: app.redirectUris,
    post_logout_redirect_uris: app.postLogoutRedirectUris,
    grant_types: app.grantTypes,
    response_types: app.responseTypes,
    token_endpoint_auth_method: app.tokenEndpointAuthMethod,
    token_endpoint_auth_signing_alg: optional(app.tokenEndpointAuthSigningAlg),
    jwks: optional(app.jwks),
    jwks_uri: optional(app.jwksUri),
    id_token_signed_response_alg: app.idTokenSignedResponseAlg,
    id_token_encrypted_response_alg: optional(app.idTokenEncryptedResponseAlg),
    id_token_encrypted_response_enc: optional(app.idTokenEncryptedResponseEnc),
    userinfo_signed_response_alg: optional(app.userinfoSignedResponseAlg),
    userinfo_encrypted_response_alg: optional(app.userinfoEncryptedResponseAlg),
    userinfo_encrypted_response_enc: optional(app.userinfoEncryptedResponseEnc),
    request_object_signing_alg: optional(app.requestObjectSigningAlg),
    require_pushed_authorization_requests: app.requirePushedAuthorizationRequests,
    default_acr_values: app.defaultAcrValues,
    enabled_acr_values: app.enabledAcrValues,
    backchannel_token_delivery_mode: optional(app.backchannelTokenDeliveryMode),
    backchannel_client_notification_endpoint: optional(app.backchannelClientNotificationEndpoint),
    tenant_id: app.tenantId,
    environment: app.tenant.environment,
    scope_strategy: app.scopeStrategy,
    static_scopes: optional(app.staticScopes),
    require_jti: app.requireJti,
    consent_required: app.consentRequired,
    webhook: app.webhook
      ? { id: app.webhook.id, url: app.webhook.url, claim_whitelist: app.webhook.claimWhitelist, timeout_ms: app.webhook.timeoutMs }
      : undefined,
    registration_client_uri: `${issuer}/oauth2/register/${encodeURIComponent(app.clientId)}`,
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== undefined));
}

/** Audit snapshot: the public metadata, never a secret or token hash. */
export function toAuditSnapshot(app: ApplicationRecord): Record<string, unknown> {
  const { client_secret: _s, registration_access_token: _r, ...rest } = toClientMetadata(app);
  return rest;
}
