/**
 * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 9700 §2.1.1, §4.5):
 * the code is single use, lives 60 s, and is bound to the client, the redirect_uri, the PKCE
 * challenge and the nonce. A second redemption is refused and revokes what the first one issued.
 */
import { createHash } from "node:crypto";
import type { ApplicationRecord } from "../../clients/application-service";
import { constantTimeEqual, hashToken } from "../../crypto/hash";
import { prisma } from "../../db/client";
import type { AuthorizationCode } from "../../db/generated/client";
import { OAuthError, invalidRequest } from "../errors";
import { issueIdToken, type IdTokenClaims } from "../id-token";
import { createAccessToken, revokeTokensOfCode } from "./access-tokens";

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** Claims that describe the token, not the person: not repeated at userinfo. */
const PROTOCOL_CLAIMS = new Set(["auth_time", "acr", "sid", "nonce", "amr", "azp", "at_hash", "c_hash"]);

const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  id_token: string;
  scope: string;
}

export async function redeemAuthorizationCode(client: ApplicationRecord, form: Map<string, string>): Promise<TokenResponse> {
  const code = form.get("code");
  if (!code) throw invalidRequest("code is required");
  const redirectUri = form.get("redirect_uri");
  if (!redirectUri) throw invalidRequest("redirect_uri is required");
  const verifier = form.get("code_verifier");
  const db = await prisma();
  const codeHash = hashToken(code);
  const row = await db.authorizationCode.findUnique({ where: { codeHash } });
  if (!row) throw invalidGrant("The authorization code is not valid");
  if (row.applicationId !== client.id) throw invalidGrant("The authorization code was issued to another client");
  if (row.consumedAt) {
    const revoked = await revokeTokensOfCode(row.id);
    throw invalidGrant(`The authorization code was already used${revoked ? "; the tokens issued for it are revoked" : ""}`);
  }
  if (row.expiresAt <= new Date()) throw invalidGrant("The authorization code has expired");
  if (row.redirectUri !== redirectUri) throw invalidGrant("redirect_uri differs from the one in the authorization request");
  if (row.codeChallenge) {
    if (verifier === undefined) throw invalidGrant("code_verifier is required (the authorization request used PKCE)");
    if (!VERIFIER.test(verifier)) throw invalidRequest("code_verifier must be 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]");
    const computed = createHash("sha256").update(verifier).digest("base64url");
    if (!constantTimeEqual(computed, row.codeChallenge)) throw invalidGrant("code_verifier does not match the code_challenge");
  } else if (verifier !== undefined) {
    throw invalidGrant("code_verifier was sent, but the authorization request had no code_challenge");
  }

  return issueTokensForCode(client, row);
}

/**
 * Consumes a stored code (authorization code, or a completed decoupled login's) and issues its
 * tokens. Single use across every instance: only one conditional update can win. The winner's
 * access token is written in the same transaction, so a concurrent loser (which sees the code
 * consumed only once that transaction commits) always finds it to revoke.
 */
export async function issueTokensForCode(client: ApplicationRecord, row: AuthorizationCode): Promise<TokenResponse> {
  const db = await prisma();
  const claims = row.claims as unknown as IdTokenClaims;
  const userinfoClaims = Object.fromEntries(Object.entries(claims).filter(([name]) => !PROTOCOL_CLAIMS.has(name)));
  const idToken = await issueIdToken(client, claims);
  const access = await db.$transaction(async (t) => {
    const consumed = await t.authorizationCode.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: new Date() } });
    if (consumed.count !== 1) return null;
    return createAccessToken({ applicationId: client.id, codeId: row.id, subject: row.subject, scope: row.scope, claims: userinfoClaims }, t);
  });
  if (!access) {
    await revokeTokensOfCode(row.id);
    throw invalidGrant("The authorization code was already used; the tokens issued for it are revoked");
  }
  return { access_token: access.token, token_type: "Bearer", expires_in: access.expiresIn, id_token: idToken, scope: row.scope };
}
