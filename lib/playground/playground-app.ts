/**
 * Which application the playground logs in as, per issuer (each tenant domain is its own issuer,
 * with its own applications): on PUBLIC_URL the seeded demo application; on a tenant domain that
 * tenant's playground application, which an owner turns on in the dashboard (a production
 * tenant's playground runs real eIDs, so it is never there by itself). Its client secret is
 * derived from the instance secret, as the demo's is, and its private decryption key is kept
 * sealed in PlaygroundKey, so it may offer FTN (the Finnish trust network requires encrypted ID
 * tokens). Its redirect and logout URIs follow the tenant's domains.
 */
import { createHmac } from "node:crypto";
import type { Actor } from "../audit/record-audit";
import type { ApplicationRecord } from "../clients/application-record";
import { createApplication } from "../clients/create-application";
import { DEFAULT_ENCRYPTION_ENC } from "../clients/encryption-algorithms";
import { deleteApplication } from "../clients/delete-application";
import { findApplication, findServedApplication } from "../clients/find-application";
import { updateApplicationMetadata } from "../clients/update-application-metadata";
import { instanceSecret } from "../crypto/secret";
import { prisma } from "../db/client";
import { pathOf } from "../http/protocol-paths";
import { currentIssuer } from "../http/request-issuer";
import { logger } from "../log";
import { OAuthError } from "../oauth/errors";
import { DEMO_CLIENT_ID, demoClientSecret } from "../setup/demo";
import { tenantIssuers } from "../tenants/tenant-issuers";
import { generatePlaygroundKey, PLAYGROUND_KEY_ALG, savePlaygroundKey } from "./playground-key";

/** The playground's relying party on the request's issuer. */
export interface PlaygroundClient {
  application: ApplicationRecord;
  clientId: string;
  clientSecret: string;
  issuer: string;
  redirectUri: string;
}

/** The client_id of a tenant's playground application. */
export function playgroundClientIdOf(tenantId: string): string {
  return `porta-playground-${tenantId}`;
}

function playgroundClientSecret(clientId: string): string {
  if (clientId === DEMO_CLIENT_ID) return demoClientSecret();
  return createHmac("sha256", instanceSecret()).update(`porta/playground-client-secret/v1/${clientId}`).digest("base64url");
}

/**
 * The application the playground uses on the request's issuer: the demo application or the
 * tenant's playground application, whichever is served here; null when neither is.
 */
export async function findPlaygroundClient(tenantId?: string): Promise<PlaygroundClient | null> {
  const candidates = tenantId ? [playgroundClientIdOf(tenantId), DEMO_CLIENT_ID] : [DEMO_CLIENT_ID];
  for (const clientId of candidates) {
    const application = await findServedApplication(clientId);
    if (!application) continue;
    const issuer = currentIssuer();
    return { application, clientId, clientSecret: playgroundClientSecret(clientId), issuer, redirectUri: `${issuer}${pathOf("playgroundCallback")}` };
  }
  return null;
}

/** The redirect and logout URIs of a tenant's playground: one per issuer it is served on. */
async function playgroundUris(tenantId: string): Promise<{ redirect_uris: string[]; post_logout_redirect_uris: string[] }> {
  const issuers = await tenantIssuers(tenantId);
  return { redirect_uris: issuers.map((i) => `${i}${pathOf("playgroundCallback")}`), post_logout_redirect_uris: issuers.map((i) => `${i}${pathOf("playgroundPage")}`) };
}

/** The tenant's playground application, if it has one. */
export function findPlaygroundApplication(tenantId: string): Promise<ApplicationRecord | null> {
  return findApplication(playgroundClientIdOf(tenantId));
}

/**
 * Turns the playground on for a tenant: its application (code and implicit, client_secret_basic,
 * ID tokens encrypted with a key the playground keeps), registered through the same service and
 * audit as any application. Does nothing when it is already on.
 */
export async function enablePlayground(tenantId: string, actor: Actor): Promise<ApplicationRecord> {
  const clientId = playgroundClientIdOf(tenantId);
  const existing = await findApplication(clientId);
  if (existing) return existing;
  const key = await generatePlaygroundKey();
  const { application } = await createApplication(
    {
      client_name: "Playground",
      tenant_id: tenantId,
      ...(await playgroundUris(tenantId)),
      response_types: ["code", "id_token"],
      grant_types: ["authorization_code", "implicit"],
      token_endpoint_auth_method: "client_secret_basic",
      jwks: { keys: [key.publicJwk] },
      id_token_encrypted_response_alg: PLAYGROUND_KEY_ALG,
      id_token_encrypted_response_enc: DEFAULT_ENCRYPTION_ENC,
    },
    actor,
    { clientId, clientSecret: playgroundClientSecret(clientId) },
  );
  await savePlaygroundKey(await prisma(), clientId, key);
  return application;
}

/** Turns the playground off for a tenant: its application goes (with its key). */
export async function disablePlayground(tenantId: string, actor: Actor): Promise<void> {
  const existing = await findApplication(playgroundClientIdOf(tenantId));
  if (existing) await deleteApplication(existing, actor);
}

/**
 * After a tenant's domains change: its playground application's URIs follow them (only they
 * change). A production tenant left without a domain is served nowhere: its URIs stay as they were.
 */
export async function followPlaygroundDomains(tenantId: string, actor: Actor): Promise<void> {
  const uris = await playgroundUris(tenantId);
  if (uris.redirect_uris.length === 0) return;
  const demo = await findApplication(DEMO_CLIENT_ID);
  const owned = [await findPlaygroundApplication(tenantId), demo?.tenantId === tenantId ? demo : null];
  for (const application of owned) {
    if (application) await updateApplicationMetadata(application, uris, actor);
  }
}

/**
 * At start-up: the demo application's URIs follow the issuers it is served on. A database seeded
 * under another PUBLIC_URL (changed since) would otherwise keep a playground whose redirect URI
 * is refused, and keep accepting the earlier address. Writes (through the same service and audit
 * as any update) only when one of the current URIs is missing; returns whether it wrote. An
 * application the checks refuse as it stands is left alone, with a warning.
 */
export async function ensureDemoPlaygroundUris(actor: Actor): Promise<boolean> {
  const demo = await findApplication(DEMO_CLIENT_ID);
  if (!demo) return false;
  const uris = await playgroundUris(demo.tenantId);
  const registered = uris.redirect_uris.every((uri) => demo.redirectUris.includes(uri)) && uris.post_logout_redirect_uris.every((uri) => demo.postLogoutRedirectUris.includes(uri));
  if (registered) return false;
  try {
    await updateApplicationMetadata(demo, uris, actor);
  } catch (error) {
    // The application as an administrator left it may not pass today's checks: start-up goes on.
    if (!(error instanceof OAuthError)) throw error;
    logger.warn({ clientId: DEMO_CLIENT_ID, reason: error.description }, "the demo application's playground URIs could not follow PUBLIC_URL");
    return false;
  }
  return true;
}
