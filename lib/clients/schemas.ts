/**
 * Client metadata (RFC 7591 §2, OIDC Dynamic Registration §2, RFC 9126 §6, CIBA §4, and Porta's own
 * fields: README, "Client registration"), validated once for registration and the dashboard.
 * Unknown fields are ignored (RFC 7591 §2). Errors: bad redirect URIs → invalid_redirect_uri,
 * anything else → invalid_client_metadata (RFC 7591 §3.2.2).
 */
import { z } from "zod";
import { EID_METHODS } from "../eid/catalogue";
import { SIGNING_ALGS } from "../keys/algorithms";
import { ENCRYPTION_ALGS, ENCRYPTION_ENCS } from "./encryption-algorithms";

export const TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "private_key_jwt", "none"] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** Whether a token endpoint auth method authenticates with a client secret (stored hashed). */
export function usesClientSecret(method: string): boolean {
  return method === "client_secret_basic" || method === "client_secret_post";
}

export const GRANT_TYPES = {
  authorizationCode: "authorization_code",
  implicit: "implicit",
  ciba: "urn:openid:params:grant-type:ciba",
  headless: "urn:grn:params:grant-type:headless",
} as const;

/** Other names clients send for the same grants (accepted at registration); stored under the standard/Idura name. */
export const GRANT_TYPE_ALIASES: Record<string, string> = {
  "urn:ietf:params:oauth:grant-type:ciba": GRANT_TYPES.ciba,
  "urn:service:params:grant-type:headless": GRANT_TYPES.headless,
};

export const RESPONSE_TYPES = ["code", "id_token"] as const;
export const SCOPE_VALUES = ["openid", "address", "email", "phone", "birthdate", "gender", "ssn"] as const;

/**
 * Claims that webhooks may never set or remove: they say who issued the token, to whom, about whom,
 * when and how the person logged in, which only Porta may assert (README, "Login webhooks").
 */
export const PROTECTED_CLAIMS = [
  "iss", "sub", "aud", "exp", "iat", "nbf", "auth_time", "nonce", "acr", "amr", "azp", "at_hash", "c_hash", "sid", "jti",
] as const;

const PRIVATE_JWK_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"] as const;

const ZSigningAlgSchema = z.enum(SIGNING_ALGS);
const ZEncryptionAlgSchema = z.enum(ENCRYPTION_ALGS);
const ZEncryptionEncSchema = z.enum(ENCRYPTION_ENCS);
const ZAcrSchema = z.string().refine((v) => EID_METHODS.some((m) => m.acr === v), { error: "is not a known acr value" });

export const ZJwkSchema = z
  .object({
    kty: z.enum(["RSA", "EC", "OKP"], { error: "kty must be RSA, EC or OKP (symmetric keys are not accepted)" }),
    kid: z.string().min(1).max(200).optional(),
    use: z.enum(["sig", "enc"]).optional(),
    alg: z.string().optional(),
  })
  .loose()
  .superRefine((jwk, ctx) => {
    const found = PRIVATE_JWK_MEMBERS.filter((m) => m in jwk);
    if (found.length > 0) {
      ctx.addIssue({ code: "custom", message: `holds private key members (${found.join(", ")}); register public keys only` });
    }
  });

export const ZJwksSchema = z.object({ keys: z.array(ZJwkSchema).min(1, "must hold at least one key").max(20) });

export const ZWebhookConfigSchema = z.object({
  url: z.string(),
  claim_whitelist: z.array(z.string().min(1).max(200)).max(100).default([]),
  timeout_ms: z.number().int().min(1000).max(30000).default(10000),
});

export const ZClientMetadataSchema = z.object({
  client_name: z.string().trim().min(1).max(200).optional(),
  redirect_uris: z.array(z.string()).max(50).optional(),
  post_logout_redirect_uris: z.array(z.string()).max(50).default([]),
  grant_types: z.array(z.string()).max(10).optional(),
  response_types: z.array(z.enum(RESPONSE_TYPES)).min(1).optional(),
  token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).default("client_secret_basic"),
  token_endpoint_auth_signing_alg: ZSigningAlgSchema.optional(),
  jwks: ZJwksSchema.optional(),
  jwks_uri: z.string().optional(),
  id_token_signed_response_alg: ZSigningAlgSchema.default("RS256"),
  id_token_encrypted_response_alg: ZEncryptionAlgSchema.optional(),
  id_token_encrypted_response_enc: ZEncryptionEncSchema.optional(),
  userinfo_signed_response_alg: ZSigningAlgSchema.optional(),
  userinfo_encrypted_response_alg: ZEncryptionAlgSchema.optional(),
  userinfo_encrypted_response_enc: ZEncryptionEncSchema.optional(),
  request_object_signing_alg: ZSigningAlgSchema.optional(),
  require_pushed_authorization_requests: z.boolean().default(false),
  default_acr_values: z.array(ZAcrSchema).max(30).default([]),
  backchannel_token_delivery_mode: z.enum(["poll", "ping"]).optional(),
  backchannel_client_notification_endpoint: z.string().optional(),
  // Porta metadata
  tenant_id: z.uuid().optional(),
  /** The eIDs the application offers (default: every eID of its tenant's environment). */
  enabled_acr_values: z.array(ZAcrSchema).max(60).optional(),
  scope_strategy: z.enum(["dynamic", "static"]).default("dynamic"),
  static_scopes: z.record(ZAcrSchema, z.array(z.enum(SCOPE_VALUES)).max(10)).optional(),
  require_jti: z.boolean().default(false),
  consent_required: z.boolean().default(false),
  webhook: ZWebhookConfigSchema.nullable().optional(),
});

export type TClientMetadataInput = z.input<typeof ZClientMetadataSchema>;
export type TClientMetadata = z.output<typeof ZClientMetadataSchema>;
