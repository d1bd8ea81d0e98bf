import { createHmac } from "node:crypto";
import type { Tenant } from "../db/generated/client";
import { subjectSecretOf } from "../tenants/subject-secret";

/**
 * `sub`: a stable UUID per (tenant, identity scheme, person) — the same person gets the same
 * `sub` in every application of a tenant, and unrelated ones in other tenants.
 * An HMAC-SHA256 under the tenant's secret: without that secret nobody can link a
 * `sub` to a national id, where a plain hash of a personnummer is reversed by trying them all.
 * Derived, not stored, so it needs no lookup; the secret is sealed under PORTA_SECRET.
 */
export async function subjectFor(tenant: Pick<Tenant, "id" | "subjectSecret">, identityScheme: string, personKey: string): Promise<string> {
  return subjectFromSecret(await subjectSecretOf(tenant), identityScheme, personKey);
}

/** The derivation itself, for a given secret. */
export function subjectFromSecret(secret: Buffer, identityScheme: string, personKey: string): string {
  const bytes = createHmac("sha256", secret).update(`porta-sub\n${identityScheme}\n${personKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8 (custom)
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
