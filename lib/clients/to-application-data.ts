/** Validated client metadata → the Application columns that create and replace both write. */
import type { Prisma } from "../db/generated/client";
import { DEFAULT_ENCRYPTION_ENC } from "./encryption-algorithms";
import type { ValidatedMetadata } from "./validate-metadata";

export function toApplicationData(v: ValidatedMetadata) {
  return {
    clientName: v.client_name ?? "",
    redirectUris: v.redirect_uris,
    postLogoutRedirectUris: v.post_logout_redirect_uris,
    grantTypes: v.grant_types,
    responseTypes: v.response_types,
    tokenEndpointAuthMethod: v.token_endpoint_auth_method,
    tokenEndpointAuthSigningAlg: v.token_endpoint_auth_signing_alg ?? null,
    jwks: (v.jwks as Prisma.InputJsonValue | undefined) ?? undefined,
    jwksUri: v.jwks_uri ?? null,
    idTokenSignedResponseAlg: v.id_token_signed_response_alg,
    idTokenEncryptedResponseAlg: v.id_token_encrypted_response_alg ?? null,
    idTokenEncryptedResponseEnc: v.id_token_encrypted_response_alg ? (v.id_token_encrypted_response_enc ?? DEFAULT_ENCRYPTION_ENC) : null,
    userinfoSignedResponseAlg: v.userinfo_signed_response_alg ?? null,
    userinfoEncryptedResponseAlg: v.userinfo_encrypted_response_alg ?? null,
    userinfoEncryptedResponseEnc: v.userinfo_encrypted_response_alg ? (v.userinfo_encrypted_response_enc ?? DEFAULT_ENCRYPTION_ENC) : null,
    requestObjectSigningAlg: v.request_object_signing_alg ?? null,
    requirePushedAuthorizationRequests: v.require_pushed_authorization_requests,
    defaultAcrValues: v.default_acr_values,
    scopeStrategy: v.scope_strategy,
    staticScopes: (v.static_scopes as Prisma.InputJsonValue | undefined) ?? undefined,
    requireJti: v.require_jti,
    consentRequired: v.consent_required,
    backchannelTokenDeliveryMode: v.backchannel_token_delivery_mode ?? null,
    backchannelClientNotificationEndpoint: v.backchannel_client_notification_endpoint ?? null,
  };
}
