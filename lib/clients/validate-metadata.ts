/**
 * Cross-field rules for client metadata (README, "Client registration"; RFC 7591 §2 and §2.1, OIDC
 * Registration §2, CIBA §4). Input has passed ZClientMetadataSchema; the output is what gets
 * stored. Every refusal is a ClientMetadataError naming the member at fault (`field`), the same
 * `error`/`error_description` on the wire as any OAuthError.
 */
import type { JWK } from "jose";
import { config } from "../config";
import { findEidMethod, methodsForEnvironment } from "../eid/catalogue";
import { bareHostname, isLoopbackHostname, isNonPublicAddress } from "../net/addresses";
import { invalidMetadata, invalidRedirectUris, type ClientMetadataField } from "./client-metadata-error";
import { encryptionKeyType, fitsEncryptionAlg } from "./encryption-algorithms";
import { checkIdTokenEncryptionRule } from "./id-token-encryption-rule";
import {
  GRANT_TYPE_ALIASES,
  GRANT_TYPES,
  PROTECTED_CLAIMS,
  ZClientMetadataSchema,
  type TClientMetadata,
} from "./schemas";

export type Environment = "test" | "production";

export interface ValidatedMetadata extends Omit<TClientMetadata, "grant_types" | "response_types" | "redirect_uris" | "tenant_id"> {
  client_name: string | undefined;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
}

/**
 * Redirect URIs are compared by exact string match, so they must be exact: absolute, no fragment,
 * no wildcard, https (plain http only to localhost/127.0.0.1 in test tenants, or to Porta's own
 * origin; RFC 9700 §2.1, §4.1.3).
 */
export function checkRedirectUri(raw: string, environment: Environment, field: "redirect_uris" | "post_logout_redirect_uris" = "redirect_uris"): void {
  const fail = (why: string) => invalidRedirectUris(field, `${field}: ${JSON.stringify(raw)} ${why}`);
  if (raw.includes("#")) throw fail("must not contain a fragment");
  if (raw.includes("*")) throw fail("must not contain a wildcard");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail("is not an absolute URL");
  }
  if (url.username || url.password) throw fail("must not contain credentials");
  if (url.protocol === "https:") return;
  // Porta's own origin (the built-in playground) is as trustworthy as the configured issuer.
  if (url.origin === new URL(config().issuer).origin) return;
  if (url.protocol === "http:") {
    const host = bareHostname(url);
    // *.localhost names are loopback too (RFC 6761 §6.3; browsers resolve them so): loopback tenant domains.
    if (environment === "test" && (host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "::1")) return;
    throw fail(
      environment === "test"
        ? "must use https (plain http is allowed only to localhost, *.localhost or 127.0.0.1)"
        : "must use https (production tenants accept no plain http)",
    );
  }
  throw fail("must use https");
}

/**
 * URLs Porta itself calls (webhooks, jwks_uri, ping endpoints): https, and not a loopback or
 * private literal unless ALLOW_PRIVATE_OUTBOUND (names are checked again, resolved, when called).
 */
export function checkOutboundUrl(raw: string, field: "jwks_uri" | "backchannel_client_notification_endpoint" | "webhook.url"): void {
  const [member, ...path] = field.split(".") as [ClientMetadataField, ...string[]];
  const refuse = (why: string) => invalidMetadata(member, `${field} ${why}`, path);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("must be an absolute URL");
  }
  if (url.username || url.password) throw refuse("must not contain credentials");
  if (url.hash) throw refuse("must not contain a fragment");
  const allowPrivate = config().allowPrivateOutbound;
  const host = bareHostname(url);
  const isPrivate = isLoopbackHostname(host) || isNonPublicAddress(host);
  if (url.protocol === "http:" && !(allowPrivate && isLoopbackHostname(host))) {
    throw refuse("must use https");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("must use https");
  if (isPrivate && !allowPrivate) {
    throw refuse("points to a loopback or private address, which Porta does not call");
  }
}

function describeZodIssue(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** The member a schema issue is about (the first path element of an object schema is a member name). */
function memberOf(issue: { path: PropertyKey[] }): [ClientMetadataField | undefined, string[]] {
  const [member, ...path] = issue.path.map(String);
  return [member as ClientMetadataField | undefined, path];
}

export function parseClientMetadata(input: unknown): TClientMetadata & { tenant_id?: string | undefined } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw invalidMetadata(undefined, "The request body must be a JSON object");
  }
  const parsed = ZClientMetadataSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (!issue) throw invalidMetadata(undefined, "Invalid client metadata");
    const [member, path] = memberOf(issue);
    if (member === "redirect_uris") throw invalidRedirectUris(member, describeZodIssue(issue));
    throw invalidMetadata(member, describeZodIssue(issue), path);
  }
  return parsed.data;
}

function normaliseGrantTypes(requested: string[] | undefined, responseTypes: string[]): string[] {
  const derived = new Set<string>();
  if (responseTypes.includes("code")) derived.add(GRANT_TYPES.authorizationCode);
  if (responseTypes.includes("id_token")) derived.add(GRANT_TYPES.implicit);
  if (!requested) return [...derived];
  const known = new Set<string>(Object.values(GRANT_TYPES));
  const normalised = requested.map((g) => GRANT_TYPE_ALIASES[g] ?? g);
  for (const grant of normalised) {
    if (!known.has(grant)) throw invalidMetadata("grant_types", `grant_types: ${JSON.stringify(grant)} is not supported`);
  }
  const set = new Set(normalised);
  for (const needed of derived) {
    if (!set.has(needed)) {
      throw invalidMetadata(
        "grant_types",
        `grant_types must include ${needed} for response_types ${JSON.stringify(responseTypes)} (RFC 7591 §2.1)`,
      );
    }
  }
  return [...set];
}

/**
 * RFC 7591 §2: response_types defaults to ["code"]; a client registering only grants without a
 * front channel (CIBA, headless) uses no response type at all.
 */
function defaultResponseTypes(grantTypes: string[] | undefined): string[] {
  if (!grantTypes) return ["code"];
  const code = grantTypes.includes(GRANT_TYPES.authorizationCode);
  const implicit = grantTypes.includes(GRANT_TYPES.implicit);
  if (implicit && !code) return ["id_token"];
  if (!implicit && !code && grantTypes.length > 0) return [];
  return ["code"];
}

export function validateClientMetadata(input: unknown, environment: Environment): ValidatedMetadata & { tenant_id?: string | undefined } {
  const m = parseClientMetadata(input);

  const responseTypes = m.response_types ?? defaultResponseTypes(m.grant_types);
  const grantTypes = normaliseGrantTypes(m.grant_types, responseTypes);
  if (grantTypes.includes(GRANT_TYPES.implicit) && !responseTypes.includes("id_token")) {
    throw invalidMetadata("response_types", "grant_types includes implicit, so response_types must include id_token (RFC 7591 §2.1)");
  }
  if (grantTypes.includes(GRANT_TYPES.authorizationCode) && !responseTypes.includes("code")) {
    throw invalidMetadata("response_types", "grant_types includes authorization_code, so response_types must include code (RFC 7591 §2.1)");
  }

  const usesRedirects = grantTypes.includes(GRANT_TYPES.authorizationCode) || grantTypes.includes(GRANT_TYPES.implicit);
  const redirectUris = m.redirect_uris ?? [];
  if (usesRedirects && redirectUris.length === 0) {
    throw invalidRedirectUris("redirect_uris", "redirect_uris: at least one redirect URI is required");
  }
  for (const uri of redirectUris) checkRedirectUri(uri, environment);
  for (const uri of m.post_logout_redirect_uris) checkRedirectUri(uri, environment, "post_logout_redirect_uris");

  if (m.jwks && m.jwks_uri) throw invalidMetadata("jwks", "jwks and jwks_uri are mutually exclusive; register one of them");
  if (m.jwks_uri) checkOutboundUrl(m.jwks_uri, "jwks_uri");
  if (m.token_endpoint_auth_method === "private_key_jwt" && !m.jwks && !m.jwks_uri) {
    throw invalidMetadata("token_endpoint_auth_method", "private_key_jwt requires jwks or jwks_uri with the client's public signing keys");
  }
  if (m.token_endpoint_auth_signing_alg && m.token_endpoint_auth_method !== "private_key_jwt") {
    throw invalidMetadata("token_endpoint_auth_signing_alg", `token_endpoint_auth_signing_alg applies to private_key_jwt only; this application uses ${m.token_endpoint_auth_method}`);
  }
  const kids = (m.jwks?.keys ?? []).map((k) => k.kid).filter(Boolean);
  if (new Set(kids).size !== kids.length) throw invalidMetadata("jwks", "jwks: every kid must be unique");

  for (const [alg, enc, field] of [
    [m.id_token_encrypted_response_alg, m.id_token_encrypted_response_enc, "id_token_encrypted_response"],
    [m.userinfo_encrypted_response_alg, m.userinfo_encrypted_response_enc, "userinfo_encrypted_response"],
  ] as const) {
    if (enc && !alg) throw invalidMetadata(`${field}_enc` as const, `${field}_enc requires ${field}_alg`);
    // A jwks_uri is read when Porta encrypts (its keys may rotate); inline keys are checked now.
    if (alg && m.jwks_uri === undefined && !(m.jwks?.keys ?? []).some((k) => fitsEncryptionAlg(k as JWK, alg))) {
      throw invalidMetadata(`${field}_alg` as const, `${field}_alg ${alg} requires an ${encryptionKeyType(alg)} key with use "enc" in jwks or jwks_uri`);
    }
  }

  const decoupled = grantTypes.includes(GRANT_TYPES.ciba) || grantTypes.includes(GRANT_TYPES.headless);
  if (decoupled && m.token_endpoint_auth_method === "none") {
    throw invalidMetadata("token_endpoint_auth_method", "CIBA and headless grants need a confidential client (token_endpoint_auth_method other than none)");
  }
  if (grantTypes.includes(GRANT_TYPES.ciba)) {
    if (!m.backchannel_token_delivery_mode) {
      throw invalidMetadata("backchannel_token_delivery_mode", "backchannel_token_delivery_mode (poll or ping) is required with the CIBA grant");
    }
  }
  if (m.backchannel_token_delivery_mode === "ping" && !m.backchannel_client_notification_endpoint) {
    throw invalidMetadata("backchannel_client_notification_endpoint", "backchannel_client_notification_endpoint is required with ping delivery");
  }
  if (m.backchannel_client_notification_endpoint) {
    checkOutboundUrl(m.backchannel_client_notification_endpoint, "backchannel_client_notification_endpoint");
  }

  const available = new Set(methodsForEnvironment(environment).map((e) => e.acr));
  const offered: [ClientMetadataField, string[]][] = [
    ["default_acr_values", m.default_acr_values],
    ["static_scopes", Object.keys(m.static_scopes ?? {})],
    ["enabled_acr_values", m.enabled_acr_values ?? []],
  ];
  for (const [member, acrs] of offered) {
    const unavailable = acrs.find((acr) => !available.has(acr));
    if (unavailable !== undefined) {
      throw invalidMetadata(member, `${JSON.stringify(unavailable)} (${findEidMethod(unavailable)?.name ?? "unknown"}) is not available in ${environment} tenants`);
    }
  }

  if (m.enabled_acr_values) {
    if (m.enabled_acr_values.length === 0) throw invalidMetadata("enabled_acr_values", "enabled_acr_values: enable at least one eID");
    const notEnabled = m.default_acr_values.find((acr) => !m.enabled_acr_values!.includes(acr));
    if (notEnabled) throw invalidMetadata("default_acr_values", `default_acr_values: ${notEnabled} is not among the enabled eIDs`);
  }
  checkIdTokenEncryptionRule(m);

  if (m.webhook) {
    checkOutboundUrl(m.webhook.url, "webhook.url");
    const protectedSet = new Set<string>(PROTECTED_CLAIMS);
    for (const claim of m.webhook.claim_whitelist) {
      if (protectedSet.has(claim)) throw invalidMetadata("webhook", `webhook.claim_whitelist: ${claim} is protected and cannot be set by a webhook`, ["claim_whitelist"]);
    }
  }

  return {
    ...m,
    client_name: m.client_name,
    redirect_uris: redirectUris,
    grant_types: grantTypes,
    response_types: responseTypes,
  };
}
