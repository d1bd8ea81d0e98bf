/**
 * Leaves out of a patch the members whose value would not change: a form shows every member and
 * sends each back, but a member the admin did not touch must stay exactly as stored (including
 * the order registration stored a set in, e.g. grant_types, which checkboxes cannot express).
 * Values are compared as the schema reads them (defaults applied, unknown keys dropped) and sets
 * as sets.
 */
import { isDeepStrictEqual } from "node:util";
import type { TEditableMetadata } from "./editable-metadata";
import { ZClientMetadataSchema } from "./schemas";

type Shape = typeof ZClientMetadataSchema.shape;

/** Members whose arrays are sets: their order means nothing. */
const SET_MEMBERS = new Set<string>(["grant_types", "response_types", "enabled_acr_values", "default_acr_values"]);

const sorted = (values: unknown) => (Array.isArray(values) ? [...(values as unknown[])].map(String).sort() : values);

/** A member's value as stored metadata means it: null and absent alike, defaults applied. */
function canonical(member: string, value: unknown): unknown {
  const schema = (ZClientMetadataSchema.shape as Partial<Record<string, Shape[keyof Shape]>>)[member];
  const parsed = schema ? schema.safeParse(value ?? undefined) : undefined;
  const read = parsed?.success ? parsed.data : value ?? undefined;
  // No response types stored and none sent are the same: without a browser grant both mean [].
  if (member === "response_types" && read === undefined) return [];
  if (SET_MEMBERS.has(member)) return sorted(read);
  if (member === "static_scopes" && read && typeof read === "object") {
    // An eID with no data points is the same as an eID not listed.
    const entries = Object.entries(read as Record<string, unknown>).filter(([, v]) => !Array.isArray(v) || v.length > 0);
    return entries.length > 0 ? Object.fromEntries(entries.map(([acr, v]) => [acr, sorted(v)])) : undefined;
  }
  return read;
}

export function withoutUnchangedMembers(patch: Record<string, unknown>, current: TEditableMetadata): Record<string, unknown> {
  const stored = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(patch).filter(([member, value]) => !isDeepStrictEqual(canonical(member, value), canonical(member, stored[member]))));
}
