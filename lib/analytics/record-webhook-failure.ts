/**
 * Counts a login webhook call that failed (after its retry) in the tenant's daily aggregate
 * (WebhookFailureDailyStat), in one upsert. The login it belonged to is failing anyway: an error
 * here is only logged.
 */
import { prisma } from "../db/client";
import { logger } from "../log";
import { utcDay } from "./utc-day";
import { now } from "../clock";

export const WEBHOOK_FAILURE_UPSERT_SQL = `
INSERT INTO "WebhookFailureDailyStat" ("tenantId", day, count) VALUES ($1::uuid, $2::date, 1)
ON CONFLICT ("tenantId", day) DO UPDATE SET count = "WebhookFailureDailyStat".count + 1`;

export async function recordWebhookFailure(tenantId: string, at: Date = now()): Promise<void> {
  try {
    await (await prisma()).$executeRawUnsafe(WEBHOOK_FAILURE_UPSERT_SQL, tenantId, utcDay(at));
  } catch (error) {
    logger.error({ err: error, tenantId }, "could not count the webhook failure in the analytics");
  }
}
