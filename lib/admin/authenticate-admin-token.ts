/**
 * Bearer admin tokens (RFC 6750): the bootstrap PORTA_ADMIN_TOKEN (all tenants) or a stored admin
 * token (hashed; optionally scoped to one tenant). Used as RFC 7591's initial access token.
 */
import { config } from "../config";
import { constantTimeEqual, hashToken } from "../crypto/hash";
import { prisma } from "../db/client";
import type { Actor } from "../audit/record-audit";
import { invalidToken, OAuthError } from "../oauth/errors";
import { now } from "../clock";

/** Extracts the token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1). */
export function bearerToken(header: string | null): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  return match?.[1];
}

export function missingBearer(realmDescription: string): OAuthError {
  // RFC 6750 §3.1: a request without credentials gets no error code in the challenge.
  return new OAuthError("invalid_token", realmDescription, { headers: { "WWW-Authenticate": 'Bearer realm="porta"' } });
}

export async function authenticateAdminToken(authorization: string | null): Promise<Actor> {
  const token = bearerToken(authorization);
  if (!token) throw missingBearer("An admin token is required: Authorization: Bearer <token>");
  const bootstrap = config().adminToken;
  if (bootstrap && constantTimeEqual(token, bootstrap)) return { type: "bootstrap_token", id: null, tenantId: null };
  const db = await prisma();
  const row = await db.adminToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.revokedAt) throw invalidToken("The admin token is not valid");
  await db.adminToken.update({ where: { id: row.id }, data: { lastUsedAt: now() } });
  return { type: "admin_token", id: row.id, tenantId: row.tenantId };
}
