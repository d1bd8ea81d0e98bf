/**
 * Userinfo as a JWT (OIDC Core §5.3.2, Registration §2): signed with the tenant key when
 * userinfo_signed_response_alg is registered (with iss and aud), then encrypted to the client when
 * userinfo_encrypted_response_alg is; encryption alone wraps the JSON claims in a JWE.
 */
import { SignJWT } from "jose";
import type { ApplicationRecord } from "../clients/application-record";
import { DEFAULT_ENCRYPTION_ENC } from "../clients/encryption-algorithms";
import { currentIssuer } from "../tenants/issuer-context";
import { isSigningAlg } from "../keys/algorithms";
import { activeSigningKey } from "../keys/signing-keys";
import { encryptPayload, encryptToClient } from "./id-token";
import { nowSeconds } from "../clock";

export async function userinfoJwt(client: ApplicationRecord, claims: Record<string, unknown>): Promise<string> {
  const signAlg = client.userinfoSignedResponseAlg;
  const encAlg = client.userinfoEncryptedResponseAlg;
  const enc = client.userinfoEncryptedResponseEnc ?? DEFAULT_ENCRYPTION_ENC;
  if (signAlg && isSigningAlg(signAlg)) {
    const key = await activeSigningKey("oidc", client.tenantId, signAlg);
    const signed = await new SignJWT(claims)
      .setProtectedHeader({ alg: signAlg, kid: key.kid, typ: "JWT" })
      .setIssuer(currentIssuer())
      .setAudience(client.clientId)
      .setIssuedAt(nowSeconds())
      .sign(key.key);
    return encAlg ? encryptToClient(client, signed, encAlg, enc) : signed;
  }
  return encryptPayload(client, new TextEncoder().encode(JSON.stringify(claims)), encAlg ?? "RSA-OAEP-256", enc);
}
