import { prisma } from "../db/client";

/** An application's latest webhook attempts, newest first (the dashboard's delivery log). */
export async function listWebhookDeliveries(applicationId: string, limit = 20) {
  return (await prisma()).webhookDelivery.findMany({ where: { applicationId }, orderBy: { createdAt: "desc" }, take: limit });
}
