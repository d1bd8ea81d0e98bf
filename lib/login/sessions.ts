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

const SESSION_COLUMNS = `id, "sessionHash", "tenantId", subject, acr, "sealedIdentity", "authTime", "expiresAt", "createdAt"`;

/** The session's values, the parameters numbered from `first`. */
function sessionValues(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `${p(0)}::uuid, ${p(1)}, ${p(2)}::uuid, ${p(3)}, ${p(4)}, ${p(5)}, ${utcParam(p(6))}, ${utcParam(p(7))}, ${utcParam(p(8))}`;
}

const INSERT_SESSION_SQL = `INSERT INTO "BrowserSession" (${SESSION_COLUMNS}) VALUES (${sessionValues(1)})`;

/**
 * A new SSO session (`token` names it in the cookie). It is written once: with the login's
 * completion when the login completes at once (`insertAfter`, one statement), otherwise by
 * `store` before its cookie goes out with any other answer. (Plain SQL: one per login, on the
 * login's path.)
 */
export class NewSession {
  readonly id = randomUUID();
  private readonly params: unknown[];
  private written = false;

  constructor(token: string, tenantId: string, identity: SessionIdentity) {
    const now = Date.now();
    this.params = [
      this.id,
      hashToken(token),
      tenantId,
      identity.subject,
      identity.acr,
      sealSessionIdentity(this.id, identity.identity),
      identity.authTime.toISOString(),
      new Date(now + SESSION_LIFETIME_S * 1000).toISOString(),
      new Date(now).toISOString(),
    ];
  }

  /** Inserts the session, unless it is written already. */
  async store(): Promise<void> {
    if (this.written) return;
    this.written = true;
    await (await db()).query(INSERT_SESSION_SQL, this.params);
  }

  /**
   * The insert as a data-modifying CTE of a statement with `params` so far, inserting only if
   * the statement's CTE `moved` returned a row (the login's completion); its parameters are
   * appended to `params`.
   */
  insertAfter(moved: string, params: unknown[]): string {
    this.written = true;
    const first = params.length + 1;
    params.push(...this.params);
    return `INSERT INTO "BrowserSession" (${SESSION_COLUMNS}) SELECT ${sessionValues(first)} WHERE EXISTS (SELECT 1 FROM ${moved})`;
  }
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
