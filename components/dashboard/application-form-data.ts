/**
 * Between the dashboard's application form and lib/clients: the form's fields are the
 * client metadata names, so the same validation (validate-metadata.ts) applies as for RFC 7591.
 */
import type { ApplicationRecord } from "@/lib/clients/application-record";
import type { ClientMetadataError, ClientMetadataField } from "@/lib/clients/client-metadata-error";
import type { TClientMetadataInput } from "@/lib/clients/schemas";

export type FormValues = Record<string, string | string[]>;

export interface FormState {
  errors?: Record<string, string>;
  values?: FormValues;
  /** Shown once after creation or rotation. */
  created?: { clientId: string; clientSecret?: string; registrationAccessToken?: string };
  saved?: boolean;
}

const lines = (value: string | undefined) => (value ?? "").split(/[\r\n,]+/).map((v) => v.trim()).filter(Boolean);

export function formValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$")) continue; // React's action bookkeeping
    const all = form.getAll(key).map(String);
    values[key] = all.length > 1 || key.endsWith("[]") ? all : (all[0] ?? "");
  }
  return values;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

export class FormInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function valuesToMetadata(values: FormValues): TClientMetadataInput {
  let jwks: unknown;
  const jwksText = one(values.jwks).trim();
  if (jwksText) {
    try {
      jwks = JSON.parse(jwksText);
    } catch {
      throw new FormInputError("jwks", "Not valid JSON: paste a JSON Web Key Set ({\"keys\": [...]})");
    }
  }
  const enabled = many(values["enabled_acr_values[]"]);
  const staticScopes: Record<string, string[]> = {};
  for (const acr of enabled) {
    const scopes = many(values[`static_scopes[${acr}][]`]);
    if (scopes.length) staticScopes[acr] = scopes;
  }
  // An enc without its alg is refused by validation, so the form sends the enc only with an alg.
  const encrypted = (member: "id_token" | "userinfo") => {
    const alg = one(values[`${member}_encrypted_response_alg`]);
    return { alg: alg || undefined, enc: alg ? one(values[`${member}_encrypted_response_enc`]) || undefined : undefined };
  };
  const idToken = encrypted("id_token");
  const userinfo = encrypted("userinfo");
  const webhookUrl = one(values.webhook_url).trim();
  const timeout = one(values.webhook_timeout_ms).trim();
  const metadata: Record<string, unknown> = {
    client_name: one(values.client_name).trim() || undefined,
    redirect_uris: lines(one(values.redirect_uris)),
    post_logout_redirect_uris: lines(one(values.post_logout_redirect_uris)),
    response_types: many(values["response_types[]"]),
    token_endpoint_auth_method: one(values.token_endpoint_auth_method) || "client_secret_basic",
    jwks,
    jwks_uri: one(values.jwks_uri).trim() || undefined,
    id_token_signed_response_alg: one(values.id_token_signed_response_alg) || "RS256",
    id_token_encrypted_response_alg: idToken.alg,
    id_token_encrypted_response_enc: idToken.enc,
    userinfo_signed_response_alg: one(values.userinfo_signed_response_alg) || undefined,
    userinfo_encrypted_response_alg: userinfo.alg,
    userinfo_encrypted_response_enc: userinfo.enc,
    request_object_signing_alg: one(values.request_object_signing_alg) || undefined,
    require_pushed_authorization_requests: one(values.require_pushed_authorization_requests) === "on",
    require_jti: one(values.require_jti) === "on",
    consent_required: one(values.consent_required) === "on",
    scope_strategy: one(values.scope_strategy) || "dynamic",
    enabled_acr_values: enabled,
    default_acr_values: many(values["default_acr_values[]"]),
    static_scopes: Object.keys(staticScopes).length ? staticScopes : undefined,
    webhook: webhookUrl
      ? { url: webhookUrl, claim_whitelist: lines(one(values.webhook_claim_whitelist)), timeout_ms: timeout ? Number(timeout) : 10000 }
      : undefined,
  };
  return metadata as TClientMetadataInput;
}

/** Metadata members that the form shows as an input of the same name. */
const FORM_INPUTS: ReadonlySet<ClientMetadataField> = new Set<ClientMetadataField>([
  "client_name",
  "redirect_uris",
  "post_logout_redirect_uris",
  "response_types",
  "token_endpoint_auth_method",
  "jwks",
  "jwks_uri",
  "id_token_signed_response_alg",
  "id_token_encrypted_response_alg",
  "id_token_encrypted_response_enc",
  "userinfo_signed_response_alg",
  "userinfo_encrypted_response_alg",
  "userinfo_encrypted_response_enc",
  "request_object_signing_alg",
  "scope_strategy",
  "enabled_acr_values",
  "default_acr_values",
  "static_scopes",
]);

/** The webhook's members, each its own input. */
const WEBHOOK_INPUTS: Readonly<Record<string, string>> = { url: "webhook_url", claim_whitelist: "webhook_claim_whitelist", timeout_ms: "webhook_timeout_ms" };

/** The form input a refused metadata member is shown at; "form" when the form has no input for it. */
export function formFieldOf(error: ClientMetadataError): string {
  if (error.field === "webhook") return WEBHOOK_INPUTS[error.path[0] ?? ""] ?? "form";
  // The form has no grant_types input: the grants follow from the response types it offers.
  if (error.field === "grant_types") return "response_types";
  return error.field && FORM_INPUTS.has(error.field) ? error.field : "form";
}

export function valuesOf(app: ApplicationRecord): FormValues {
  const staticScopes = (app.staticScopes ?? {}) as Record<string, string[]>;
  const values: FormValues = {
    client_name: app.clientName,
    redirect_uris: app.redirectUris.join("\n"),
    post_logout_redirect_uris: app.postLogoutRedirectUris.join("\n"),
    "response_types[]": app.responseTypes,
    token_endpoint_auth_method: app.tokenEndpointAuthMethod,
    jwks: app.jwks ? JSON.stringify(app.jwks, null, 2) : "",
    jwks_uri: app.jwksUri ?? "",
    id_token_signed_response_alg: app.idTokenSignedResponseAlg,
    id_token_encrypted_response_alg: app.idTokenEncryptedResponseAlg ?? "",
    id_token_encrypted_response_enc: app.idTokenEncryptedResponseEnc ?? "",
    userinfo_signed_response_alg: app.userinfoSignedResponseAlg ?? "",
    userinfo_encrypted_response_alg: app.userinfoEncryptedResponseAlg ?? "",
    userinfo_encrypted_response_enc: app.userinfoEncryptedResponseEnc ?? "",
    request_object_signing_alg: app.requestObjectSigningAlg ?? "",
    require_pushed_authorization_requests: app.requirePushedAuthorizationRequests ? "on" : "",
    require_jti: app.requireJti ? "on" : "",
    consent_required: app.consentRequired ? "on" : "",
    scope_strategy: app.scopeStrategy,
    "enabled_acr_values[]": app.enabledAcrValues,
    "default_acr_values[]": app.defaultAcrValues,
    webhook_url: app.webhook?.url ?? "",
    webhook_claim_whitelist: app.webhook?.claimWhitelist.join(", ") ?? "",
    webhook_timeout_ms: app.webhook ? String(app.webhook.timeoutMs) : "",
  };
  for (const [acr, scopes] of Object.entries(staticScopes)) values[`static_scopes[${acr}][]`] = scopes;
  return values;
}
