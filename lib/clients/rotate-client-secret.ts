/** A new client secret for a secret-based application (the old one stops working at once), with its audit row. */
import { recordAudit, type Actor } from "../audit/record-audit";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { ApplicationRecord } from "./application-record";
import { invalidMetadata } from "./client-metadata-error";
import { forgetApplication } from "./find-application";
import { usesClientSecret } from "./schemas";
import { now } from "../clock";

/** Returns the new secret, shown once; only its hash is stored. */
export async function rotateClientSecret(existing: ApplicationRecord, actor: Actor): Promise<string> {
  if (!usesClientSecret(existing.tokenEndpointAuthMethod)) {
    throw invalidMetadata("token_endpoint_auth_method", `token_endpoint_auth_method ${existing.tokenEndpointAuthMethod} uses no client secret`);
  }
  const secret = randomToken(32);
  const db = await prisma();
  await db.$transaction(async (tx) => {
    await tx.application.update({ where: { id: existing.id }, data: { clientSecretHash: hashToken(secret), clientSecretUpdatedAt: now() } });
    await recordAudit(tx, actor, {
      tenantId: existing.tenantId,
      action: "application.rotate_secret",
      targetType: "application",
      targetId: existing.clientId,
    });
  });
  forgetApplication(existing);
  return secret;
}
