/**
 * The admin API's tenants: a tenant is `{id, name, environment, domains}`.
 * GET list (the platform token: every tenant; a tenant's token: its own), GET one, and with the
 * platform token only: POST create, PATCH name/domains, DELETE (refused with 409 while the tenant
 * has applications).
 */
import { z } from "zod";
import { conflict, notFound } from "../api-errors";
import { defineOperation } from "../define-operation";
import { keysetPage } from "../paging";
import { tenantInScope } from "../scope";
import { pageSchema, ZListQuerySchema, ZTenantParamsSchema } from "../schemas";
import { createTenant, ZTenantInputSchema } from "../../tenants/create-tenant";
import { deleteTenant } from "../../tenants/delete-tenant";
import { ZDomainListSchema } from "../../tenants/domains";
import { listTenantResources } from "../../tenants/list-tenants";
import { updateTenant, type TenantResource } from "../../tenants/tenant-domains";

export const ZTenantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  environment: z.enum(["test", "production"]),
  domains: z.array(z.string()).meta({
    description: "Host names the tenant is served on, sorted (its issuers). Without one a test tenant is served on PUBLIC_URL, a production tenant nowhere",
  }),
});

const ZTenantNameSchema = ZTenantInputSchema.shape.name;
const ZEnvironmentSchema = z.enum(["test", "production"], { error: 'environment is "test" or "production"' });

const ZTenantCreateSchema = z.strictObject({ name: ZTenantNameSchema, environment: ZEnvironmentSchema, domains: ZDomainListSchema.optional() });
const ZTenantPatchSchema = z.strictObject({ name: ZTenantNameSchema.optional(), domains: ZDomainListSchema.optional() });

const toTenant = (t: TenantResource): z.output<typeof ZTenantSchema> => ({ id: t.id, name: t.name, environment: t.environment, domains: [...t.domains].sort() });

export const TENANT_OPERATIONS = [
  defineOperation({
    path: "adminTenants",
    method: "GET",
    operationId: "listTenants",
    tag: "Tenants",
    summary: "List tenants",
    description: "The platform token lists every tenant; a tenant's token lists its own tenant only. Newest first.",
    query: ZListQuerySchema,
    responses: { 200: { description: "A page of tenants", schema: pageSchema(ZTenantSchema) } },
    handle: async ({ actor, query }) => ({
      status: 200,
      body: await keysetPage("tenants", query, (page) => listTenantResources(page, actor.tenantId ?? undefined), (t) => toTenant(t)),
    }),
  }),
  defineOperation({
    path: "adminTenants",
    method: "POST",
    operationId: "createTenant",
    tag: "Tenants",
    summary: "Create a tenant",
    description:
      "Platform token only. Its signing keys are made with it; owners are invited afterwards. A production tenant is served only on its own `domains`, never on PUBLIC_URL (which serves test tenants): until it has one, its applications cannot log anyone in.",
    platformOnly: true,
    body: ZTenantCreateSchema,
    responses: { 201: { description: "The tenant", schema: ZTenantSchema } },
    errors: [403],
    handle: async ({ actor, body }) => {
      const domains = body.domains ?? [];
      const tenant = await createTenant({ name: body.name, environment: body.environment, domains }, null, actor);
      return { status: 201, body: toTenant({ ...tenant, domains }) };
    },
  }),
  defineOperation({
    path: "adminTenant",
    method: "GET",
    operationId: "getTenant",
    tag: "Tenants",
    summary: "Read a tenant",
    params: ZTenantParamsSchema,
    responses: { 200: { description: "The tenant", schema: ZTenantSchema } },
    errors: [404],
    handle: async ({ actor, params }) => ({ status: 200, body: toTenant(await tenantInScope(actor, params.tenant_id)) }),
  }),
  defineOperation({
    path: "adminTenant",
    method: "PATCH",
    operationId: "updateTenant",
    tag: "Tenants",
    summary: "Rename a tenant or replace its domains",
    description: "Platform token only. `domains` replaces the whole list; the environment cannot change.",
    platformOnly: true,
    params: ZTenantParamsSchema,
    body: ZTenantPatchSchema,
    readOnly: { environment: "a tenant's environment cannot be changed", id: "a tenant's id cannot be changed" },
    responses: { 200: { description: "The tenant", schema: ZTenantSchema } },
    errors: [403, 404],
    handle: async ({ actor, params, body }) => {
      const updated = await updateTenant(params.tenant_id, body, actor);
      if (!updated) throw notFound("tenant");
      return { status: 200, body: toTenant(updated) };
    },
  }),
  defineOperation({
    path: "adminTenant",
    method: "DELETE",
    operationId: "deleteTenant",
    tag: "Tenants",
    summary: "Delete a tenant without applications",
    description: "Platform token only. Its keys, domains, eID connections, admins' memberships and tokens go with it; its audit entries stay. A tenant that still has applications is refused with 409.",
    platformOnly: true,
    params: ZTenantParamsSchema,
    responses: { 204: { description: "Deleted" } },
    errors: [403, 404, 409],
    handle: async ({ actor, params }) => {
      const outcome = await deleteTenant(params.tenant_id, actor);
      if (outcome === "not_found") throw notFound("tenant");
      if (outcome === "has_applications") throw conflict("The tenant still has applications: delete them first");
      return { status: 204 };
    },
  }),
];
