/**
 * The dashboard's application form and client metadata, both ways: `applicationFormValues` is
 * what the form renders for an application's metadata, `formToMetadataPatch` what a submitted
 * form asks to store. The form shows every member of APPLICATION_FORM_MEMBERS (every member
 * registration accepts and stores), so rendering a stored application and submitting it
 * unchanged yields that application's metadata again. The inputs carry the metadata names, and
 * the patch passes the same validation as RFC 7591 (update-application-metadata.ts).
 */
import { JsonTooDeepError, parseJson } from "../http/json-depth";
import type { ApplicationRecord } from "./application-record";
import { toEditableMetadata, type TEditableMetadata } from "./editable-metadata";
import { GRANT_TYPES } from "./schemas";
import type { TClientMetadataPatch } from "./update-application-metadata";

/** A form's values by input name; multi-valued inputs end in `[]`. */
export type FormValues = Record<string, string | string[]>;

/** The members the form shows and a submitted form sets (null: the input was left empty). */
export const APPLICATION_FORM_MEMBERS = [
  "client_name",
  "redirect_uris",
  "post_logout_redirect_uris",
  "grant_types",
  "response_types",
  "token_endpoint_auth_method",
  "token_endpoint_auth_signing_alg",
  "jwks",
  "jwks_uri",
  "require_jti",
  "id_token_signed_response_alg",
  "id_token_encrypted_response_alg",
  "id_token_encrypted_response_enc",
  "userinfo_signed_response_alg",
  "userinfo_encrypted_response_alg",
  "userinfo_encrypted_response_enc",
  "request_object_signing_alg",
  "require_pushed_authorization_requests",
  "consent_required",
  "backchannel_token_delivery_mode",
  "backchannel_client_notification_endpoint",
  "scope_strategy",
  "enabled_acr_values",
  "default_acr_values",
  "static_scopes",
  "webhook",
] as const satisfies readonly (keyof TEditableMetadata)[];

export type ApplicationFormMember = (typeof APPLICATION_FORM_MEMBERS)[number];

/** A value the form cannot even turn into metadata (a JWKS that is not JSON), at its input. */
export class FormInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A submitted form's values as the form names them (React's `$ACTION…` bookkeeping left out). */
export function readFormValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$")) continue;
    const all = form.getAll(key).map((v) => (typeof v === "string" ? v : v.name));
    values[key] = all.length > 1 || key.endsWith("[]") ? all : (all[0] ?? "");
  }
  return values;
}

/** What a browser posts for the form showing `values` (unchecked boxes are not sent). */
export function toFormData(values: FormValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  return form;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);
const checked = (v: string | string[] | undefined) => one(v) === "on";
const orNull = (v: string) => v || null;
/** URLs one per line (a comma is a legal URL character, so only line breaks separate them). */
const urlLines = (v: string | string[] | undefined) => one(v).split(/[\r\n]+/).map((s) => s.trim()).filter(Boolean);
/** Claim names, one per line or separated by commas. */
const names = (v: string | string[] | undefined) => one(v).split(/[\r\n,]+/).map((s) => s.trim()).filter(Boolean);

const STATIC_SCOPES_INPUT = /^static_scopes\[(.+)\]\[\]$/;

/**
 * The front-channel grants and the response types determine each other (RFC 7591 §2.1, which
 * validation enforces): the form shows the grants, and sends the response types they imply.
 */
const RESPONSE_TYPE_OF_GRANT: Readonly<Record<string, "code" | "id_token">> = {
  [GRANT_TYPES.authorizationCode]: "code",
  [GRANT_TYPES.implicit]: "id_token",
};

function parseJwks(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return parseJson(text);
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw new FormInputError("jwks", `Not a JSON Web Key Set: ${error.message}`);
    throw new FormInputError("jwks", 'Not valid JSON: paste a JSON Web Key Set ({"keys": [...]})');
  }
}

/** The submitted form as a patch of every member it shows. */
export function formToMetadataPatch(values: FormValues): TClientMetadataPatch & Record<ApplicationFormMember, unknown> {
  const grants = many(values["grant_types[]"]);
  const responseTypes = grants.flatMap((g) => (RESPONSE_TYPE_OF_GRANT[g] ? [RESPONSE_TYPE_OF_GRANT[g]] : []));
  const staticScopes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    const acr = STATIC_SCOPES_INPUT.exec(name)?.[1];
    if (acr !== undefined && many(value).length > 0) staticScopes[acr] = many(value);
  }
  // An enc without its alg is refused by validation; the enc select always holds a value.
  const encryption = (member: "id_token" | "userinfo") => {
    const alg = one(values[`${member}_encrypted_response_alg`]);
    return { alg: orNull(alg), enc: alg ? orNull(one(values[`${member}_encrypted_response_enc`])) : null };
  };
  const idToken = encryption("id_token");
  const userinfo = encryption("userinfo");
  const webhookUrl = one(values.webhook_url).trim();
  const timeout = one(values.webhook_timeout_ms).trim();
  return {
    client_name: orNull(one(values.client_name).trim()),
    redirect_uris: urlLines(values.redirect_uris),
    post_logout_redirect_uris: urlLines(values.post_logout_redirect_uris),
    grant_types: grants,
    // No front-channel grant: no response type at all (the default for such grants).
    response_types: responseTypes.length > 0 ? responseTypes : null,
    token_endpoint_auth_method: orNull(one(values.token_endpoint_auth_method)),
    token_endpoint_auth_signing_alg: orNull(one(values.token_endpoint_auth_signing_alg)),
    jwks: parseJwks(one(values.jwks)),
    jwks_uri: orNull(one(values.jwks_uri).trim()),
    require_jti: checked(values.require_jti),
    id_token_signed_response_alg: orNull(one(values.id_token_signed_response_alg)),
    id_token_encrypted_response_alg: idToken.alg,
    id_token_encrypted_response_enc: idToken.enc,
    userinfo_signed_response_alg: orNull(one(values.userinfo_signed_response_alg)),
    userinfo_encrypted_response_alg: userinfo.alg,
    userinfo_encrypted_response_enc: userinfo.enc,
    request_object_signing_alg: orNull(one(values.request_object_signing_alg)),
    require_pushed_authorization_requests: checked(values.require_pushed_authorization_requests),
    consent_required: checked(values.consent_required),
    backchannel_token_delivery_mode: orNull(one(values.backchannel_token_delivery_mode)),
    backchannel_client_notification_endpoint: orNull(one(values.backchannel_client_notification_endpoint).trim()),
    scope_strategy: orNull(one(values.scope_strategy)),
    enabled_acr_values: many(values["enabled_acr_values[]"]),
    default_acr_values: many(values["default_acr_values[]"]),
    static_scopes: Object.keys(staticScopes).length > 0 ? staticScopes : null,
    webhook: webhookUrl ? { url: webhookUrl, claim_whitelist: names(values.webhook_claim_whitelist), ...(timeout ? { timeout_ms: Number(timeout) } : {}) } : null,
  } as TClientMetadataPatch & Record<ApplicationFormMember, unknown>;
}

/** The patch as metadata for a new application (a member left empty is simply not sent). */
export function formToNewMetadata(values: FormValues): TEditableMetadata {
  const patch: Record<string, unknown> = formToMetadataPatch(values);
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null)) as TEditableMetadata;
}

/** The values the form renders for an application's metadata (to-client-metadata.ts's members). */
export function applicationFormValues(m: TEditableMetadata): FormValues {
  const flag = (v: boolean | undefined) => (v ? "on" : "");
  const values: FormValues = {
    client_name: m.client_name ?? "",
    redirect_uris: (m.redirect_uris ?? []).join("\n"),
    post_logout_redirect_uris: (m.post_logout_redirect_uris ?? []).join("\n"),
    "grant_types[]": m.grant_types ?? [],
    token_endpoint_auth_method: m.token_endpoint_auth_method ?? "",
    token_endpoint_auth_signing_alg: m.token_endpoint_auth_signing_alg ?? "",
    jwks: m.jwks ? JSON.stringify(m.jwks, null, 2) : "",
    jwks_uri: m.jwks_uri ?? "",
    require_jti: flag(m.require_jti),
    id_token_signed_response_alg: m.id_token_signed_response_alg ?? "",
    id_token_encrypted_response_alg: m.id_token_encrypted_response_alg ?? "",
    id_token_encrypted_response_enc: m.id_token_encrypted_response_enc ?? "",
    userinfo_signed_response_alg: m.userinfo_signed_response_alg ?? "",
    userinfo_encrypted_response_alg: m.userinfo_encrypted_response_alg ?? "",
    userinfo_encrypted_response_enc: m.userinfo_encrypted_response_enc ?? "",
    request_object_signing_alg: m.request_object_signing_alg ?? "",
    require_pushed_authorization_requests: flag(m.require_pushed_authorization_requests),
    consent_required: flag(m.consent_required),
    backchannel_token_delivery_mode: m.backchannel_token_delivery_mode ?? "",
    backchannel_client_notification_endpoint: m.backchannel_client_notification_endpoint ?? "",
    scope_strategy: m.scope_strategy ?? "dynamic",
    "enabled_acr_values[]": m.enabled_acr_values ?? [],
    "default_acr_values[]": m.default_acr_values ?? [],
    webhook_url: m.webhook?.url ?? "",
    webhook_claim_whitelist: m.webhook?.claim_whitelist?.join(", ") ?? "",
    webhook_timeout_ms: m.webhook?.timeout_ms !== undefined ? String(m.webhook.timeout_ms) : "",
  };
  for (const [acr, scopes] of Object.entries(m.static_scopes ?? {})) values[`static_scopes[${acr}][]`] = scopes;
  return values;
}

/** What the application page's form shows for a stored application. */
export function applicationFormValuesOf(app: ApplicationRecord): FormValues {
  return applicationFormValues(toEditableMetadata(app));
}
