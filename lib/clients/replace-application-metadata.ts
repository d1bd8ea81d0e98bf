/**
 * RFC 7592 §2.2: the request replaces the client's metadata (members it leaves out return to
 * their defaults). `client_id` must match; a `client_secret`, when sent, must equal the current
 * one; the tenant cannot change. Partial updates (the dashboard, the admin API) go through
 * update-application-metadata.ts instead.
 */
import type { Actor } from "../audit/record-audit";
import { constantTimeEqual, hashToken } from "../crypto/hash";
import type { ApplicationRecord } from "./application-record";
import { invalidMetadata } from "./client-metadata-error";
import { loadCurrentApplication } from "./load-current-application";
import { storeApplicationMetadata, type UpdatedApplication } from "./store-application-metadata";
import { validateClientMetadata } from "./validate-metadata";

export type { UpdatedApplication } from "./store-application-metadata";

/** The RFC 7592 members the body may repeat but not change. */
export function checkUnchangeable(existing: ApplicationRecord, input: unknown, presentedSecret: string | undefined): void {
  if (typeof input === "object" && input !== null) {
    const body = input as { client_id?: unknown; tenant_id?: unknown };
    if (body.client_id !== undefined && body.client_id !== existing.clientId) {
      throw invalidMetadata("client_id", "client_id in the body must equal the client being updated");
    }
    if (body.tenant_id !== undefined && body.tenant_id !== existing.tenantId) {
      throw invalidMetadata("tenant_id", "tenant_id cannot be changed");
    }
  }
  if (presentedSecret !== undefined) {
    if (!existing.clientSecretHash || !constantTimeEqual(hashToken(presentedSecret), existing.clientSecretHash)) {
      throw invalidMetadata("client_secret", "client_secret does not match the current secret; it cannot be set by the client");
    }
  }
}

export async function replaceApplicationMetadata(given: ApplicationRecord, input: unknown, actor: Actor, presentedSecret?: string): Promise<UpdatedApplication> {
  const existing = await loadCurrentApplication(given.id);
  checkUnchangeable(existing, input, presentedSecret);
  const metadata = validateClientMetadata(input, existing.tenant.environment);
  return storeApplicationMetadata(existing, metadata, actor);
}
