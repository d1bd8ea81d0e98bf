import { assertOwner } from "../admin/owner-required";
import { recordAudit, type Actor } from "../audit/record-audit";
import { db } from "../db/client";
import { clearJwksCache } from "./jwks";
import { rotateKeys, type KeyOwner } from "./key-store";
import { clearSigningKeyCache } from "./signing-keys";

/** The actor may not rotate these keys (nothing was changed). */
export class KeyRotationForbiddenError extends Error {
  override name = "KeyRotationForbiddenError";
}

/**
 * Who may rotate which keys (README, Security, "Smaller rules"): the webhook service keys sign the
 * tokens every tenant's webhooks trust, so only the platform rotates them — the bootstrap admin
 * token or the operator's `npm run keys -- rotate --extension` (the system actor), never a tenant's
 * admin. A tenant's ID token keys: the platform, or an actor acting for that tenant.
 */
export function mayRotateKeys(owner: KeyOwner, actor: Actor): boolean {
  const isPlatform = actor.type === "bootstrap_token" || actor.type === "system";
  if (owner.purpose === "extension") return isPlatform;
  return isPlatform || actor.tenantId === null || actor.tenantId === owner.tenantId;
}

/** Rotates an owner's keys and records it; this instance serves the new JWKS at once. */
export async function rotateKeysWithAudit(owner: KeyOwner, actor: Actor): Promise<string[]> {
  if (!mayRotateKeys(owner, actor)) throw new KeyRotationForbiddenError(`This actor may not rotate the ${owner.purpose} keys`);
  if (owner.tenantId) await assertOwner(owner.tenantId, actor); // a tenant's members may not rotate its keys
  const database = await db();
  const promoted = await rotateKeys(database, owner);
  await database.prisma.$transaction((tx) =>
    recordAudit(tx, actor, { tenantId: owner.tenantId ?? actor.tenantId, action: `keys.rotate.${owner.purpose}`, targetType: "signing_keys", targetId: owner.tenantId, after: { current: promoted } }),
  );
  clearJwksCache();
  clearSigningKeyCache();
  return promoted;
}
