/** An application's webhook attempts for the admin API: newest first, a page at a time (no personal data is logged in them). */
import { prisma } from "../db/client";
import { KEYSET_ORDER, keysetWhere, type KeysetPage } from "../db/keyset";

export async function listWebhookDeliveryPage(applicationId: string, page: KeysetPage) {
  return (await prisma()).webhookDelivery.findMany({
    where: { applicationId, ...keysetWhere(page.after) },
    orderBy: [...KEYSET_ORDER],
    take: page.take,
  });
}
