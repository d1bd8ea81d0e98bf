/**
 * Writes an application's validated metadata over its stored row, with the audit row in the same
 * transaction: the one write behind RFC 7592's replace (replace-application-metadata.ts) and the
 * partial update of the dashboard and the admin API (update-application-metadata.ts).
 * A switch to a secret-based auth method issues a secret (shown once); a switch away drops it.
 */
import { recordAudit, type Actor } from "../audit/record-audit";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import { Prisma } from "../db/generated/client";
import { APPLICATION_INCLUDE, type ApplicationRecord } from "./application-record";
import { forgetApplication } from "./find-application";
import { checkIdTokenEncryptionRule } from "./id-token-encryption-rule";
import { usesClientSecret } from "./schemas";
import { toApplicationData } from "./to-application-data";
import { toAuditSnapshot } from "./to-client-metadata";
import type { ValidatedMetadata } from "./validate-metadata";
import { now } from "../clock";

export interface UpdatedApplication {
  application: ApplicationRecord;
  clientSecret: string | undefined;
}

/** `existing` is the row as stored now (loadCurrentApplication), `metadata` its whole new metadata. */
export async function storeApplicationMetadata(existing: ApplicationRecord, metadata: ValidatedMetadata, actor: Actor): Promise<UpdatedApplication> {
  // Without enabled_acr_values the stored eIDs stay, and must still fit the ID token settings.
  if (!metadata.enabled_acr_values) checkIdTokenEncryptionRule({ ...metadata, enabled_acr_values: existing.enabledAcrValues });
  const needsSecret = usesClientSecret(metadata.token_endpoint_auth_method);
  const newSecret = needsSecret && !existing.clientSecretHash ? randomToken(32) : undefined;
  const webhook = metadata.webhook
    ? { url: metadata.webhook.url, claimWhitelist: metadata.webhook.claim_whitelist, timeoutMs: metadata.webhook.timeout_ms }
    : undefined;
  const db = await prisma();
  const application = await db.$transaction(async (tx) => {
    const updated = await tx.application.update({
      where: { id: existing.id },
      data: {
        ...toApplicationData(metadata),
        clientName: metadata.client_name ?? existing.clientId,
        ...(metadata.enabled_acr_values ? { enabledAcrValues: metadata.enabled_acr_values } : {}),
        // Absent members become SQL NULL (Prisma.DbNull): an object like `{ set: null }` would be stored as JSON.
        jwks: metadata.jwks ? (metadata.jwks as Prisma.InputJsonValue) : Prisma.DbNull,
        staticScopes: metadata.static_scopes ? (metadata.static_scopes as Prisma.InputJsonValue) : Prisma.DbNull,
        clientSecretHash: needsSecret ? (newSecret ? hashToken(newSecret) : existing.clientSecretHash) : null,
        clientSecretUpdatedAt: newSecret ? now() : needsSecret ? existing.clientSecretUpdatedAt : null,
        webhook: webhook ? { upsert: { create: webhook, update: webhook } } : existing.webhook ? { delete: true } : undefined,
      },
      include: APPLICATION_INCLUDE,
    });
    await recordAudit(tx, actor, {
      tenantId: existing.tenantId,
      action: "application.update",
      targetType: "application",
      targetId: existing.clientId,
      before: toAuditSnapshot(existing),
      after: toAuditSnapshot(updated),
    });
    return updated;
  });
  forgetApplication(application);
  return { application, clientSecret: newSecret };
}
