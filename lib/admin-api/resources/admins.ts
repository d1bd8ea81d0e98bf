/**
 * The admin API's admins of a tenant over lib/admin/members.ts: GET list, POST invite
 * `{email, role}` → `{invite_url}` (shown once, valid 7 days), PATCH a role, DELETE; never the last
 * owner (409).
 */
import { z } from "zod";
import { defineOperation } from "../define-operation";
import { arrayPage } from "../paging";
import { tenantInScope } from "../scope";
import { iso, pageSchema, ZListQuerySchema, ZTenantParamsSchema, ZTimestampSchema, ZUuidParamSchema } from "../schemas";
import { inviteAdmin, listAdmins, removeAdmin, setAdminRole, ZMemberRoleSchema, type TenantAdmin } from "../../admin/members";

export const ZTenantAdminSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable(), role: z.enum(["owner", "member"]), created_at: ZTimestampSchema });

const ZAdminParamsSchema = z.object({ tenant_id: ZUuidParamSchema, admin_id: ZUuidParamSchema });

const toAdmin = (a: TenantAdmin): z.output<typeof ZTenantAdminSchema> => ({ id: a.id, email: a.email, name: a.name, role: a.role, created_at: iso(a.createdAt) });

export const ADMIN_OPERATIONS = [
  defineOperation({
    path: "adminAdmins",
    method: "GET",
    operationId: "listAdmins",
    tag: "Admins",
    summary: "List a tenant's admins",
    params: ZTenantParamsSchema,
    query: ZListQuerySchema,
    responses: { 200: { description: "A page of admins, owners first", schema: pageSchema(ZTenantAdminSchema) } },
    errors: [404],
    handle: async ({ actor, params, query }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      return { status: 200, body: arrayPage(`admins:${tenant.id}`, query, await listAdmins(tenant.id), (a) => a.id, toAdmin) };
    },
  }),
  defineOperation({
    path: "adminAdmins",
    method: "POST",
    operationId: "inviteAdmin",
    tag: "Admins",
    summary: "Invite an admin",
    description: "The invitation link is answered once (only its hash is stored) and expires after 7 days. An existing admin of the tenant is refused with 409.",
    params: ZTenantParamsSchema,
    // Email and role are checked by the service (its messages name the field); here only the shape.
    body: z.strictObject({ email: z.string().max(320), role: z.string().max(20) }),
    documentedBody: z.strictObject({ email: z.email(), role: ZMemberRoleSchema }),
    responses: { 201: { description: "The invitation", schema: z.object({ invite_url: z.string(), expires_at: ZTimestampSchema }) } },
    errors: [404, 409],
    handle: async ({ actor, params, body }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      const invited = await inviteAdmin(tenant.id, { email: body.email, role: body.role as z.output<typeof ZMemberRoleSchema> }, actor);
      return { status: 201, body: { invite_url: invited.inviteUrl, expires_at: iso(invited.expiresAt) } };
    },
  }),
  defineOperation({
    path: "adminAdmin",
    method: "PATCH",
    operationId: "setAdminRole",
    tag: "Admins",
    summary: "Change an admin's role",
    description: "A tenant keeps at least one owner: demoting the last one is refused with 409.",
    params: ZAdminParamsSchema,
    body: z.strictObject({ role: z.string().max(20) }),
    documentedBody: z.strictObject({ role: ZMemberRoleSchema }),
    responses: { 200: { description: "The admin", schema: ZTenantAdminSchema } },
    errors: [404, 409],
    handle: async ({ actor, params, body }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      return { status: 200, body: toAdmin(await setAdminRole(tenant.id, params.admin_id, body.role as z.output<typeof ZMemberRoleSchema>, actor)) };
    },
  }),
  defineOperation({
    path: "adminAdmin",
    method: "DELETE",
    operationId: "removeAdmin",
    tag: "Admins",
    summary: "Remove an admin from the tenant",
    description: "The last owner cannot be removed (409).",
    params: ZAdminParamsSchema,
    responses: { 204: { description: "Removed" } },
    errors: [404, 409],
    handle: async ({ actor, params }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      await removeAdmin(tenant.id, params.admin_id, actor);
      return { status: 204 };
    },
  }),
];
