/**
 * The admin API's tokens of a tenant: GET list (never the token values), POST create
 * a token scoped to the tenant (its value answered once; only a hash is stored), DELETE revoke.
 */
import { z } from "zod";
import { notFound } from "../api-errors";
import { defineOperation } from "../define-operation";
import { keysetPage } from "../paging";
import { tenantInScope } from "../scope";
import { iso, pageSchema, ZListQuerySchema, ZNullableTimestampSchema, ZTenantParamsSchema, ZTimestampSchema, ZUuidParamSchema } from "../schemas";
import { createAdminToken, revokeAdminToken, ZAdminTokenNameSchema } from "../../admin/admin-tokens";
import { listAdminTokenPage } from "../../admin/list-admin-tokens";

export const ZAdminTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_by: z.string().nullable(),
  created_at: ZTimestampSchema,
  last_used_at: ZNullableTimestampSchema,
  revoked_at: ZNullableTimestampSchema,
});

const ZCreatedTokenSchema = z.object({ id: z.uuid(), name: z.string(), token: z.string().meta({ description: "Shown once; only its hash is stored" }) });

export const TOKEN_OPERATIONS = [
  defineOperation({
    path: "adminTokens",
    method: "GET",
    operationId: "listAdminTokens",
    tag: "Admin tokens",
    summary: "List a tenant's admin API tokens",
    params: ZTenantParamsSchema,
    query: ZListQuerySchema,
    responses: { 200: { description: "A page of tokens, newest first", schema: pageSchema(ZAdminTokenSchema) } },
    errors: [404],
    handle: async ({ actor, params, query }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      return {
        status: 200,
        body: await keysetPage(`tokens:${tenant.id}`, query, (page) => listAdminTokenPage(tenant.id, page), (t) => ({
          id: t.id,
          name: t.name,
          created_by: t.createdBy,
          created_at: iso(t.createdAt),
          last_used_at: iso(t.lastUsedAt),
          revoked_at: iso(t.revokedAt),
        })),
      };
    },
  }),
  defineOperation({
    path: "adminTokens",
    method: "POST",
    operationId: "createAdminToken",
    tag: "Admin tokens",
    summary: "Create an admin API token for the tenant",
    params: ZTenantParamsSchema,
    body: z.strictObject({ name: ZAdminTokenNameSchema }),
    responses: { 201: { description: "The token, its value shown once", schema: ZCreatedTokenSchema } },
    errors: [404],
    handle: async ({ actor, params, body }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      const created = await createAdminToken(tenant.id, body.name, actor);
      return { status: 201, body: { id: created.id, name: body.name, token: created.token } };
    },
  }),
  defineOperation({
    path: "adminToken",
    method: "DELETE",
    operationId: "revokeAdminToken",
    tag: "Admin tokens",
    summary: "Revoke an admin API token",
    params: z.object({ tenant_id: ZUuidParamSchema, token_id: ZUuidParamSchema }),
    responses: { 204: { description: "Revoked" } },
    errors: [404],
    handle: async ({ actor, params }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      if (!(await revokeAdminToken(tenant.id, params.token_id, actor))) throw notFound("token");
      return { status: 204 };
    },
  }),
];
