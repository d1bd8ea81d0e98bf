/**
 * The one application (client) service behind RFC 7591/7592 registration and the dashboard.
 * Every write records its audit row in the same transaction.
 */
import { config } from "../config";
import { constantTimeEqual, hashToken } from "../crypto/hash";
import { randomToken } from "../crypto/random";
import { prisma } from "../db/client";
import type { Application, Prisma, Tenant, WebhookExtension } from "../db/generated/client";
import { methodsForEnvironment } from "../eid/catalogue";
import { invalidClientMetadata, OAuthError } from "../oauth/errors";
import { recordAudit, type Actor } from "../audit/record-audit";
import { validateClientMetadata, type ValidatedMetadata } from "./validate-metadata";
import { applicationCache } from "./application-cache";

export type ApplicationRecord = Application & { webhook: WebhookExtension | null; tenant: Tenant };

const INCLUDE = { webhook: true, tenant: true } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CreatedApplication {
  application: ApplicationRecord;
  /** Shown once; only its hash is stored. */
  clientSecret: string | undefined;
  registrationAccessToken: string;
}

function usesSecret(method: string): boolean {
  return method === "client_secret_basic" || method === "client_secret_post";
}

function applicationData(v: ValidatedMetadata) {
  return {
    clientName: v.client_name ?? "",
    redirectUris: v.redirect_uris,
    postLogoutRedirectUris: v.post_logout_redirect_uris,
    grantTypes: v.grant_types,
    responseTypes: v.response_types,
    tokenEndpointAuthMethod: v.token_endpoint_auth_method,
    jwks: (v.jwks as Prisma.InputJsonValue | undefined) ?? undefined,
    jwksUri: v.jwks_uri ?? null,
    idTokenSignedResponseAlg: v.id_token_signed_response_alg,
    idTokenEncryptedResponseAlg: v.id_token_encrypted_response_alg ?? null,
    idTokenEncryptedResponseEnc: v.id_token_encrypted_response_alg ? (v.id_token_encrypted_response_enc ?? "A256GCM") : null,
    userinfoSignedResponseAlg: v.userinfo_signed_response_alg ?? null,
    userinfoEncryptedResponseAlg: v.userinfo_encrypted_response_alg ?? null,
    userinfoEncryptedResponseEnc: v.userinfo_encrypted_response_alg ? (v.userinfo_encrypted_response_enc ?? "A256GCM") : null,
    requestObjectSigningAlg: v.request_object_signing_alg ?? null,
    requirePushedAuthorizationRequests: v.require_pushed_authorization_requests,
    defaultAcrValues: v.default_acr_values,
    scopeStrategy: v.scope_strategy,
    staticScopes: (v.static_scopes as Prisma.InputJsonValue | undefined) ?? undefined,
    requireJti: v.require_jti,
    consentRequired: v.consent_required,
    backchannelTokenDeliveryMode: v.backchannel_token_delivery_mode ?? null,
    backchannelClientNotificationEndpoint: v.backchannel_client_notification_endpoint ?? null,
  };
}

/** The tenant a new application belongs to (design.md §11). */
async function resolveTenant(requested: string | undefined, actor: Actor): Promise<Tenant> {
  const db = await prisma();
  if (actor.tenantId) {
    if (requested && requested !== actor.tenantId) {
      throw invalidClientMetadata("tenant_id: this token may only register applications in its own tenant");
    }
    const tenant = await db.tenant.findUnique({ where: { id: actor.tenantId } });
    if (!tenant) throw invalidClientMetadata("tenant_id: the token's tenant no longer exists");
    return tenant;
  }
  if (requested) {
    const tenant = await db.tenant.findUnique({ where: { id: requested } });
    if (!tenant) throw invalidClientMetadata("tenant_id: no such tenant");
    return tenant;
  }
  return defaultTenant();
}

export async function defaultTenant(): Promise<Tenant> {
  const db = await prisma();
  const configured = config().defaultTenant;
  if (configured) {
    const tenant = await db.tenant.findFirst({ where: UUID.test(configured) ? { id: configured } : { name: configured } });
    if (tenant) return tenant;
  }
  const tenant = await db.tenant.findFirst({ orderBy: { createdAt: "asc" } });
  if (!tenant) throw new OAuthError("server_error", "No tenant exists yet");
  return tenant;
}

/** Audit snapshot: the public metadata, never a secret or token hash. */
function auditView(app: ApplicationRecord): Record<string, unknown> {
  const { client_secret: _s, registration_access_token: _r, ...rest } = toClientMetadata(app) as Record<string, unknown>;
  return rest;
}

export interface CreateOptions {
  /** Fixed client id (the seeded demo application); random otherwise. */
  clientId?: string;
  /** Fixed client secret (the seeded demo application); random otherwise. */
  clientSecret?: string;
}

export async function createApplication(input: unknown, actor: Actor, options: CreateOptions = {}): Promise<CreatedApplication> {
  const requestedTenant =
    typeof input === "object" && input !== null && typeof (input as { tenant_id?: unknown }).tenant_id === "string"
      ? (input as { tenant_id: string }).tenant_id
      : undefined;
  if (requestedTenant !== undefined && !UUID.test(requestedTenant)) throw invalidClientMetadata("tenant_id: must be a tenant id (UUID)");
  const tenant = await resolveTenant(requestedTenant, actor);
  const metadata = validateClientMetadata(input, tenant.environment);
  const clientId = options.clientId ?? randomToken(18);
  const clientSecret = usesSecret(metadata.token_endpoint_auth_method) ? (options.clientSecret ?? randomToken(32)) : undefined;
  const registrationAccessToken = randomToken(32);
  const db = await prisma();
  const application = await db.$transaction(async (tx) => {
    const created = await tx.application.create({
      data: {
        ...applicationData(metadata),
        clientName: metadata.client_name ?? clientId,
        clientId,
        tenantId: tenant.id,
        enabledAcrValues: metadata.enabled_acr_values ?? methodsForEnvironment(tenant.environment).map((m) => m.acr),
        clientSecretHash: clientSecret ? hashToken(clientSecret) : null,
        clientSecretUpdatedAt: clientSecret ? new Date() : null,
        registrationTokenHash: hashToken(registrationAccessToken),
        webhook: metadata.webhook
          ? { create: { url: metadata.webhook.url, claimWhitelist: metadata.webhook.claim_whitelist, timeoutMs: metadata.webhook.timeout_ms } }
          : undefined,
      },
      include: INCLUDE,
    });
    await recordAudit(tx, actor, {
      tenantId: tenant.id,
      action: "application.create",
      targetType: "application",
      targetId: created.clientId,
      after: auditView(created),
    });
    return created;
  });
  forgetApplication(application);
  return { application, clientSecret, registrationAccessToken };
}

const byClientId = applicationCache<ApplicationRecord>("by-client-id");
const byId = applicationCache<ApplicationRecord>("by-id");

/** Clears this process's cached copies of an application (after every write to it). */
function forgetApplication(app: { id: string; clientId: string }): void {
  byClientId.delete(app.clientId);
  byId.delete(app.id);
}

/** Clears every cached application of this process. */
export function clearApplicationCache(): void {
  byClientId.clear();
  byId.clear();
}

/** The application, from this process's short-lived cache (application-cache.ts). */
export function findApplication(clientId: string): Promise<ApplicationRecord | null> {
  return byClientId.get(clientId, async () => (await prisma()).application.findUnique({ where: { clientId }, include: INCLUDE }));
}

export function findApplicationById(id: string): Promise<ApplicationRecord | null> {
  return byId.get(id, async () => (await prisma()).application.findUnique({ where: { id }, include: INCLUDE }));
}

/** The application as stored now (write paths: a cached copy may be a few seconds old). */
async function currentApplication(id: string): Promise<ApplicationRecord> {
  const app = await (await prisma()).application.findUnique({ where: { id }, include: INCLUDE });
  if (!app) throw invalidClientMetadata("The application no longer exists");
  return app;
}

/** The application a registration access token manages, or null (RFC 7592 §2: compare in constant time). */
export async function findByRegistrationToken(clientId: string, token: string): Promise<ApplicationRecord | null> {
  const app = await (await prisma()).application.findUnique({ where: { registrationTokenHash: hashToken(token) }, include: INCLUDE });
  if (!app || !constantTimeEqual(app.clientId, clientId)) return null;
  return app;
}

export interface UpdatedApplication {
  application: ApplicationRecord;
  clientSecret: string | undefined;
}

/**
 * RFC 7592 §2.2: the request replaces the client's metadata. `client_id` must match; a
 * `client_secret`, when sent, must equal the current one; the tenant cannot change.
 */
export async function replaceApplicationMetadata(given: ApplicationRecord, input: unknown, actor: Actor, presentedSecret?: string): Promise<UpdatedApplication> {
  const existing = await currentApplication(given.id);
  if (typeof input === "object" && input !== null) {
    const body = input as { client_id?: unknown; tenant_id?: unknown };
    if (body.client_id !== undefined && body.client_id !== existing.clientId) {
      throw invalidClientMetadata("client_id in the body must equal the client being updated");
    }
    if (body.tenant_id !== undefined && body.tenant_id !== existing.tenantId) {
      throw invalidClientMetadata("tenant_id cannot be changed");
    }
  }
  if (presentedSecret !== undefined) {
    if (!existing.clientSecretHash || !constantTimeEqual(hashToken(presentedSecret), existing.clientSecretHash)) {
      throw invalidClientMetadata("client_secret does not match the current secret; it cannot be set by the client");
    }
  }
  const metadata = validateClientMetadata(input, existing.tenant.environment);
  const needsSecret = usesSecret(metadata.token_endpoint_auth_method);
  const newSecret = needsSecret && !existing.clientSecretHash ? randomToken(32) : undefined;
  const db = await prisma();
  const application = await db.$transaction(async (tx) => {
    const updated = await tx.application.update({
      where: { id: existing.id },
      data: {
        ...applicationData(metadata),
        clientName: metadata.client_name ?? existing.clientId,
        ...(metadata.enabled_acr_values ? { enabledAcrValues: metadata.enabled_acr_values } : {}),
        jwks: metadata.jwks ? (metadata.jwks as Prisma.InputJsonValue) : ({ set: null } as never),
        staticScopes: metadata.static_scopes ? (metadata.static_scopes as Prisma.InputJsonValue) : ({ set: null } as never),
        clientSecretHash: needsSecret ? (newSecret ? hashToken(newSecret) : existing.clientSecretHash) : null,
        clientSecretUpdatedAt: newSecret ? new Date() : needsSecret ? existing.clientSecretUpdatedAt : null,
        webhook: metadata.webhook
          ? {
              upsert: {
                create: { url: metadata.webhook.url, claimWhitelist: metadata.webhook.claim_whitelist, timeoutMs: metadata.webhook.timeout_ms },
                update: { url: metadata.webhook.url, claimWhitelist: metadata.webhook.claim_whitelist, timeoutMs: metadata.webhook.timeout_ms },
              },
            }
          : existing.webhook
            ? { delete: true }
            : undefined,
      },
      include: INCLUDE,
    });
    await recordAudit(tx, actor, {
      tenantId: existing.tenantId,
      action: "application.update",
      targetType: "application",
      targetId: existing.clientId,
      before: auditView(existing),
      after: auditView(updated),
    });
    return updated;
  });
  forgetApplication(application);
  return { application, clientSecret: newSecret };
}

export async function deleteApplication(given: ApplicationRecord, actor: Actor): Promise<void> {
  const existing = await currentApplication(given.id);
  const db = await prisma();
  await db.$transaction(async (tx) => {
    await tx.application.delete({ where: { id: existing.id } });
    await recordAudit(tx, actor, {
      tenantId: existing.tenantId,
      action: "application.delete",
      targetType: "application",
      targetId: existing.clientId,
      before: auditView(existing),
    });
  });
  forgetApplication(existing);
}

export async function rotateClientSecret(existing: ApplicationRecord, actor: Actor): Promise<string> {
  if (!usesSecret(existing.tokenEndpointAuthMethod)) {
    throw invalidClientMetadata(`token_endpoint_auth_method ${existing.tokenEndpointAuthMethod} uses no client secret`);
  }
  const secret = randomToken(32);
  const db = await prisma();
  await db.$transaction(async (tx) => {
    await tx.application.update({ where: { id: existing.id }, data: { clientSecretHash: hashToken(secret), clientSecretUpdatedAt: new Date() } });
    await recordAudit(tx, actor, {
      tenantId: existing.tenantId,
      action: "application.rotate_secret",
      targetType: "application",
      targetId: existing.clientId,
    });
  });
  forgetApplication(existing);
  return secret;
}

/** RFC 7591 §3.2.1 client information response (without the one-time secret values). */
export function toClientMetadata(app: ApplicationRecord): Record<string, unknown> {
  const issuer = config().issuer;
  const optional = (value: unknown) => (value === null || value === undefined ? undefined : value);
  const metadata: Record<string, unknown> = {
    client_id: app.clientId,
    client_id_issued_at: Math.floor(app.createdAt.getTime() / 1000),
    client_secret_expires_at: app.clientSecretHash ? 0 : undefined,
    client_name: app.clientName,
    redirect_uris: app.redirectUris,
    post_logout_redirect_uris: app.postLogoutRedirectUris,
    grant_types: app.grantTypes,
    response_types: app.responseTypes,
    token_endpoint_auth_method: app.tokenEndpointAuthMethod,
    jwks: optional(app.jwks),
    jwks_uri: optional(app.jwksUri),
    id_token_signed_response_alg: app.idTokenSignedResponseAlg,
    id_token_encrypted_response_alg: optional(app.idTokenEncryptedResponseAlg),
    id_token_encrypted_response_enc: optional(app.idTokenEncryptedResponseEnc),
    userinfo_signed_response_alg: optional(app.userinfoSignedResponseAlg),
    userinfo_encrypted_response_alg: optional(app.userinfoEncryptedResponseAlg),
    userinfo_encrypted_response_enc: optional(app.userinfoEncryptedResponseEnc),
    request_object_signing_alg: optional(app.requestObjectSigningAlg),
    require_pushed_authorization_requests: app.requirePushedAuthorizationRequests,
    default_acr_values: app.defaultAcrValues,
    enabled_acr_values: app.enabledAcrValues,
    backchannel_token_delivery_mode: optional(app.backchannelTokenDeliveryMode),
    backchannel_client_notification_endpoint: optional(app.backchannelClientNotificationEndpoint),
    tenant_id: app.tenantId,
    environment: app.tenant.environment,
    scope_strategy: app.scopeStrategy,
    static_scopes: optional(app.staticScopes),
    require_jti: app.requireJti,
    consent_required: app.consentRequired,
    webhook: app.webhook
      ? { id: app.webhook.id, url: app.webhook.url, claim_whitelist: app.webhook.claimWhitelist, timeout_ms: app.webhook.timeoutMs }
      : undefined,
    registration_client_uri: `${issuer}/oauth2/register/${encodeURIComponent(app.clientId)}`,
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== undefined));
}
