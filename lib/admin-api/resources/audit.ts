/** The admin API's audit log of a tenant: every change, who made it, before and after (never secrets); newest first. */
import { z } from "zod";
import { defineOperation } from "../define-operation";
import { keysetPage } from "../paging";
import { tenantInScope } from "../scope";
import { iso, pageSchema, ZListQuerySchema, ZTenantParamsSchema, ZTimestampSchema } from "../schemas";
import { listAuditPage } from "../../audit/list-audit-page";

export const ZAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string().meta({ description: "e.g. application.create, tenant.update, keys.rotate.oidc" }),
  actor_type: z.string(),
  actor_id: z.string().nullable(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  created_at: ZTimestampSchema,
});

const ZAuditQuerySchema = ZListQuerySchema.extend({
  action: z.string().min(1).max(100).optional().meta({ description: "Only actions starting with this, e.g. application." }),
});

export const AUDIT_OPERATIONS = [
  defineOperation({
    path: "adminAudit",
    method: "GET",
    operationId: "listAuditEntries",
    tag: "Audit",
    summary: "List a tenant's audit entries",
    params: ZTenantParamsSchema,
    query: ZAuditQuerySchema,
    responses: { 200: { description: "A page of entries, newest first", schema: pageSchema(ZAuditEntrySchema) } },
    errors: [404],
    handle: async ({ actor, params, query }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      // The filter is part of the list a cursor continues.
      const scope = `audit:${tenant.id}:${query.action ?? ""}`;
      return {
        status: 200,
        body: await keysetPage(scope, query, (page) => listAuditPage(tenant.id, page, query.action), (e) => ({
          id: e.id,
          action: e.action,
          actor_type: e.actorType,
          actor_id: e.actorId,
          target_type: e.targetType,
          target_id: e.targetId,
          ...(e.before !== null ? { before: e.before } : {}),
          ...(e.after !== null ? { after: e.after } : {}),
          created_at: iso(e.createdAt),
        })),
      };
    },
  }),
];
