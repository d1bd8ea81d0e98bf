/**
 * The admin API's applications: a tenant's list and POST create (RFC 7591 metadata,
 * answered as registration answers: with `client_secret` and `registration_access_token` once),
 * one application by client_id: GET, PATCH (partial metadata: each member named replaces that
 * member, null removes it; validated as registration validates), DELETE; POST …/secret issues a
 * new client secret (shown once); GET …/webhook-deliveries, newest first.
 */
import { z } from "zod";
import { ApiFieldError } from "../api-errors";
import { defineOperation } from "../define-operation";
import { keysetPage } from "../paging";
import { applicationInScope, tenantInScope } from "../scope";
import { iso, pageSchema, ZClientParamsSchema, ZJsonObjectSchema, ZListQuerySchema, ZTenantParamsSchema, ZTimestampSchema } from "../schemas";
import { createApplication } from "../../clients/create-application";
import { deleteApplication } from "../../clients/delete-application";
import { listApplicationRecords } from "../../clients/list-application-records";
import { rotateClientSecret } from "../../clients/rotate-client-secret";
import { ZClientMetadataSchema } from "../../clients/schemas";
import { toClientMetadata } from "../../clients/to-client-metadata";
import { updateApplicationMetadata } from "../../clients/update-application-metadata";
import { listWebhookDeliveryPage } from "../../webhooks/list-webhook-delivery-page";

/** Client metadata as read back (RFC 7591 §3.2.1), with Porta's members. */
export const ZApplicationSchema = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.number().int(),
    client_secret_expires_at: z.number().int().optional(),
    client_name: z.string(),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
    token_endpoint_auth_method: z.string(),
    id_token_signed_response_alg: z.string(),
    require_pushed_authorization_requests: z.boolean(),
    default_acr_values: z.array(z.string()),
    enabled_acr_values: z.array(z.string()),
    tenant_id: z.uuid(),
    environment: z.enum(["test", "production"]),
    scope_strategy: z.enum(["dynamic", "static"]),
    require_jti: z.boolean(),
    consent_required: z.boolean(),
    webhook: z.object({ id: z.string(), url: z.string(), claim_whitelist: z.array(z.string()), timeout_ms: z.number().int() }).optional(),
    registration_client_uri: z.string(),
  })
  .loose()
  .meta({ description: "RFC 7591 client information; optional members appear when set" });

const ZRegisteredSchema = ZApplicationSchema.extend({
  client_secret: z.string().optional().meta({ description: "Shown once, for secret-based token_endpoint_auth_method" }),
  registration_access_token: z.string().meta({ description: "RFC 7592 token for /oauth2/register/{client_id}; shown once" }),
});

const ZUpdatedSchema = ZApplicationSchema.extend({
  client_secret: z.string().optional().meta({ description: "Present once when the change switched to a secret-based method" }),
});

/** The documented PATCH body: any metadata member, or null to remove it. */
const ZMetadataPatchSchema = z.object({
  ...Object.fromEntries(Object.entries(ZClientMetadataSchema.shape).map(([member, schema]) => [member, schema.nullable().optional()])),
  client_id: z.string().optional().meta({ description: "May repeat the client_id, not change it" }),
});

const ZSecretSchema = z.object({ client_id: z.string(), client_secret: z.string(), client_secret_expires_at: z.literal(0) });

export const ZDeliverySchema = z.object({
  id: z.uuid(),
  event: z.string(),
  attempt: z.number().int(),
  status: z.number().int().nullable().meta({ description: "The webhook's HTTP status; null when no answer came" }),
  latency_ms: z.number().int(),
  outcome: z.string(),
  error_kind: z.string().nullable(),
  is_test: z.boolean(),
  conversation_id: z.string().nullable(),
  created_at: ZTimestampSchema,
});

export const APPLICATION_OPERATIONS = [
  defineOperation({
    path: "adminTenantApplications",
    method: "GET",
    operationId: "listApplications",
    tag: "Applications",
    summary: "List a tenant's applications",
    params: ZTenantParamsSchema,
    query: ZListQuerySchema,
    responses: { 200: { description: "A page of applications, newest first", schema: pageSchema(ZApplicationSchema) } },
    errors: [404],
    handle: async ({ actor, params, query }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      return { status: 200, body: await keysetPage(`applications:${tenant.id}`, query, (page) => listApplicationRecords(tenant.id, page), (app) => toClientMetadata(app)) };
    },
  }),
  defineOperation({
    path: "adminTenantApplications",
    method: "POST",
    operationId: "createApplication",
    tag: "Applications",
    summary: "Register an application (RFC 7591 metadata)",
    description: "Validated and answered as POST /oauth2/register answers; the client secret and registration access token are shown once.",
    params: ZTenantParamsSchema,
    body: ZJsonObjectSchema,
    documentedBody: ZClientMetadataSchema,
    responses: { 201: { description: "The registered application", schema: ZRegisteredSchema } },
    errors: [404],
    handle: async ({ actor, params, body }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      if (body.tenant_id !== undefined && body.tenant_id !== tenant.id) throw new ApiFieldError("tenant_id", "tenant_id: must be the tenant of the path, or left out");
      const created = await createApplication({ ...body, tenant_id: tenant.id }, actor);
      return {
        status: 201,
        body: {
          ...toClientMetadata(created.application),
          ...(created.clientSecret ? { client_secret: created.clientSecret } : {}),
          registration_access_token: created.registrationAccessToken,
        },
      };
    },
  }),
  defineOperation({
    path: "adminApplication",
    method: "GET",
    operationId: "getApplication",
    tag: "Applications",
    summary: "Read an application",
    params: ZClientParamsSchema,
    responses: { 200: { description: "The application", schema: ZApplicationSchema } },
    errors: [404],
    handle: async ({ actor, params }) => ({ status: 200, body: toClientMetadata(await applicationInScope(actor, params.client_id)) }),
  }),
  defineOperation({
    path: "adminApplication",
    method: "PATCH",
    operationId: "updateApplication",
    tag: "Applications",
    summary: "Change some of an application's metadata",
    description: "Each member sent replaces that member; null removes it (back to its default); members not sent keep their values. The result is validated as registration validates.",
    params: ZClientParamsSchema,
    body: ZJsonObjectSchema,
    documentedBody: ZMetadataPatchSchema,
    responses: { 200: { description: "The application", schema: ZUpdatedSchema } },
    errors: [404],
    handle: async ({ actor, params, body }) => {
      const updated = await updateApplicationMetadata(await applicationInScope(actor, params.client_id), body, actor);
      return { status: 200, body: { ...toClientMetadata(updated.application), ...(updated.clientSecret ? { client_secret: updated.clientSecret } : {}) } };
    },
  }),
  defineOperation({
    path: "adminApplication",
    method: "DELETE",
    operationId: "deleteApplication",
    tag: "Applications",
    summary: "Delete an application",
    params: ZClientParamsSchema,
    responses: { 204: { description: "Deleted" } },
    errors: [404],
    handle: async ({ actor, params }) => {
      await deleteApplication(await applicationInScope(actor, params.client_id), actor);
      return { status: 204 };
    },
  }),
  defineOperation({
    path: "adminApplicationSecret",
    method: "POST",
    operationId: "rotateApplicationSecret",
    tag: "Applications",
    summary: "Issue a new client secret",
    description: "The old secret stops working at once; the new one is shown only in this answer. Only for client_secret_basic and client_secret_post.",
    params: ZClientParamsSchema,
    responses: { 200: { description: "The new secret", schema: ZSecretSchema } },
    errors: [400, 404],
    handle: async ({ actor, params }) => {
      const application = await applicationInScope(actor, params.client_id);
      const secret = await rotateClientSecret(application, actor);
      return { status: 200, body: { client_id: application.clientId, client_secret: secret, client_secret_expires_at: 0 } };
    },
  }),
  defineOperation({
    path: "adminApplicationDeliveries",
    method: "GET",
    operationId: "listWebhookDeliveries",
    tag: "Applications",
    summary: "List an application's webhook deliveries",
    description: "Every attempt to call the application's webhook, newest first (no personal data is logged).",
    params: ZClientParamsSchema,
    query: ZListQuerySchema,
    responses: { 200: { description: "A page of deliveries, newest first", schema: pageSchema(ZDeliverySchema) } },
    errors: [404],
    handle: async ({ actor, params, query }) => {
      const application = await applicationInScope(actor, params.client_id);
      return {
        status: 200,
        body: await keysetPage(`deliveries:${application.id}`, query, (page) => listWebhookDeliveryPage(application.id, page), (d) => ({
          id: d.id,
          event: d.event,
          attempt: d.attempt,
          status: d.status,
          latency_ms: d.latencyMs,
          outcome: d.outcome,
          error_kind: d.errorKind,
          is_test: d.isTest,
          conversation_id: d.conversationId,
          created_at: iso(d.createdAt),
        })),
      };
    },
  }),
];
