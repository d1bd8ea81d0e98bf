/** Opaque access tokens (design.md §5.4): 256 random bits, stored hashed, default lifetime 300 s. */
import { hashToken } from "../../crypto/hash";
import { randomToken } from "../../crypto/random";
import type { AccessToken, Prisma } from "../../db/generated/client";
import { prisma } from "../../db/client";

export const ACCESS_TOKEN_LIFETIME_S = 300;

export interface NewAccessToken {
  applicationId: string;
  /** The decoupled login's stored code the token redeems. */
  codeId?: string;
  subject: string;
  scope: string;
  /** The claims userinfo answers with. */
  claims: Record<string, unknown>;
}

export interface IssuedAccessToken {
  token: string;
  expiresIn: number;
}

function rowData(input: NewAccessToken, token: string): Prisma.AccessTokenCreateManyInput {
  return {
    tokenHash: hashToken(token),
    applicationId: input.applicationId,
    codeId: input.codeId ?? null,
    subject: input.subject,
    scope: input.scope,
    claims: input.claims as Prisma.InputJsonValue,
    expiresAt: new Date(Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000),
  };
}

export async function createAccessToken(input: NewAccessToken, client?: Prisma.TransactionClient): Promise<IssuedAccessToken> {
  const token = randomToken(32);
  const db = client ?? (await prisma());
  await db.accessToken.create({ data: rowData(input, token), select: { id: true } });
  return { token, expiresIn: ACCESS_TOKEN_LIFETIME_S };
}

/** The token if it is known, unrevoked and unexpired. */
export async function findActiveAccessToken(token: string): Promise<AccessToken | null> {
  const row = await (await prisma()).accessToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.revokedAt || row.expiresAt <= new Date()) return null;
  return row;
}

export async function revokeTokensOfCode(codeId: string): Promise<number> {
  const result = await (await prisma()).accessToken.updateMany({ where: { codeId, revokedAt: null }, data: { revokedAt: new Date() } });
  return result.count;
}

export async function revokeTokensOfLogin(loginId: string): Promise<number> {
  const result = await (await prisma()).accessToken.updateMany({ where: { loginId, revokedAt: null }, data: { revokedAt: new Date() } });
  return result.count;
}
