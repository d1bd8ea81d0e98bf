/**
 * Webhook answers (README, "Login webhooks"): parse a 200 body and apply its claims operations.
 * - {"claimsOperations": {"$set": {...}, "$remove": {...} | [...]}}; the older {"claims": {...}}
 *   is accepted as $set; {"abort": {"error_description": "..."}} aborts the login.
 * - $set names must be namespaced (an absolute URI not under Porta's own origin) or listed in the
 *   claim whitelist; protected claims are never set or removed.
 */
import { z } from "zod";
import { PROTECTED_CLAIMS } from "../clients/schemas";
import { config } from "../config";

export const MAX_RESPONSE_BYTES = 16 * 1024;

const ZClaimMapSchema = z.record(z.string().min(1).max(500), z.unknown());

// No length limit here: a longer description is trimmed to 200 characters, not refused, so that a
// webhook's wordy abort still ends the login as the webhook meant (README, "Login webhooks").
const ZAbortSchema = z.object({ abort: z.object({ error_description: z.string().optional() }) });
const ZClaimsOperationsSchema = z.object({
  claimsOperations: z
    .object({
      $set: ZClaimMapSchema.optional(),
      $remove: z.union([ZClaimMapSchema, z.array(z.string().min(1).max(500)).max(200)]).optional(),
    })
    .strict(),
});
const ZLegacyClaimsSchema = z.object({ claims: ZClaimMapSchema });

export interface ClaimsOperations {
  set: Record<string, unknown>;
  remove: string[];
}

export type WebhookAnswer = { kind: "abort"; description: string } | { kind: "claims"; operations: ClaimsOperations };

export class WebhookAnswerError extends Error {
  override name = "WebhookAnswerError";
  constructor(
    readonly kind: "invalid_body" | "disallowed_claim",
    message: string,
  ) {
    super(message);
  }
}

const PROTECTED = new Set<string>(PROTECTED_CLAIMS);

/** An absolute URI (scheme:rest) — e.g. https://example.com/claims/role or urn:example:role. */
function isNamespaced(name: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(name)) return false;
  try {
    const url = new URL(name);
    return url.origin !== new URL(config().issuer).origin && url.origin !== new URL(config().extensionsUrl).origin;
  } catch {
    return false;
  }
}

export function parseWebhookAnswer(body: unknown, whitelist: readonly string[]): WebhookAnswer {
  const abort = ZAbortSchema.safeParse(body);
  if (abort.success) {
    // 200 characters (code points, so no surrogate pair is cut in half); blank → the default text.
    const description = Array.from((abort.data.abort.error_description ?? "").trim()).slice(0, 200).join("").trim() || "The login was stopped by the application";
    return { kind: "abort", description };
  }
  const operations = ZClaimsOperationsSchema.safeParse(body);
  const legacy = operations.success ? undefined : ZLegacyClaimsSchema.safeParse(body);
  if (!operations.success && !legacy?.success) {
    throw new WebhookAnswerError("invalid_body", "the body is neither claimsOperations, claims nor abort");
  }
  const set = operations.success ? (operations.data.claimsOperations.$set ?? {}) : legacy!.data!.claims;
  const removeRaw = operations.success ? operations.data.claimsOperations.$remove : undefined;
  const remove = Array.isArray(removeRaw) ? removeRaw : Object.keys(removeRaw ?? {});
  const allowed = new Set(whitelist);
  for (const name of Object.keys(set)) {
    if (PROTECTED.has(name)) throw new WebhookAnswerError("disallowed_claim", `$set of the protected claim ${name}`);
    if (!allowed.has(name) && !isNamespaced(name)) {
      throw new WebhookAnswerError("disallowed_claim", `$set of ${name}: use a namespaced name (an absolute URI) or add it to the claim whitelist`);
    }
  }
  for (const name of remove) {
    if (PROTECTED.has(name)) throw new WebhookAnswerError("disallowed_claim", `$remove of the protected claim ${name}`);
  }
  return { kind: "claims", operations: { set, remove } };
}

export function applyClaimsOperations(claims: Record<string, unknown>, operations: ClaimsOperations): Record<string, unknown> {
  const result = { ...claims };
  for (const name of operations.remove) delete result[name];
  for (const [name, value] of Object.entries(operations.set)) result[name] = value;
  return result;
}
