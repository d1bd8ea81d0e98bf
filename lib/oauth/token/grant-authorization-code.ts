/**
 * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 9700 §2.1.1, §4.5):
 * the code is single use, lives 60 s, and is bound to the client, the redirect_uri, the PKCE
 * challenge and the nonce. A second redemption is refused and revokes what the first one issued.
 *
 * A browser login keeps its code (hash and expiry) on the completed login transaction; redeeming
 * it inserts the login's one access token, and the unique key on the token's login decides which
 * redemption wins. So a login writes no code row and no consume update.
 */
import { createHash } from "node:crypto";
import type { ApplicationRecord } from "../../clients/application-service";
import { constantTimeEqual, hashToken } from "../../crypto/hash";
import { prisma } from "../../db/client";
import type { AuthorizationCode } from "../../db/generated/client";
import { OAuthError, invalidRequest } from "../errors";
import { idTokenClaimsFor, issueIdToken, type IdTokenClaims } from "../id-token";
import { randomToken } from "../../crypto/random";
import { maybePurgeExpiredJtis, type JtiUse } from "../jti-store";
import { ACCESS_TOKEN_LIFETIME_S, createAccessToken, revokeTokensOfCode, revokeTokensOfLogin } from "./access-tokens";
import { redeemLoginCode } from "./login-code-store";
import { assertionReplayed, withDeferredJti } from "./verify-client-assertion";

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** Claims that describe the token, not the person: not repeated at userinfo. */
const PROTOCOL_CLAIMS = new Set(["auth_time", "acr", "sid", "nonce", "amr", "azp", "at_hash", "c_hash"]);

const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);
const alreadyUsed = (revoked: number) =>
  invalidGrant(`The authorization code was already used${revoked ? "; the tokens issued for it are revoked" : ""}`);

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  id_token: string;
  scope: string;
}

/** What a code is bound to, wherever it is stored. */
interface CodeBinding {
  applicationId: string;
  expiresAt: Date;
  redirectUri: string;
  codeChallenge: string | null;
}

/** RFC 6749 §4.1.3 and RFC 7636 §4.6: the checks that do not consume the code. */
function checkBinding(code: CodeBinding, client: ApplicationRecord, redirectUri: string, verifier: string | undefined, now = new Date()): void {
  if (code.applicationId !== client.id) throw invalidGrant("The authorization code was issued to another client");
  if (code.expiresAt <= now) throw invalidGrant("The authorization code has expired");
  if (code.redirectUri !== redirectUri) throw invalidGrant("redirect_uri differs from the one in the authorization request");
  if (code.codeChallenge) {
    if (verifier === undefined) throw invalidGrant("code_verifier is required (the authorization request used PKCE)");
    if (!VERIFIER.test(verifier)) throw invalidRequest("code_verifier must be 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]");
    const computed = createHash("sha256").update(verifier).digest("base64url");
    if (!constantTimeEqual(computed, code.codeChallenge)) throw invalidGrant("code_verifier does not match the code_challenge");
  } else if (verifier !== undefined) {
    throw invalidGrant("code_verifier was sent, but the authorization request had no code_challenge");
  }
}

function userinfoClaims(claims: IdTokenClaims): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !PROTOCOL_CLAIMS.has(name)));
}

/**
 * `jti`: the client assertion's jti when client authentication left it to be recorded here; it is
 * recorded on every outcome, with the access token on success (one statement), or before any
 * error is answered, so a refused request still uses the assertion up.
 */
export function redeemAuthorizationCode(client: ApplicationRecord, form: Map<string, string>, jti?: JtiUse): Promise<TokenResponse> {
  return withDeferredJti(jti, (pending, settled) => redeem(client, form, pending, settled));
}

async function redeem(client: ApplicationRecord, form: Map<string, string>, jti: JtiUse | undefined, jtiSettled: () => void): Promise<TokenResponse> {
  const code = form.get("code");
  if (!code) throw invalidRequest("code is required");
  const redirectUri = form.get("redirect_uri");
  if (!redirectUri) throw invalidRequest("redirect_uri is required");
  const verifier = form.get("code_verifier");
  const codeHash = hashToken(code);
  const accessToken = randomToken(32);
  const now = new Date();
  const outcome = await redeemLoginCode({
    codeHash,
    applicationId: client.id,
    redirectUri,
    verifierSent: verifier !== undefined,
    computedChallenge: verifier !== undefined && VERIFIER.test(verifier) ? createHash("sha256").update(verifier).digest("base64url") : null,
    now,
    jti,
    accessToken: { tokenHash: hashToken(accessToken), expiresAt: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_S * 1000) },
    protocolClaims: [...PROTOCOL_CLAIMS],
  });
  jtiSettled();
  if (jti) maybePurgeExpiredJtis();
  if (!outcome.jtiFresh) throw assertionReplayed();

  const login = outcome.holder;
  if (!login) return redeemStoredCode(client, codeHash, redirectUri, verifier);
  if (login.applicationId !== client.id) throw invalidGrant("The authorization code was issued to another client");
  if (!outcome.issued) {
    // A used code is refused as used (and its tokens revoked) whatever else is wrong with the request.
    if (outcome.usedBefore) throw alreadyUsed(await revokeTokensOfLogin(login.id));
    checkBinding(
      { applicationId: login.applicationId, expiresAt: login.codeExpiresAt, redirectUri: login.request.redirectUri, codeChallenge: login.request.codeChallenge ?? null },
      client,
      redirectUri,
      verifier,
      now,
    );
    // Every check passes, yet no token: a concurrent redemption won.
    throw alreadyUsed(await revokeTokensOfLogin(login.id));
  }
  const claims = idTokenClaimsFor(login, login.request.nonce);
  const scope = login.request.scopes.join(" ");
  return { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_LIFETIME_S, id_token: await issueIdToken(client, claims), scope };
}

/** Codes stored as rows of their own (issued before codes moved onto the login). */
async function redeemStoredCode(client: ApplicationRecord, codeHash: string, redirectUri: string, verifier: string | undefined): Promise<TokenResponse> {
  const row = await (await prisma()).authorizationCode.findUnique({ where: { codeHash } });
  if (!row) throw invalidGrant("The authorization code is not valid");
  if (row.applicationId !== client.id) throw invalidGrant("The authorization code was issued to another client");
  if (row.consumedAt) throw alreadyUsed(await revokeTokensOfCode(row.id));
  checkBinding(row, client, redirectUri, verifier);
  return issueTokensForCode(client, row);
}

/**
 * Consumes a stored code row (a completed decoupled login's) and issues its tokens. Single use
 * across every instance: only one conditional update can win. The winner's access token is
 * written in the same transaction, so a concurrent loser (which sees the code consumed only once
 * that transaction commits) always finds it to revoke.
 */
export async function issueTokensForCode(client: ApplicationRecord, row: AuthorizationCode): Promise<TokenResponse> {
  const db = await prisma();
  const claims = row.claims as unknown as IdTokenClaims;
  const idToken = await issueIdToken(client, claims);
  const access = await db.$transaction(async (t) => {
    const consumed = await t.authorizationCode.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: new Date() } });
    if (consumed.count !== 1) return null;
    return createAccessToken({ applicationId: client.id, codeId: row.id, subject: row.subject, scope: row.scope, claims: userinfoClaims(claims) }, t);
  });
  if (!access) {
    await revokeTokensOfCode(row.id);
    throw invalidGrant("The authorization code was already used; the tokens issued for it are revoked");
  }
  return { access_token: access.token, token_type: "Bearer", expires_in: access.expiresIn, id_token: idToken, scope: row.scope };
}
