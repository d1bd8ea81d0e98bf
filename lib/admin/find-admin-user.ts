import { prisma } from "../db/client";

/** The admin a dashboard session names, or null when the account no longer exists. */
export async function findAdminUser(id: string): Promise<{ id: string; email: string } | null> {
  return (await prisma()).adminUser.findUnique({ where: { id }, select: { id: true, email: true } });
}
