/**
 * Dynamic client registration (RFC 7591) and client configuration (RFC 7592).
 * POST /oauth2/register              Bearer admin token (initial access token)
 * GET|PUT|DELETE /oauth2/register/{client_id}   Bearer registration_access_token
 */
import { clientLimits, countClientFailure } from "../abuse/limits";
import { authenticateAdminToken, bearerToken, missingBearer } from "../admin/authenticate-admin-token";
import type { Actor } from "../audit/record-audit";
import { createApplication } from "../clients/create-application";
import { deleteApplication } from "../clients/delete-application";
import { findByRegistrationToken } from "../clients/find-by-registration-token";
import { replaceApplicationMetadata } from "../clients/replace-application-metadata";
import { resolveTenant } from "../clients/resolve-tenant";
import { toClientMetadata } from "../clients/to-client-metadata";
import { clientIpOf } from "../http/client-ip";
import { NO_STORE, jsonResponse } from "../http/responses";
import { readJsonObject } from "../http/read-body";
import { invalidToken } from "../oauth/errors";
import { pendingChecks, settlePendingChecks } from "../oauth/token/pending-checks";
import { invalidMetadata } from "../clients/client-metadata-error";
import { currentIssuerContext, isServedTenant } from "../tenants/issuer-context";

export async function registerClient(request: Request): Promise<Response> {
  const actor = await authenticateAdminToken(request.headers.get("authorization"));
  const body = await registrationInTenantOfIssuer(await readJsonObject(request, "invalid_client_metadata"), actor);
  const created = await createApplication(body, actor);
  return jsonResponse(
    {
      ...toClientMetadata(created.application),
      ...(created.clientSecret ? { client_secret: created.clientSecret } : {}),
      registration_access_token: created.registrationAccessToken,
    },
    201,
    NO_STORE,
  );
}

/**
 * Registration on a tenant domain creates the client in that tenant: another tenant's
 * `tenant_id` is refused. On PUBLIC_URL the tenant the client would join (the requested, the
 * token's or the default one) must be served there, a test tenant without a domain: a client
 * created elsewhere would be unknown at every endpoint of this issuer.
 */
async function registrationInTenantOfIssuer(body: Record<string, unknown>, actor: Actor): Promise<Record<string, unknown>> {
  const context = currentIssuerContext();
  if (context.kind === "tenant") {
    const requested = typeof body.tenant_id === "string" ? body.tenant_id : (actor.tenantId ?? undefined);
    if (requested !== undefined && requested !== context.tenantId) throw invalidMetadata("tenant_id", "tenant_id: this issuer registers applications only in its own tenant");
    return { ...body, tenant_id: context.tenantId };
  }
  const tenant = await resolveTenant(body, actor);
  if (!(await isServedTenant(tenant))) {
    throw invalidMetadata(
      "tenant_id",
      tenant.environment === "production" ? "tenant_id: a production tenant is served only on its own domains: register there" : "tenant_id: this tenant is served on its own domain: register there",
    );
  }
  return { ...body, tenant_id: tenant.id };
}

async function authorizeConfiguration(request: Request, clientId: string) {
  const token = bearerToken(request.headers.get("authorization"));
  if (!token) throw missingBearer("The registration access token is required: Authorization: Bearer <token>");
  // Abuse limits (lib/abuse/limits.ts): the registration access token authenticates the client,
  // so a blocked pair or IP gets 429 before the token is looked at, and a wrong one is counted.
  const limits = clientLimits(clientId, clientIpOf(request));
  await settlePendingChecks(pendingChecks(limits));
  const found = await findByRegistrationToken(clientId, token);
  // Another issuer's client is unknown here.
  const application = found && (await isServedTenant(found.tenant)) ? found : null;
  // RFC 7592 §2: an unknown client and a wrong token look the same (401), revealing nothing.
  if (!application) {
    await countClientFailure(limits);
    throw invalidToken("The registration access token is not valid for this client");
  }
  const actor: Actor = { type: "registration_token", id: application.clientId, tenantId: application.tenantId };
  return { application, actor };
}

export async function readClientConfiguration(request: Request, clientId: string): Promise<Response> {
  const { application } = await authorizeConfiguration(request, clientId);
  return jsonResponse(toClientMetadata(application), 200, NO_STORE);
}

export async function updateClientConfiguration(request: Request, clientId: string): Promise<Response> {
  const { application, actor } = await authorizeConfiguration(request, clientId);
  const body = await readJsonObject(request, "invalid_client_metadata");
  const presentedSecret = typeof body.client_secret === "string" ? body.client_secret : undefined;
  const updated = await replaceApplicationMetadata(application, body, actor, presentedSecret);
  return jsonResponse(
    { ...toClientMetadata(updated.application), ...(updated.clientSecret ? { client_secret: updated.clientSecret } : {}) },
    200,
    NO_STORE,
  );
}

export async function deleteClientConfiguration(request: Request, clientId: string): Promise<Response> {
  const { application, actor } = await authorizeConfiguration(request, clientId);
  await deleteApplication(application, actor);
  return new Response(null, { status: 204, headers: NO_STORE });
}
