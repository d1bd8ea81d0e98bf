/**
 * Webhook bearer tokens (README, "Login webhooks"): RS256 JWTs from the extension service's
 * own keys (published at {EXTENSIONS_URL}/service/.well-known/jwks), one per attempt:
 * jti (unique), iss = {EXTENSIONS_URL}/service, sub = tenant id, aud = extension id, iat, nbf,
 * exp = iat + 5 minutes.
 */
import { SignJWT } from "jose";
import { config } from "../config";
import { randomToken } from "../crypto/random";
import { activeSigningKey } from "../keys/signing-keys";
import { nowSeconds } from "../clock";

export const SERVICE_TOKEN_LIFETIME_S = 300;

export function serviceIssuer(): string {
  return `${config().extensionsUrl}/service`;
}

export async function signServiceToken(tenantId: string, extensionId: string, now = nowSeconds()): Promise<string> {
  const key = await activeSigningKey("extension", null, "RS256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
    .setJti(randomToken(18))
    .setIssuer(serviceIssuer())
    .setSubject(tenantId)
    .setAudience(extensionId)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + SERVICE_TOKEN_LIFETIME_S)
    .sign(key.key);
}
