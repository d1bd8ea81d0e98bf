/**
 * The demo application takes its ID tokens encrypted, because FTN requires that in every tenant
 * (README, "Client registration") and the playground logs in with every eID. A fresh database seeds
 * it so (bootstrap.ts); a database seeded before gets the key at start-up here. Runs under the
 * database-wide lock of the bootstrap, and does nothing when the key is already in place.
 */
import type { JWK } from "jose";
import { SYSTEM_ACTOR } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { DEFAULT_ENCRYPTION_ENC } from "../clients/encryption-algorithms";
import { findApplication } from "../clients/find-application";
import { replaceApplicationMetadata } from "../clients/replace-application-metadata";
import { toClientMetadata } from "../clients/to-client-metadata";
import { logger } from "../log";
import { OAuthError } from "../oauth/errors";
import { findPlaygroundKey, generatePlaygroundKey, PLAYGROUND_KEY_ALG, PLAYGROUND_KID_PREFIX, publicJwkOf, savePlaygroundKey } from "../playground/playground-key";
import { DEMO_CLIENT_ID } from "./demo";

/** The demo application's ID token encryption, as registered. */
export const DEMO_ID_TOKEN_ENCRYPTION = { id_token_encrypted_response_alg: PLAYGROUND_KEY_ALG, id_token_encrypted_response_enc: DEFAULT_ENCRYPTION_ENC } as const;

export type DemoEncryptionOutcome = "present" | "added" | "no-demo" | "refused";

/**
 * Gives the demo application an encryption key when it has none the playground can open: keeps
 * the private key sealed, registers the public key in the application's jwks (replacing a key of
 * the playground's that no longer opens) and sets id_token_encrypted_response_alg, through the
 * same service and audit as any metadata update. An administrator's other settings stay.
 */
export async function ensureDemoEncryption(db: PrismaClient): Promise<DemoEncryptionOutcome> {
  const app = await findApplication(DEMO_CLIENT_ID);
  if (!app) return "no-demo";
  const registered = (app.jwks as { keys?: JWK[] } | null)?.keys ?? [];
  const stored = await findPlaygroundKey(DEMO_CLIENT_ID, db);
  if (stored?.privateJwk && registered.some((k) => k.kid === stored.kid)) return "present";

  // The private key is stored first: a start that stops halfway registers the same key next time.
  let key: { kid: string; publicJwk: JWK };
  if (stored?.privateJwk) {
    key = { kid: stored.kid, publicJwk: publicJwkOf(stored.privateJwk, stored.kid) };
  } else {
    const fresh = await generatePlaygroundKey();
    await savePlaygroundKey(db, DEMO_CLIENT_ID, fresh);
    key = fresh;
  }
  // Keys of the playground's it can no longer open (PORTA_SECRET changed, a start stopped halfway) leave the jwks.
  const keys = [...registered.filter((k) => !k.kid?.startsWith(PLAYGROUND_KID_PREFIX)), key.publicJwk];
  try {
    await replaceApplicationMetadata(app, { ...toClientMetadata(app), jwks: { keys }, ...DEMO_ID_TOKEN_ENCRYPTION }, SYSTEM_ACTOR);
  } catch (error) {
    // An administrator's change (a jwks_uri, say) may leave no room for the key: the playground
    // then runs without encryption, and FTN is not offered to it. Start-up goes on.
    if (!(error instanceof OAuthError)) throw error;
    logger.warn({ clientId: DEMO_CLIENT_ID, kid: key.kid, reason: error.description }, "the demo application's encryption key could not be registered");
    return "refused";
  }
  return "added";
}
