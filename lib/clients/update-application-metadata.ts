/**
 * A partial update of an application's metadata (the dashboard's forms; the admin API's PATCH):
 * each top-level member the patch names replaces that member as a whole, `null` removes it (back
 * to its default), and every member it does not name keeps its stored value. The merged metadata
 * passes exactly the validation of registration (validate-metadata.ts), so a patch can never
 * store what RFC 7591 would refuse; a refused patch changes nothing.
 * `client_id` and `tenant_id` may be repeated but not changed (as in RFC 7592 §2.2). An actor
 * bound to a tenant never changes another tenant's application (it does not exist for them).
 */
import type { Actor } from "../audit/record-audit";
import type { ApplicationRecord } from "./application-record";
import { invalidMetadata } from "./client-metadata-error";
import { toEditableMetadata, type TEditableMetadata } from "./editable-metadata";
import { loadCurrentApplication } from "./load-current-application";
import { checkUnchangeable } from "./replace-application-metadata";
import { storeApplicationMetadata, type UpdatedApplication } from "./store-application-metadata";
import { validateClientMetadata } from "./validate-metadata";

/** A patch: any metadata member, or null to remove it; `client_id`/`tenant_id` only unchanged. */
export type TClientMetadataPatch = { [K in keyof TEditableMetadata]?: TEditableMetadata[K] | null } & {
  client_id?: string;
  tenant_id?: string;
};

const UNCHANGEABLE = new Set(["client_id", "tenant_id"]);

/** The patch's members over the current metadata (null removes a member). */
export function mergeMetadataPatch(current: TEditableMetadata, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [member, value] of Object.entries(patch)) {
    if (UNCHANGEABLE.has(member)) continue;
    if (value === null) delete merged[member];
    else if (value !== undefined) merged[member] = value;
  }
  return merged;
}

export async function updateApplicationMetadata(given: ApplicationRecord, patch: TClientMetadataPatch | Record<string, unknown>, actor: Actor): Promise<UpdatedApplication> {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    throw invalidMetadata(undefined, "The update must be a JSON object of client metadata members");
  }
  const existing = await loadCurrentApplication(given.id);
  if (actor.tenantId !== null && actor.tenantId !== existing.tenantId) throw invalidMetadata(undefined, "The application no longer exists");
  checkUnchangeable(existing, patch, undefined);
  const members = Object.entries(patch).filter(([member, value]) => value !== undefined && !UNCHANGEABLE.has(member));
  // Nothing to change: no write, no audit row.
  if (members.length === 0) return { application: existing, clientSecret: undefined };
  const merged = mergeMetadataPatch(toEditableMetadata(existing), patch);
  const metadata = validateClientMetadata(merged, existing.tenant.environment);
  return storeApplicationMetadata(existing, metadata, actor);
}
