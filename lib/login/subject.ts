import { createHash } from "node:crypto";

/**
 * `sub`: a stable UUID per (tenant, identity scheme, person) — the same person gets the same
 * `sub` in every application of a tenant, and unrelated ones in other tenants (design.md §5.4).
 * Derived, not stored, so it needs no lookup and survives a change of PORTA_SECRET.
 */
export function subjectFor(tenantId: string, identityScheme: string, personKey: string): string {
  const bytes = createHash("sha256").update(`porta-sub\n${tenantId}\n${identityScheme}\n${personKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8 (custom)
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
