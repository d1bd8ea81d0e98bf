/**
 * Browser sessions (SSO): created after a completed eID login, reused only for an eID method the
 * request allows, within max_age, and never with prompt=login (OpenID Connect Core §3.1.2.1).
 * The cookie holds a random token; the database holds its hash.
 */
import { randomUUID } from "node:crypto";
import { hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { BrowserSession } from "../db/generated/client";
import type { AuthorizationRequest } from "../oauth/authorization/request";
import { sealSessionIdentity } from "../privacy/personal-data";
import { insertSession, type PendingSession, type SessionRow } from "./login-store";
import { nowMs } from "../clock";

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
  if (!session || session.endedAt || !session.sealedIdentity || session.expiresAt <= new Date(nowMs()) || session.tenantId !== tenantId) return null;
  return session;
}

/** Whether `session` may answer `request` without a new authentication. */
export function isReusable(session: BrowserSession, request: AuthorizationRequest, now = new Date(nowMs())): boolean {
  if (request.prompt.includes("login")) return false;
  if (!request.acrValues.includes(session.acr)) return false;
  if (request.maxAge !== undefined && session.authTime.getTime() + request.maxAge * 1000 < now.getTime()) return false;
  return true;
}

export function newSessionToken(): string {
  return randomToken(32);
}

/**
 * A new SSO session (`token` names it in the cookie). It is written once: by the login's
 * completion when the login completes at once (the login store inserts it in the completing
 * statement, only if the move happens), otherwise by `store` before its cookie goes out with any
 * other answer.
 */
export class NewSession implements PendingSession {
  readonly id = randomUUID();
  private readonly row: SessionRow;
  private written = false;

  constructor(token: string, tenantId: string, identity: SessionIdentity) {
    const now = nowMs();
    this.row = {
      id: this.id,
      sessionHash: hashToken(token),
      tenantId,
      subject: identity.subject,
      acr: identity.acr,
      sealedIdentity: sealSessionIdentity(this.id, identity.identity),
      authTime: identity.authTime,
      expiresAt: new Date(now + SESSION_LIFETIME_S * 1000),
      createdAt: new Date(now),
    };
  }

  /** The row to write, handed over once: whoever takes it writes it. */
  take(): SessionRow | undefined {
    if (this.written) return undefined;
    this.written = true;
    return this.row;
  }

  /** Inserts the session, unless it is written already. */
  async store(): Promise<void> {
    const row = this.take();
    if (row) await insertSession(row);
  }
}

export async function endSession(token: string | undefined): Promise<BrowserSession | null> {
  if (!token) return null;
  const db = await prisma();
  const ended = await db.browserSession.updateManyAndReturn({
    where: { sessionHash: hashToken(token), endedAt: null },
    data: { endedAt: new Date(nowMs()), sealedIdentity: null },
  });
  return ended[0] ?? null;
}
