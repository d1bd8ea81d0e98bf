/**
 * Opening the playground application's encrypted ID tokens (OIDC Core §10.2, nested JWT: a compact JWE
 * whose payload is the signed ID token) with the playground's private key, before the signature
 * and claims are checked. Only the alg and enc the application registered are accepted; when it
 * registered encryption, an ID token that is not a JWE is refused, as a relying party that asked
 * for encryption would.
 */
import { compactDecrypt, type CryptoKey } from "jose";
import { DEFAULT_ENCRYPTION_ENC } from "../clients/encryption-algorithms";
import type { ApplicationRecord } from "../clients/application-record";
import { findPlaygroundDecryptionKey } from "./playground-key";

export interface ExpectedEncryption {
  alg: string;
  enc: string;
  kid: string;
  key: CryptoKey;
}

export interface OpenedIdToken {
  /** The signed ID token (a JWS). */
  jws: string;
  /** The JWE protected header when the ID token came encrypted. */
  encryption: Record<string, unknown> | undefined;
}

/** The encryption the playground's application registered, with the key that opens it; undefined without. */
export async function expectedIdTokenEncryption(app: ApplicationRecord): Promise<ExpectedEncryption | undefined> {
  const alg = app.idTokenEncryptedResponseAlg;
  if (!alg) return undefined;
  const key = await findPlaygroundDecryptionKey(app.clientId);
  if (!key) throw new Error("The demo application takes encrypted ID tokens, but the playground holds no key that opens them: restart Porta to give it one");
  return { alg, enc: app.idTokenEncryptedResponseEnc ?? DEFAULT_ENCRYPTION_ENC, ...key };
}

const isCompactJwe = (token: string) => token.split(".").length === 5;

/** The signed ID token inside `idToken`, decrypted when the application registered encryption. */
export async function openIdToken(idToken: string, expected: ExpectedEncryption | undefined): Promise<OpenedIdToken> {
  if (!expected) {
    if (isCompactJwe(idToken)) throw new Error("The ID token is encrypted, but the application registered no id_token_encrypted_response_alg");
    return { jws: idToken, encryption: undefined };
  }
  if (!isCompactJwe(idToken)) {
    throw new Error(`The ID token is not encrypted, though the application registered id_token_encrypted_response_alg ${expected.alg}`);
  }
  const { plaintext, protectedHeader } = await compactDecrypt(idToken, expected.key, {
    keyManagementAlgorithms: [expected.alg],
    contentEncryptionAlgorithms: [expected.enc],
  }).catch((cause: unknown) => {
    throw new Error(`The encrypted ID token does not open with the playground's key ${expected.kid}: ${(cause as Error).message}`, { cause });
  });
  return { jws: new TextDecoder().decode(plaintext), encryption: protectedHeader as Record<string, unknown> };
}
