/**
 * ID tokens (OIDC Core §2, design.md §5.4): signed with the tenant's current key in the client's
 * id_token_signed_response_alg (RS256 by default), lifetime 1200 s.
 */
import { SignJWT } from "jose";
import type { ApplicationRecord } from "../clients/application-service";
import { config } from "../config";
import { isSigningAlg } from "../keys/algorithms";
import { activeSigningKey } from "../keys/signing-keys";

export const ID_TOKEN_LIFETIME_S = 1200;

/** Claims that come from the login; iss, aud, iat and exp are added when the token is signed. */
export interface IdTokenClaims {
  sub: string;
  auth_time: number;
  acr: string;
  sid?: string;
  nonce?: string;
  [claim: string]: unknown;
}

export async function signIdToken(client: ApplicationRecord, claims: IdTokenClaims, now = Math.floor(Date.now() / 1000)): Promise<string> {
  const alg = isSigningAlg(client.idTokenSignedResponseAlg) ? client.idTokenSignedResponseAlg : "RS256";
  const key = await activeSigningKey("oidc", client.tenantId, alg);
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg, kid: key.kid, typ: "JWT" })
    .setIssuer(config().issuer)
    .setAudience(client.clientId)
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_LIFETIME_S)
    .sign(key.key);
}
