import { recordAudit, type Actor } from "../audit/record-audit";
import { db } from "../db/client";
import { clearJwksCache } from "./jwks";
import { rotateKeys, type KeyOwner } from "./key-store";
import { clearSigningKeyCache } from "./signing-keys";

/** Rotates an owner's keys and records it; this instance serves the new JWKS at once. */
export async function rotateKeysWithAudit(owner: KeyOwner, actor: Actor): Promise<string[]> {
  const database = await db();
  const promoted = await rotateKeys(database, owner);
  await database.prisma.$transaction((tx) =>
    recordAudit(tx, actor, { tenantId: owner.tenantId ?? actor.tenantId, action: `keys.rotate.${owner.purpose}`, targetType: "signing_keys", targetId: owner.tenantId, after: { current: promoted } }),
  );
  clearJwksCache();
  clearSigningKeyCache();
  return promoted;
}
