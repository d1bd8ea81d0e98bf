/** Admin API tokens: 256-bit random, shown once, stored hashed, scoped to one tenant, revocable. */
import { z } from "zod";
import { recordAudit, type Actor } from "../audit/record-audit";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import { assertOwner } from "./owner-required";
import { now } from "../clock";

export const ZAdminTokenNameSchema = z.string().trim().min(2, "Name must be at least 2 characters").max(80, "Name must be at most 80 characters");

export async function createAdminToken(tenantId: string, name: string, actor: Actor): Promise<{ id: string; token: string }> {
  await assertOwner(tenantId, actor); // members may look at tokens, not make them
  const token = `porta_${randomToken(32)}`;
  const db = await prisma();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.adminToken.create({ data: { name, tokenHash: hashToken(token), tenantId, createdBy: actor.id } });
    await recordAudit(tx, actor, { tenantId, action: "admin_token.create", targetType: "admin_token", targetId: created.id, after: { name } });
    return created;
  });
  return { id: row.id, token };
}

export async function revokeAdminToken(tenantId: string, id: string, actor: Actor): Promise<boolean> {
  await assertOwner(tenantId, actor);
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const result = await tx.adminToken.updateMany({ where: { id, tenantId, revokedAt: null }, data: { revokedAt: now() } });
    if (result.count === 1) await recordAudit(tx, actor, { tenantId, action: "admin_token.revoke", targetType: "admin_token", targetId: id });
    return result.count === 1;
  });
}
