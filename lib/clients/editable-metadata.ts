/**
 * An application's metadata as an update starts from: what RFC 7592 reads back
 * (to-client-metadata.ts), without the members nobody sets (client_id and its dates, the
 * registration URI, the tenant and its environment). A partial update merges over this, so a
 * member the update does not name keeps exactly the value a read shows.
 */
import type { ApplicationRecord } from "./application-record";
import type { TClientMetadataInput } from "./schemas";
import { toClientMetadata } from "./to-client-metadata";

/** The members a read shows that are not client metadata an update may set. */
const READ_ONLY_MEMBERS = ["client_id", "client_id_issued_at", "client_secret_expires_at", "registration_client_uri", "tenant_id", "environment"] as const;

export type TEditableMetadata = Omit<TClientMetadataInput, "tenant_id">;

export function toEditableMetadata(app: ApplicationRecord): TEditableMetadata {
  const metadata = { ...toClientMetadata(app) };
  for (const member of READ_ONLY_MEMBERS) delete metadata[member];
  // The stored columns were validated by ZClientMetadataSchema when written; the webhook also
  // carries its read-only `id`, which the schema drops again.
  return metadata as TEditableMetadata;
}
