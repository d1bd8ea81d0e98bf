/**
 * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 9700 §2.1.1, §4.5):
 * the code is single use, lives 60 s, and is bound to the client, the redirect_uri, the PKCE
 * challenge and the nonce. A second redemption is refused and revokes what the first one issued.
 * The code is kept on the completed browser login and spent as every login's code is
 * (issue-login-tokens.ts); this file reads the grant's parameters and words its refusals.
 */
import type { ApplicationRecord } from "../../clients/application-record";
import { hashToken } from "../../crypto/hash";
import { invalidRequest, type OAuthError } from "../errors";
import { isCodeVerifier, PKCE_SYNTAX_DESCRIPTION, verifierMatchesChallenge } from "../pkce";
import { invalidGrant, issueLoginTokens, type TokenResponse } from "./issue-login-tokens";
import type { CodeHolder } from "./login-code-store";
import type { PendingChecks } from "./pending-checks";

/**
 * RFC 6749 §4.1.3 and RFC 7636 §4.6: why the redemption statement refused a code that was never
 * used, from the same checks on the same values (the client was checked before).
 */
function whyRefused(login: CodeHolder, redirectUri: string, verifier: string | undefined, now: Date): OAuthError | undefined {
  if (login.codeExpiresAt <= now) return invalidGrant("The authorization code has expired");
  if (login.request.redirectUri !== redirectUri) return invalidGrant("redirect_uri differs from the one in the authorization request");
  const challenge = login.request.codeChallenge;
  if (challenge) {
    if (verifier === undefined) return invalidGrant("code_verifier is required (the authorization request used PKCE)");
    if (!isCodeVerifier(verifier)) return invalidRequest(`code_verifier must be ${PKCE_SYNTAX_DESCRIPTION}`);
    if (!verifierMatchesChallenge(verifier, challenge)) return invalidGrant("code_verifier does not match the code_challenge");
  } else if (verifier !== undefined) {
    return invalidGrant("code_verifier was sent, but the authorization request had no code_challenge");
  }
  return undefined;
}

/**
 * `pending`: what client authentication still owes; the redemption's statement settles it, and
 * the token endpoint does on any refusal before it (settleAfterFailure).
 */
export async function redeemAuthorizationCode(client: ApplicationRecord, form: Map<string, string>, pending: PendingChecks): Promise<TokenResponse> {
  const code = form.get("code");
  if (!code) throw invalidRequest("code is required");
  const redirectUri = form.get("redirect_uri");
  if (!redirectUri) throw invalidRequest("redirect_uri is required");
  const verifier = form.get("code_verifier");
  return issueLoginTokens(
    client,
    {
      kind: "browser",
      codeHash: hashToken(code),
      redirectUri,
      verifier,
      name: "The authorization code",
      unknown: () => invalidGrant("The authorization code is not valid"),
      whyRefused: (login, now) => whyRefused(login, redirectUri, verifier, now),
    },
    pending,
  );
}
