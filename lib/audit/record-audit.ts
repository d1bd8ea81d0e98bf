/** Audit rows are written in the same transaction as the change they describe. */
import type { Prisma } from "../db/generated/client";

/** `anonymous`: nobody proved who they are (a failed dashboard sign-in; its id is the email tried). */
export type ActorType = "admin_user" | "admin_token" | "bootstrap_token" | "registration_token" | "system" | "anonymous";

export interface Actor {
  type: ActorType;
  id: string | null;
  /** Set when the actor may act for one tenant only. */
  tenantId: string | null;
}

export const SYSTEM_ACTOR: Actor = { type: "system", id: null, tenantId: null };

export interface AuditEntry {
  tenantId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Prisma.TransactionClient, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.auditEvent.create({
    data: {
      tenantId: entry.tenantId,
      actorType: actor.type,
      actorId: actor.id,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before === undefined ? undefined : (entry.before as Prisma.InputJsonValue),
      after: entry.after === undefined ? undefined : (entry.after as Prisma.InputJsonValue),
    },
  });
}
