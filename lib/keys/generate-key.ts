import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomToken } from "../crypto/random";
import type { SigningAlg } from "./algorithms";

export interface GeneratedKey {
  kid: string;
  alg: SigningAlg;
  publicJwk: JWK;
  privateJwk: JWK;
}

/** A fresh key pair for `alg` (RSA 2048 for RS256/PS256, P-256 for ES256) with a new random kid. */
export async function generateSigningKey(alg: SigningAlg): Promise<GeneratedKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const kid = randomToken(12); // 96 random bits: never reused
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg };
  return { kid, alg, publicJwk, privateJwk };
}
