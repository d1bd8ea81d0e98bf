/**
 * Browser sessions (SSO): created after a completed eID login, reused only for an eID method the
 * request allows and within max_age (design.md §5.3). The cookie holds a random token; the
 * database holds its hash.
 */
import { randomUUID } from "node:crypto";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { db, prisma } from "../db/client";
import { utcParam } from "../db/sql";
import type { BrowserSession } from "../db/generated/client";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import { sealSessionIdentity } from "../privacy/personal-data";

export const SESSION_LIFETIME_S = 8 * 60 * 60;

export interface SessionIdentity {
  acr: string;
  subject: string;
  authTime: Date;
  /** The eID result (claims, person key, method) the session was made from. */
  identity: Record<string, unknown>;
}

export async function findActiveSession(token: string | undefined, tenantId: string): Promise<BrowserSession | null> {
  if (!token) return null;
  const session = await (await prisma()).browserSession.findUnique({ where: { sessionHash: hashToken(token) } });
  if (!session || session.endedAt || !session.sealedIdentity || session.expiresAt <= new Date() || session.tenantId !== tenantId) return null;
  return session;
}

/** Whether `session` may answer `request` without a new authentication. */
export function isReusable(session: BrowserSession, request: AuthorizationRequest, now = new Date()): boolean {
  if (request.prompt.includes("login")) return false;
  if (!request.acrValues.includes(session.acr)) return false;
  if (request.maxAge !== undefined && session.authTime.getTime() + request.maxAge * 1000 < now.getTime()) return false;
  return true;
}

export function newSessionToken(): string {
  return randomToken(32);
}

const INSERT_SESSION_SQL = `INSERT INTO "BrowserSession" (id, "sessionHash", "tenantId", subject, acr, "sealedIdentity", "authTime", "expiresAt", "createdAt")
  VALUES ($1::uuid, $2, $3::uuid, $4, $5, $6, ${utcParam("$7")}, ${utcParam("$8")}, ${utcParam("$9")})`;

/** Starts the SSO session `token` names; its id. (Plain SQL: one per login, on the login's path.) */
export async function createSession(token: string, tenantId: string, identity: SessionIdentity): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await (await db()).query(INSERT_SESSION_SQL, [
    id,
    hashToken(token),
    tenantId,
    identity.subject,
    identity.acr,
    sealSessionIdentity(id, identity.identity),
    identity.authTime.toISOString(),
    new Date(now + SESSION_LIFETIME_S * 1000).toISOString(),
    new Date(now).toISOString(),
  ]);
  return id;
}

export async function endSession(token: string | undefined): Promise<BrowserSession | null> {
  if (!token) return null;
  const db = await prisma();
  const ended = await db.browserSession.updateManyAndReturn({
    where: { sessionHash: hashToken(token), endedAt: null },
    data: { endedAt: new Date(), sealedIdentity: null },
  });
  return ended[0] ?? null;
}

export async function endSessionById(id: string): Promise<void> {
  await (await prisma()).browserSession.updateMany({ where: { id, endedAt: null }, data: { endedAt: new Date(), sealedIdentity: null } });
}
