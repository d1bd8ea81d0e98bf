/**
 * Where the dashboard's application form shows a refusal: next to the input of the member at
 * fault (ClientMetadataError.field, the same errors registration answers with), or at the top of
 * the form ("form") for what no input holds (a gone client, a tenant mismatch).
 */
import { OAuthError } from "../oauth/errors";
import { ClientMetadataError, type ClientMetadataField } from "./client-metadata-error";
import { FormInputError } from "./dashboard-form";

/** The input each member's error is shown at. */
const ERROR_SLOT: Partial<Record<ClientMetadataField, string>> = {
  client_name: "client_name",
  redirect_uris: "redirect_uris",
  post_logout_redirect_uris: "post_logout_redirect_uris",
  grant_types: "grant_types",
  // The form shows the grants; the response types follow from them.
  response_types: "grant_types",
  token_endpoint_auth_method: "token_endpoint_auth_method",
  jwks: "jwks",
  jwks_uri: "jwks_uri",
  id_token_signed_response_alg: "id_token_signed_response_alg",
  id_token_encrypted_response_alg: "id_token_encrypted_response_alg",
  id_token_encrypted_response_enc: "id_token_encrypted_response_enc",
  userinfo_signed_response_alg: "userinfo_signed_response_alg",
  userinfo_encrypted_response_alg: "userinfo_encrypted_response_alg",
  userinfo_encrypted_response_enc: "userinfo_encrypted_response_enc",
  request_object_signing_alg: "request_object_signing_alg",
  token_endpoint_auth_signing_alg: "token_endpoint_auth_signing_alg",
  backchannel_token_delivery_mode: "backchannel_token_delivery_mode",
  backchannel_client_notification_endpoint: "backchannel_client_notification_endpoint",
  scope_strategy: "scope_strategy",
  enabled_acr_values: "enabled_acr_values",
  default_acr_values: "default_acr_values",
  static_scopes: "static_scopes",
};

/** The webhook's members, each its own input. */
const WEBHOOK_SLOT: Readonly<Record<string, string>> = { url: "webhook_url", claim_whitelist: "webhook_claim_whitelist", timeout_ms: "webhook_timeout_ms" };

/** The form input a refused metadata member is shown at; "form" when the form has no input for it. */
export function formFieldOf(error: ClientMetadataError): string {
  if (error.field === "webhook") return WEBHOOK_SLOT[error.path[0] ?? ""] ?? "form";
  return (error.field && ERROR_SLOT[error.field]) ?? "form";
}

/** A refusal as the form's errors by input; anything that is not a refusal is thrown on. */
export function formErrorsOf(error: unknown): Record<string, string> {
  if (error instanceof FormInputError) return { [error.field]: error.message };
  if (error instanceof ClientMetadataError) return { [formFieldOf(error)]: error.description };
  if (error instanceof OAuthError) return { form: error.description };
  throw error;
}
