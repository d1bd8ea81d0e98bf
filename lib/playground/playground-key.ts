/**
 * The playground's decryption key: an application that takes its ID tokens encrypted (the demo
 * application, so that it may offer FTN, whose ID tokens must be encrypted) registers the public
 * half (use "enc"); the playground keeps the private half, sealed with AES-256-GCM under
 * PORTA_SECRET and bound to the client_id, in PlaygroundKey, as any relying party keeps its
 * private keys.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { decryptAtRest, encryptAtRest } from "../crypto/encryption";
import type { PrismaClient } from "../db/generated/client";
import { prisma } from "../db/client";

/** RSA-OAEP-256 (with A256GCM), the first of the ID token encryptions Porta offers (lib/clients/encryption-algorithms.ts). */
export const PLAYGROUND_KEY_ALG = "RSA-OAEP-256";

export interface NewPlaygroundKey {
  kid: string;
  /** To register in the application's jwks. */
  publicJwk: JWK;
  privateJwk: JWK;
}

/** Every playground key's kid starts so: start-up can tell its own keys in a jwks from others'. */
export const PLAYGROUND_KID_PREFIX = "playground-";

const sealContext = (clientId: string) => `playground-key:${clientId}`;

/** The public key (use "enc") of a private RSA JWK, as the application registers it. */
export function publicJwkOf(privateJwk: JWK, kid: string): JWK {
  return { kty: privateJwk.kty, n: privateJwk.n, e: privateJwk.e, kid, use: "enc", alg: PLAYGROUND_KEY_ALG };
}

/** A fresh key pair; the kid is the public key's thumbprint (RFC 7638), so it is never reused. */
export async function generatePlaygroundKey(): Promise<NewPlaygroundKey> {
  const { privateKey } = await generateKeyPair(PLAYGROUND_KEY_ALG, { extractable: true, modulusLength: 2048 });
  const exported = await exportJWK(privateKey);
  const kid = `${PLAYGROUND_KID_PREFIX}${await calculateJwkThumbprint(exported)}`;
  return { kid, publicJwk: publicJwkOf(exported, kid), privateJwk: { ...exported, kid, alg: PLAYGROUND_KEY_ALG } };
}

/** Stores (or replaces) the private key of `clientId`, sealed. */
export async function savePlaygroundKey(db: PrismaClient, clientId: string, key: NewPlaygroundKey): Promise<void> {
  const data = { kid: key.kid, privateKey: encryptAtRest(JSON.stringify(key.privateJwk), sealContext(clientId)) };
  await db.playgroundKey.upsert({ where: { clientId }, create: { clientId, ...data }, update: data });
}

export interface StoredPlaygroundKey {
  kid: string;
  /** Undefined when the sealed value no longer opens (PORTA_SECRET changed). */
  privateJwk: JWK | undefined;
}

/** The stored key of `clientId`, if any. */
export async function findPlaygroundKey(clientId: string, db?: PrismaClient): Promise<StoredPlaygroundKey | undefined> {
  const row = await (db ?? (await prisma())).playgroundKey.findUnique({ where: { clientId } });
  if (!row) return undefined;
  try {
    return { kid: row.kid, privateJwk: JSON.parse(decryptAtRest(row.privateKey, sealContext(clientId))) as JWK };
  } catch {
    return { kid: row.kid, privateJwk: undefined };
  }
}

/** The private key that opens `clientId`'s encrypted ID tokens, with its kid. */
export async function findPlaygroundDecryptionKey(clientId: string): Promise<{ kid: string; key: CryptoKey } | undefined> {
  const stored = await findPlaygroundKey(clientId);
  if (!stored?.privateJwk) return undefined;
  return { kid: stored.kid, key: (await importJWK(stored.privateJwk, PLAYGROUND_KEY_ALG)) as CryptoKey };
}
