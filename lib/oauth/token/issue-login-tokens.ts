/**
 * A completed login's tokens, issued once for its code (RFC 6749 §4.1.2, §10.5; RFC 9700 §4.5).
 * Every login keeps its code on the completed login (`codeHash`, `codeExpiresAt`):
 * a browser login its authorization code, a CIBA or headless login its request id. One statement
 * (login-code-store.ts) settles what client authentication still owes (the abuse-limit read, the
 * assertion's jti) and inserts the login's one access token only when every binding holds; the unique key on the token's login makes the code single
 * use on every instance. A second redemption is refused and revokes what the first one issued.
 * So a login writes no code row and no consume update.
 */
import type { ApplicationRecord } from "../../clients/application-record";
import { hashToken } from "../../crypto/hash";
import { randomToken } from "../../crypto/random";
import type { LoginKind } from "../../db/generated/client";
import { OAuthError } from "../errors";
import { idTokenClaimsFor, issueIdToken } from "../id-token";
import { s256ChallengeOf } from "../pkce";
import { ACCESS_TOKEN_LIFETIME_S, revokeTokensOfLogin } from "./access-tokens";
import { redeemLoginCode, type CodeHolder } from "./login-code-store";
import type { PendingChecks } from "./pending-checks";
import { now as clockNow } from "../../clock";

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  id_token: string;
  scope: string;
}

/** A code as the client presented it, and how its grant words a refusal. */
export interface PresentedCode {
  kind: LoginKind;
  codeHash: string;
  /** The code grant's redirect_uri; null for a decoupled login (its request has none). */
  redirectUri: string | null;
  /** The code grant's code_verifier, if sent. */
  verifier: string | undefined;
  /** What the code is called in error descriptions ("The authorization code", "The auth_req_id"). */
  name: string;
  /** The refusal when no completed login of this kind holds the code. */
  unknown: () => OAuthError;
  /**
   * Why a code never redeemed before issued nothing, from the statement's checks on the same
   * values; undefined when every check passes (then a concurrent redemption won).
   */
  whyRefused: (login: CodeHolder, now: Date) => OAuthError | undefined;
}

export const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

/** `pending`: what client authentication still owes, settled by the redemption's statement. */
export async function issueLoginTokens(client: ApplicationRecord, code: PresentedCode, pending: PendingChecks): Promise<TokenResponse> {
  const accessToken = randomToken(32);
  const now = clockNow();
  const outcome = await redeemLoginCode({
    kind: code.kind,
    codeHash: code.codeHash,
    applicationId: client.id,
    redirectUri: code.redirectUri,
    verifierSent: code.verifier !== undefined,
    computedChallenge: s256ChallengeOf(code.verifier),
    now,
    pending,
    accessToken: { tokenHash: hashToken(accessToken), expiresAt: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_S * 1000) },
  });

  const login = outcome.holder;
  if (!login) throw code.unknown();
  if (login.applicationId !== client.id) throw invalidGrant(`${code.name} was issued to another client`);
  if (!outcome.issued) {
    // A used code is refused as used (and its tokens revoked) whatever else is wrong with the request.
    const why = outcome.usedBefore ? undefined : code.whyRefused(login, now);
    if (why) throw why;
    const revoked = await revokeTokensOfLogin(login.id);
    throw invalidGrant(`${code.name} was already used${revoked ? "; the tokens issued for it are revoked" : ""}`);
  }
  const claims = idTokenClaimsFor(login, login.request.nonce || undefined);
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    id_token: await issueIdToken(client, claims),
    scope: login.request.scopes.join(" "),
  };
}
