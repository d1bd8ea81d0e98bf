/**
 * New signing keys. An RSA 2048 key takes about a tenth of a second of CPU to make (an EC key a
 * fraction of a millisecond), and every tenant starts with four (a current and a next key for
 * RS256 and for PS256). A test process may be given RSA key pairs made ahead of time
 * (useRsaKeysMadeAheadForTests): each is handed out once, then keys are made again as always. The
 * application never does this (ESLint); each test file starts with the whole list again, in its
 * own database, so no two keys of one database share a modulus.
 */
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomToken } from "../crypto/random";
import { processSlot } from "../process/state";
import type { SigningAlg } from "./algorithms";

export interface GeneratedKey {
  kid: string;
  alg: SigningAlg;
  publicJwk: JWK;
  privateJwk: JWK;
}

/** An RSA 2048 key pair as JWKs, with neither kid nor alg. */
export interface RsaKeyPair {
  publicJwk: JWK;
  privateJwk: JWK;
}

// Forgotten by resetProcessState: a test file hands the list over again at its start.
const madeAhead = processSlot<{ pairs: readonly RsaKeyPair[]; next: number }>("keys.rsa-made-ahead");

/** For tests only: the RSA key pairs the next RSA keys are, each once (undefined: none). */
export function useRsaKeysMadeAheadForTests(pairs: readonly RsaKeyPair[] | undefined): void {
  if (pairs) madeAhead.set({ pairs, next: 0 });
  else madeAhead.delete();
}

/** An RSA 2048 key pair, made now. */
export async function generateRsaKeyPair(): Promise<RsaKeyPair> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) };
}

async function keyPair(alg: SigningAlg): Promise<RsaKeyPair> {
  if (alg !== "ES256") {
    const ahead = madeAhead.get();
    const pair = ahead?.pairs[ahead.next];
    if (ahead && pair) {
      ahead.next++;
      return pair;
    }
    return generateRsaKeyPair();
  }
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) };
}

/** A fresh key pair for `alg` (RSA 2048 for RS256/PS256, P-256 for ES256) with a new random kid. */
export async function generateSigningKey(alg: SigningAlg): Promise<GeneratedKey> {
  const pair = await keyPair(alg);
  const kid = randomToken(12); // 96 random bits: never reused
  return { kid, alg, publicJwk: { ...pair.publicJwk, kid, alg, use: "sig" }, privateJwk: { ...pair.privateJwk, kid, alg } };
}
