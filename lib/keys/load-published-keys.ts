/**
 * The keys the dashboard lists: a tenant's ID token keys, and the webhook service keys shared by
 * every tenant. Next and current keys, and keys retired within the last day.
 */
import { prisma } from "../db/client";
import type { SigningKey } from "../db/generated/client";
import { nowMs } from "../clock";

export type ListedKey = Pick<SigningKey, "id" | "kid" | "alg" | "state" | "createdAt" | "activatedAt" | "unpublishAt" | "publicJwk">;

const RECENTLY_RETIRED_MS = 24 * 3600 * 1000;
const LISTED = { id: true, kid: true, alg: true, state: true, createdAt: true, activatedAt: true, unpublishAt: true, publicJwk: true } as const;

export async function loadPublishedKeys(tenantId: string): Promise<{ tenantKeys: ListedKey[]; webhookKeys: ListedKey[] }> {
  const db = await prisma();
  const recent = new Date(nowMs() - RECENTLY_RETIRED_MS);
  const visible = { OR: [{ state: { in: ["next", "current"] as ("next" | "current")[] } }, { retiredAt: { gt: recent } }] };
  const [tenantKeys, webhookKeys] = await Promise.all([
    db.signingKey.findMany({ where: { tenantId, purpose: "oidc", ...visible }, orderBy: [{ alg: "asc" }, { createdAt: "desc" }], select: LISTED }),
    db.signingKey.findMany({ where: { purpose: "extension", ...visible }, orderBy: { createdAt: "desc" }, select: LISTED }),
  ]);
  return { tenantKeys, webhookKeys };
}
