/** Registers an application (RFC 7591 §3.1, and the dashboard's "New application"), with its audit row. */
import { recordAudit, type Actor } from "../audit/record-audit";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import { APPLICATION_INCLUDE, type ApplicationRecord } from "./application-record";
import { forgetApplication } from "./find-application";
import { defaultEnabledAcrValues } from "./id-token-encryption-rule";
import { resolveTenant } from "./resolve-tenant";
import { usesClientSecret } from "./schemas";
import { toApplicationData } from "./to-application-data";
import { toAuditSnapshot } from "./to-client-metadata";
import { validateClientMetadata } from "./validate-metadata";
import { now } from "../clock";

export interface CreatedApplication {
  application: ApplicationRecord;
  /** Shown once; only its hash is stored. */
  clientSecret: string | undefined;
  registrationAccessToken: string;
}

export interface CreateOptions {
  /** Fixed client id (the seeded demo application); random otherwise. */
  clientId?: string;
  /** Fixed client secret (the seeded demo application); random otherwise. */
  clientSecret?: string;
}

export async function createApplication(input: unknown, actor: Actor, options: CreateOptions = {}): Promise<CreatedApplication> {
  const tenant = await resolveTenant(input, actor);
  const metadata = validateClientMetadata(input, tenant.environment);
  const clientId = options.clientId ?? randomToken(18);
  const clientSecret = usesClientSecret(metadata.token_endpoint_auth_method) ? (options.clientSecret ?? randomToken(32)) : undefined;
  const registrationAccessToken = randomToken(32);
  const db = await prisma();
  const application = await db.$transaction(async (tx) => {
    const created = await tx.application.create({
      data: {
        ...toApplicationData(metadata),
        clientName: metadata.client_name ?? clientId,
        clientId,
        tenantId: tenant.id,
        enabledAcrValues: metadata.enabled_acr_values ?? defaultEnabledAcrValues(tenant.environment, metadata.id_token_encrypted_response_alg !== undefined),
        clientSecretHash: clientSecret ? hashToken(clientSecret) : null,
        clientSecretUpdatedAt: clientSecret ? now() : null,
        registrationTokenHash: hashToken(registrationAccessToken),
        webhook: metadata.webhook
          ? { create: { url: metadata.webhook.url, claimWhitelist: metadata.webhook.claim_whitelist, timeoutMs: metadata.webhook.timeout_ms } }
          : undefined,
      },
      include: APPLICATION_INCLUDE,
    });
    await recordAudit(tx, actor, {
      tenantId: tenant.id,
      action: "application.create",
      targetType: "application",
      targetId: created.clientId,
      after: toAuditSnapshot(created),
    });
    return created;
  });
  forgetApplication(application);
  return { application, clientSecret, registrationAccessToken };
}
