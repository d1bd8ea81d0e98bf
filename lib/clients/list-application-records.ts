/** A tenant's applications with their tenant and webhook (the admin API's list), newest first, a page at a time. */
import { prisma } from "../db/client";
import { KEYSET_ORDER, keysetWhere, type KeysetPage } from "../db/keyset";
import { APPLICATION_INCLUDE, type ApplicationRecord } from "./application-record";

export async function listApplicationRecords(tenantId: string, page: KeysetPage): Promise<ApplicationRecord[]> {
  return (await prisma()).application.findMany({
    where: { tenantId, ...keysetWhere(page.after) },
    orderBy: [...KEYSET_ORDER],
    take: page.take,
    include: APPLICATION_INCLUDE,
  });
}
