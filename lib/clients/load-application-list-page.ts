/** The dashboard's application list of one tenant: newest first, searched by name or client id, one page at a time. */
import { prisma } from "../db/client";
import type { Prisma } from "../db/generated/client";

export interface ApplicationListQuery {
  tenantId: string;
  /** Part of the name (any case) or of the client id; all when empty. */
  search?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export async function loadApplicationListPage({ tenantId, search, page, pageSize }: ApplicationListQuery) {
  const where: Prisma.ApplicationWhereInput = {
    tenantId,
    ...(search ? { OR: [{ clientName: { contains: search, mode: "insensitive" } }, { clientId: { contains: search } }] } : {}),
  };
  const db = await prisma();
  const [total, applications] = await Promise.all([
    db.application.count({ where }),
    db.application.findMany({
      where,
      orderBy: { createdAt: "desc" },
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: { id: true, clientId: true, clientName: true, tokenEndpointAuthMethod: true, requirePushedAuthorizationRequests: true, createdAt: true },
    }),
  ]);
  return { total, applications };
}
