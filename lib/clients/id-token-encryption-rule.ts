/**
 * Encrypted ID tokens for FTN (README, "Client registration"): in every tenant, test and production
 * alike, an application enables an eID whose family requires them (the Finnish Trust Network) only
 * with `id_token_encrypted_response_alg`, whose encryption key the checks of validate-metadata.ts
 * already demand. Registration and the dashboard refuse anything else; the authorization pipeline
 * refuses such logins from applications stored before the rule.
 */
import { findEidMethod, methodsForEnvironment, requiresIdTokenEncryption } from "../eid/catalogue";
import type { ApplicationRecord } from "./application-record";
import { invalidMetadata } from "./client-metadata-error";
import { ENCRYPTION_ALGS } from "./encryption-algorithms";

type Environment = "test" | "production";

interface EidChoice {
  enabled_acr_values?: string[] | undefined;
  default_acr_values: string[];
  id_token_encrypted_response_alg?: string | undefined;
}

/** Refuses enabled or default eIDs that need encrypted ID tokens from metadata that does not ask for them. */
export function checkIdTokenEncryptionRule(metadata: EidChoice): void {
  if (metadata.id_token_encrypted_response_alg) return;
  const acr = [...(metadata.enabled_acr_values ?? []), ...metadata.default_acr_values].find(requiresIdTokenEncryption);
  if (acr === undefined) return;
  throw invalidMetadata(
    "id_token_encrypted_response_alg",
    `${findEidMethod(acr)?.name ?? acr} (${acr}) requires encrypted ID tokens: set id_token_encrypted_response_alg (${ENCRYPTION_ALGS.join(" or ")}) and register an encryption key (use "enc") in jwks or jwks_uri, or do not enable it`,
  );
}

/**
 * The eIDs of an application that names none (README, "Client registration"): every eID of its
 * environment, except those it could not use because it takes its ID tokens unencrypted.
 */
export function defaultEnabledAcrValues(environment: Environment, encryptsIdTokens: boolean): string[] {
  return methodsForEnvironment(environment)
    .map((m) => m.acr)
    .filter((acr) => encryptsIdTokens || !requiresIdTokenEncryption(acr));
}

/** Whether a stored application may log people in at `acr` (one stored before the rule may not). */
export function canServeAcr(app: Pick<ApplicationRecord, "idTokenEncryptedResponseAlg">, acr: string): boolean {
  return app.idTokenEncryptedResponseAlg !== null || !requiresIdTokenEncryption(acr);
}
