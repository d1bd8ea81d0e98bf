import { prisma } from "../db/client";

/** What a dashboard session says of itself (auth.ts): when it signed in, and its id. */
export interface SessionMarks {
  signedInAt?: number;
  sessionId?: string;
}

/**
 * The admin a dashboard session names, or null when the account no longer exists or the session
 * ended: it signed in before the admin's last password change and is not the one that made it.
 */
export async function findAdminUser(id: string, session: SessionMarks = {}): Promise<{ id: string; email: string } | null> {
  const admin = await (await prisma()).adminUser.findUnique({ where: { id }, select: { id: true, email: true, sessionsValidAfter: true, keptSessionId: true } });
  if (!admin) return null;
  if (admin.sessionsValidAfter) {
    const signedInBefore = (session.signedInAt ?? 0) < admin.sessionsValidAfter.getTime();
    const madeTheChange = session.sessionId !== undefined && session.sessionId === admin.keptSessionId;
    if (signedInBefore && !madeTheChange) return null;
  }
  return { id: admin.id, email: admin.email };
}
