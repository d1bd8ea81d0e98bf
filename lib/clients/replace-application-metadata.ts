/**
 * RFC 7592 §2.2: the request replaces the client's metadata (the dashboard's "Save changes" too).
 * `client_id` must match; a `client_secret`, when sent, must equal the current one; the tenant
 * cannot change. A switch to a secret-based auth method issues a secret, shown once.
 */
import { recordAudit, type Actor } from "../audit/record-audit";
import { constantTimeEqual, hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import { Prisma } from "../db/generated/client";
import { APPLICATION_INCLUDE, type ApplicationRecord } from "./application-record";
import { invalidMetadata } from "./client-metadata-error";
import { forgetApplication } from "./find-application";
import { checkIdTokenEncryptionRule } from "./id-token-encryption-rule";
import { loadCurrentApplication } from "./load-current-application";
import { usesClientSecret } from "./schemas";
import { toApplicationData } from "./to-application-data";
import { toAuditSnapshot } from "./to-client-metadata";
import { validateClientMetadata } from "./validate-metadata";

export interface UpdatedApplication {
  application: ApplicationRecord;
  clientSecret: string | undefined;
}

/** The RFC 7592 members the body may repeat but not change. */
function checkUnchangeable(existing: ApplicationRecord, input: unknown, presentedSecret: string | undefined): void {
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
        clientSecretUpdatedAt: newSecret ? new Date() : needsSecret ? existing.clientSecretUpdatedAt : null,
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
