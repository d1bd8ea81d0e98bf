import { constantTimeEqual, hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import { APPLICATION_INCLUDE, type ApplicationRecord } from "./application-record";

/** The application a registration access token manages, or null (RFC 7592 §2: compare in constant time). */
export async function findByRegistrationToken(clientId: string, token: string): Promise<ApplicationRecord | null> {
  const app = await (await prisma()).application.findUnique({ where: { registrationTokenHash: hashToken(token) }, include: APPLICATION_INCLUDE });
  if (!app || !constantTimeEqual(app.clientId, clientId)) return null;
  return app;
}
