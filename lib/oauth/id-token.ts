/**
 * ID tokens (OIDC Core §2): signed with the tenant's current key in the client's
 * id_token_signed_response_alg (RS256 by default), lifetime 1200 s.
 */
import { CompactEncrypt, importJWK, SignJWT } from "jose";
import { clientEncryptionKey } from "../clients/client-keys";
import { DEFAULT_ENCRYPTION_ENC, isEncryptionAlg } from "../clients/encryption-algorithms";
import type { ApplicationRecord } from "../clients/application-record";
import { currentIssuer } from "../tenants/issuer-context";
import { isSigningAlg } from "../keys/algorithms";
import { activeSigningKey } from "../keys/signing-keys";
import { nowSeconds } from "../clock";

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

/** What a completed authentication gives an ID token: the person, when and how they logged in. */
export interface AuthenticatedPerson {
  claims: Record<string, unknown>;
  subject: string;
  authTime: Date;
  acr: string;
  sessionId?: string | null;
}

/** The ID token's claims: the identity claims, then sub, auth_time, acr, sid and nonce. */
export function idTokenClaimsFor(person: AuthenticatedPerson, nonce: string | undefined): IdTokenClaims {
  return {
    ...person.claims,
    sub: person.subject,
    auth_time: Math.floor(person.authTime.getTime() / 1000),
    acr: person.acr,
    ...(person.sessionId ? { sid: person.sessionId } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
  };
}

export async function signIdToken(client: ApplicationRecord, claims: IdTokenClaims, now = nowSeconds()): Promise<string> {
  const alg = isSigningAlg(client.idTokenSignedResponseAlg) ? client.idTokenSignedResponseAlg : "RS256";
  const key = await activeSigningKey("oidc", client.tenantId, alg);
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg, kid: key.kid, typ: "JWT" })
    .setIssuer(currentIssuer())
    .setAudience(client.clientId)
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_LIFETIME_S)
    .sign(key.key);
}

/**
 * Encrypts a signed JWT to the client's "enc" key (nested JWT, OIDC Core §10.2): JWE with the
 * registered alg (RSA-OAEP-256 to an RSA key, ECDH-ES to an EC key) and enc, `cty: JWT`.
 */
export async function encryptToClient(client: ApplicationRecord, jws: string, alg: string, enc: string): Promise<string> {
  return encryptPayload(client, new TextEncoder().encode(jws), alg, enc, { cty: "JWT" });
}

/** A compact JWE of `payload` to the client's encryption key for `alg` (registration checked alg and key). */
export async function encryptPayload(client: ApplicationRecord, payload: Uint8Array, alg: string, enc: string, header: { cty?: string } = {}): Promise<string> {
  if (!isEncryptionAlg(alg)) throw new Error(`encryption alg ${alg} is not one Porta offers`);
  const jwk = await clientEncryptionKey(client, alg);
  return new CompactEncrypt(payload)
    .setProtectedHeader({ alg, enc, ...header, ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .encrypt(await importJWK(jwk, alg));
}

/** The ID token as the client registered it: signed, and encrypted when it asked for that. */
export async function issueIdToken(client: ApplicationRecord, claims: IdTokenClaims): Promise<string> {
  const signed = await signIdToken(client, claims);
  if (!client.idTokenEncryptedResponseAlg) return signed;
  return encryptToClient(client, signed, client.idTokenEncryptedResponseAlg, client.idTokenEncryptedResponseEnc ?? DEFAULT_ENCRYPTION_ENC);
}
