/**
 * Opaque access tokens (RFC 6750 bearer tokens; README, "Tokens"): 256 random bits, stored
 * hashed, default lifetime 300 s.
 * They are issued by a login's code redemption (issue-login-tokens.ts), one per login.
 */
import { hashToken } from "../../crypto/hash";
import type { AccessToken } from "../../db/generated/client";
import { prisma } from "../../db/client";
import { openLoginClaims } from "../../privacy/personal-data";
import { now } from "../../clock";

export const ACCESS_TOKEN_LIFETIME_S = 300;

/** Claims that describe the token, not the person: not repeated at userinfo. */
const PROTOCOL_CLAIMS = new Set(["auth_time", "acr", "sid", "nonce", "amr", "azp", "at_hash", "c_hash"]);

/**
 * What userinfo answers for a token: its login's claims, less the protocol ones, and `sub`. The
 * claims stay on the login while its token lives (the sweeper clears them after), so redeeming
 * a code writes no row besides the token.
 */
export async function userinfoClaimsOf(token: AccessToken): Promise<Record<string, unknown>> {
  const login = token.loginId ? await (await prisma()).login.findUnique({ where: { id: token.loginId }, select: { sealedClaims: true } }) : null;
  const claims = login ? openLoginClaims(token.loginId!, login.sealedClaims) : {};
  for (const name of PROTOCOL_CLAIMS) delete claims[name];
  return { ...claims, sub: token.subject };
}

/** The token if it is known, unrevoked and unexpired. */
export async function findActiveAccessToken(token: string): Promise<AccessToken | null> {
  const row = await (await prisma()).accessToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.revokedAt || row.expiresAt <= now()) return null;
  return row;
}

/** Revokes the token a login's code issued (its code was presented again). */
export async function revokeTokensOfLogin(loginId: string): Promise<number> {
  const result = await (await prisma()).accessToken.updateMany({ where: { loginId, revokedAt: null }, data: { revokedAt: now() } });
  return result.count;
}
