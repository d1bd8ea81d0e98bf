/**
 * The admin API's tenant resource (design §14), platform token (PORTA_ADMIN_TOKEN) only:
 * POST  /api/v1/tenants               {name, environment, domains?} → 201 {id, name, environment, domains}
 * PATCH /api/v1/tenants/{tenant_id}   {name?, domains?}             → 200 the tenant
 * A bad member is 400 `{error: "invalid_request", error_description, field}`.
 */
import { authenticateAdminToken } from "../admin/authenticate-admin-token";
import type { Actor } from "../audit/record-audit";
import { NO_STORE, jsonResponse, withOAuthErrors } from "../http/responses";
import { readJsonObject } from "../http/read-body";
import { OAuthError } from "../oauth/errors";
import { createTenant, DuplicateTenantError, ZTenantInputSchema } from "../tenants/create-tenant";
import { parseDomains, TenantFieldError } from "../tenants/domains";
import { findTenantResource, updateTenant, type TenantChange } from "../tenants/tenant-domains";

const CREATE_MEMBERS = new Set(["name", "environment", "domains"]);
const PATCH_MEMBERS = new Set(["name", "domains"]);

function fieldErrorResponse(error: TenantFieldError): Response {
  return jsonResponse({ error: "invalid_request", error_description: error.message, field: error.field }, 400, NO_STORE);
}

/** Field errors become their JSON; everything else goes to withOAuthErrors. */
function withFieldErrors(endpoint: string, fn: () => Promise<Response>): Promise<Response> {
  return withOAuthErrors(endpoint, async () => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof TenantFieldError) return fieldErrorResponse(error);
      if (error instanceof DuplicateTenantError) return fieldErrorResponse(new TenantFieldError("name", error.message));
      throw error;
    }
  });
}

async function platformActor(request: Request): Promise<Actor> {
  const actor = await authenticateAdminToken(request.headers.get("authorization"));
  if (actor.type !== "bootstrap_token") throw new OAuthError("insufficient_scope", "Tenants are created and changed with the platform token (PORTA_ADMIN_TOKEN)");
  return actor;
}

function refuseUnknownMembers(body: Record<string, unknown>, allowed: ReadonlySet<string>): void {
  const unknown = Object.keys(body).find((member) => !allowed.has(member));
  if (unknown === undefined) return;
  const hint = unknown === "environment" ? "a tenant's environment cannot be changed" : `allowed: ${[...allowed].join(", ")}`;
  throw new TenantFieldError(unknown, `Unknown or read-only member ${unknown} (${hint})`);
}

const ZName = ZTenantInputSchema.shape.name;

function parseName(value: unknown): string {
  const parsed = ZName.safeParse(value);
  if (!parsed.success) throw new TenantFieldError("name", typeof value === "string" ? parsed.error.issues[0]!.message : "name is a string");
  return parsed.data;
}

export function createTenantResource(request: Request): Promise<Response> {
  return withFieldErrors("admin.tenants.create", async () => {
    const actor = await platformActor(request);
    const body = await readJsonObject(request, "invalid_request");
    refuseUnknownMembers(body, CREATE_MEMBERS);
    const name = parseName(body.name);
    const environment = ZTenantInputSchema.shape.environment.safeParse(body.environment);
    if (!environment.success) throw new TenantFieldError("environment", 'environment is "test" or "production"');
    const domains = body.domains === undefined ? [] : parseDomains(body.domains);
    const tenant = await createTenant({ name, environment: environment.data, domains }, null, actor);
    return jsonResponse({ id: tenant.id, name: tenant.name, environment: tenant.environment, domains: [...domains].sort() }, 201, NO_STORE);
  });
}

export function updateTenantResource(request: Request, tenantId: string): Promise<Response> {
  return withFieldErrors("admin.tenants.update", async () => {
    const actor = await platformActor(request);
    if (!(await findTenantResource(tenantId))) throw new OAuthError("not_found", "No such tenant");
    const body = await readJsonObject(request, "invalid_request");
    refuseUnknownMembers(body, PATCH_MEMBERS);
    const change: TenantChange = {};
    if (body.name !== undefined) change.name = parseName(body.name);
    if (body.domains !== undefined) change.domains = parseDomains(body.domains);
    const updated = await updateTenant(tenantId, change, actor);
    if (!updated) throw new OAuthError("not_found", "No such tenant");
    return jsonResponse(updated, 200, NO_STORE);
  });
}
