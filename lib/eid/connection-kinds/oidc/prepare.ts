/**
 * Creating and changing an upstream OpenID Connect connection: the acr mapping names the family's
 * own acr values only; a client secret is needed unless Porta signs client assertions
 * (private_key_jwt), in which case Porta makes the RSA key once and keeps it.
 */
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomToken } from "../../../crypto/random";
import { connectionIssueError, ConnectionInputError } from "../../connections/connection-input-error";
import type { ConnectionKindInput } from "../definition";
import { acrMappingProblem, ZOidcSecretsSchema, ZOidcSettingsSchema, type OidcConnection, type TOidcSecrets, type TOidcSettings } from "./schemas";

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), kid: randomToken(12), alg: "RS256", use: "sig" };
}

export async function prepareOidc({ family, settings, stored, given }: ConnectionKindInput): Promise<{ settings: TOidcSettings; secrets: TOidcSecrets }> {
  const parsed = ZOidcSettingsSchema.safeParse(settings);
  if (!parsed.success) throw connectionIssueError(parsed.error);
  const problem = acrMappingProblem(family, parsed.data.acrValues);
  if (problem) throw new ConnectionInputError(problem, { field: "acrValues" });
  const merged: TOidcSecrets = { ...(stored as TOidcSecrets), ...(given.clientSecret ? { clientSecret: given.clientSecret } : {}) };
  if (parsed.data.clientAuth === "private_key_jwt" && !merged.privateJwk) merged.privateJwk = await newPrivateJwk();
  if (parsed.data.clientAuth !== "private_key_jwt" && !merged.clientSecret) {
    const reason = "the client secret is required for this client authentication";
    throw new ConnectionInputError(`clientSecret: ${reason}`, { field: "clientSecret", reason });
  }
  const checked = ZOidcSecretsSchema.safeParse(merged);
  if (!checked.success) throw connectionIssueError(checked.error);
  return { settings: parsed.data, secrets: checked.data };
}

/** The public half of Porta's client-assertion key, for registering at the upstream. */
export function publicJwksOf(connection: OidcConnection): { keys: JWK[] } {
  if (!connection.secrets.privateJwk) return { keys: [] };
  const { kty, n, e, kid, alg, use } = connection.secrets.privateJwk as JWK;
  return { keys: [{ kty, n, e, kid, alg, use }] };
}
