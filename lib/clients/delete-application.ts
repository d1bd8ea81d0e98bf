/** Deletes an application (RFC 7592 §2.3, and the dashboard), with its audit row. */
import { recordAudit, type Actor } from "../audit/record-audit";
import { prisma } from "../db/client";
import type { ApplicationRecord } from "./application-record";
import { forgetApplication } from "./find-application";
import { loadCurrentApplication } from "./load-current-application";
import { toAuditSnapshot } from "./to-client-metadata";

export async function deleteApplication(given: ApplicationRecord, actor: Actor): Promise<void> {
  const existing = await loadCurrentApplication(given.id);
  const db = await prisma();
  await db.$transaction(async (tx) => {
    await tx.application.delete({ where: { id: existing.id } });
    await recordAudit(tx, actor, {
      tenantId: existing.tenantId,
      action: "application.delete",
      targetType: "application",
      targetId: existing.clientId,
      before: toAuditSnapshot(existing),
    });
  });
  forgetApplication(existing);
}
