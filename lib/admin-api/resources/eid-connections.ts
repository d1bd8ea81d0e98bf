/**
 * The admin API's eID connections: a production tenant's connection per eID family, of one of
 * the connection kinds (lib/eid/connection-kinds: an upstream OpenID Connect provider, the Swedish
 * BankID RP API). GET list, POST create, and by id GET, PATCH, DELETE, POST …/test (reach the eID
 * with the saved configuration). Secrets are write-only: an answer says which of the kind's
 * secrets are set (`secrets_set`), never their values.
 */
import { z } from "zod";
import { conflict, notFound } from "../api-errors";
import { defineOperation } from "../define-operation";
import { arrayPage } from "../paging";
import { tenantInScope } from "../scope";
import { iso, pageSchema, ZJsonObjectSchema, ZListQuerySchema, ZNullableTimestampSchema, ZTenantParamsSchema, ZTimestampSchema, ZUuidParamSchema } from "../schemas";
import { CONNECTION_KIND_NAMES, CONNECTION_KINDS, connectionKindOf, operatorSecretNames, secretsSetOf } from "../../eid/connection-kinds";
import { testConnection } from "../../eid/connections/check";
import { connectableFamilies, deleteConnection, findConnection, findConnectionById, listConnections, saveConnection, type Connection } from "../../eid/connections/service";
import { isEidFamily } from "../../eid/families";

const KINDS = CONNECTION_KIND_NAMES;

export const ZEidConnectionSchema = z.object({
  id: z.uuid(),
  family: z.string().meta({ description: "The eID family, e.g. dk-mitid, se-bankid" }),
  kind: z.enum(KINDS),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()).meta({ description: "The non-secret settings of its kind" }),
  secrets_set: z.array(z.string()).meta({ description: "Which secrets are stored (their values are never returned)" }),
  last_check: z.object({ checked_at: ZTimestampSchema, ok: z.boolean(), note: z.string() }).nullable(),
  updated_at: ZTimestampSchema,
});

const ZSettingsDocumentSchema = z
  .union(CONNECTION_KINDS.map((kind) => kind.settings))
  .meta({ description: CONNECTION_KINDS.map((kind) => `${kind.name}: ${Object.keys(kind.settings.shape).join(", ")}`).join("; ") });
const ZSettingsPatchDocumentSchema = z.union(CONNECTION_KINDS.map((kind) => kind.settings.partial())).meta({ description: "The settings to change; the others keep their values" });
const ZSecretsDocumentSchema = z
  .object(Object.fromEntries(operatorSecretNames().map((name) => [name, z.string()])))
  .partial()
  .meta({ description: "Write-only. A secret left out (or empty) keeps the stored one" });

const ZSecretsInputSchema = z.record(z.string(), z.string().max(40_000));

const ZConnectableFamilySchema = z.string().refine((family) => isEidFamily(family) && connectableFamilies().some((f) => f.family === family), {
  error: `not an eID family a production tenant can connect (${connectableFamilies().map((f) => f.family).join(", ")})`,
});

const ZConnectionCreateSchema = z.strictObject({ family: ZConnectableFamilySchema, kind: z.enum(KINDS), settings: ZJsonObjectSchema, secrets: ZSecretsInputSchema.optional(), enabled: z.boolean().optional() });
const ZConnectionPatchSchema = z.strictObject({ kind: z.enum(KINDS).optional(), settings: ZJsonObjectSchema.optional(), secrets: ZSecretsInputSchema.optional(), enabled: z.boolean().optional() });

const ZConnectionParamsSchema = z.object({ tenant_id: ZUuidParamSchema, connection_id: ZUuidParamSchema });

/** A connection as the admin API answers it: its settings, and which of its secrets are set. */
export function toConnection(c: Connection): z.output<typeof ZEidConnectionSchema> {
  return {
    id: c.id,
    family: c.family,
    kind: c.kind,
    enabled: c.enabled,
    settings: { ...c.settings },
    secrets_set: secretsSetOf(connectionKindOf(c), c.secrets),
    last_check: c.lastCheckedAt ? { checked_at: iso(c.lastCheckedAt), ok: c.lastCheckOk ?? false, note: c.lastCheckNote ?? "" } : null,
    updated_at: iso(c.updatedAt),
  };
}

async function connectionInScope(actor: Parameters<typeof tenantInScope>[0], tenantId: string, id: string): Promise<Connection> {
  await tenantInScope(actor, tenantId);
  const connection = await findConnectionById(tenantId, id);
  if (!connection) throw notFound("eID connection");
  return connection;
}

export const EID_CONNECTION_OPERATIONS = [
  defineOperation({
    path: "adminEidConnections",
    method: "GET",
    operationId: "listEidConnections",
    tag: "eID connections",
    summary: "List a tenant's eID connections",
    params: ZTenantParamsSchema,
    query: ZListQuerySchema,
    responses: { 200: { description: "A page of connections, by family", schema: pageSchema(ZEidConnectionSchema) } },
    errors: [404],
    handle: async ({ actor, params, query }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      return { status: 200, body: arrayPage(`eid-connections:${tenant.id}`, query, await listConnections(tenant.id), (c) => c.id, toConnection) };
    },
  }),
  defineOperation({
    path: "adminEidConnections",
    method: "POST",
    operationId: "createEidConnection",
    tag: "eID connections",
    summary: "Connect an eID family (production tenants)",
    description: "One connection per family: a second one for the same family is refused with 409 (PATCH the first).",
    params: ZTenantParamsSchema,
    body: ZConnectionCreateSchema,
    documentedBody: z.strictObject({ family: z.string(), kind: z.enum(KINDS), settings: ZSettingsDocumentSchema, secrets: ZSecretsDocumentSchema.optional(), enabled: z.boolean().optional() }),
    responses: { 201: { description: "The connection", schema: ZEidConnectionSchema } },
    errors: [404, 409],
    handle: async ({ actor, params, body }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      if (isEidFamily(body.family) && (await findConnection(tenant.id, body.family))) {
        throw conflict(`The tenant already has a ${body.family} connection: change it with PATCH`, "family");
      }
      const saved = await saveConnection(tenant.id, { family: body.family, kind: body.kind, settings: body.settings, secrets: body.secrets ?? {}, enabled: body.enabled ?? true }, actor);
      return { status: 201, body: toConnection(saved) };
    },
  }),
  defineOperation({
    path: "adminEidConnection",
    method: "GET",
    operationId: "getEidConnection",
    tag: "eID connections",
    summary: "Read an eID connection",
    params: ZConnectionParamsSchema,
    responses: { 200: { description: "The connection", schema: ZEidConnectionSchema } },
    errors: [404],
    handle: async ({ actor, params }) => ({ status: 200, body: toConnection(await connectionInScope(actor, params.tenant_id, params.connection_id)) }),
  }),
  defineOperation({
    path: "adminEidConnection",
    method: "PATCH",
    operationId: "updateEidConnection",
    tag: "eID connections",
    summary: "Change an eID connection",
    description: "`settings` members sent replace those members (all of them when `kind` changes); secrets sent replace the stored ones, secrets left out stay.",
    params: ZConnectionParamsSchema,
    body: ZConnectionPatchSchema,
    documentedBody: z.strictObject({ kind: z.enum(KINDS).optional(), settings: ZSettingsPatchDocumentSchema.optional(), secrets: ZSecretsDocumentSchema.optional(), enabled: z.boolean().optional() }),
    readOnly: { family: "a connection's eID family cannot change: create a connection for the other family", id: "an id cannot change" },
    responses: { 200: { description: "The connection", schema: ZEidConnectionSchema } },
    errors: [404],
    handle: async ({ actor, params, body }) => {
      const existing = await connectionInScope(actor, params.tenant_id, params.connection_id);
      const kind = body.kind ?? existing.kind;
      const settings = kind === existing.kind ? { ...existing.settings, ...body.settings } : (body.settings ?? {});
      const saved = await saveConnection(existing.tenantId, { family: existing.family, kind, settings, secrets: body.secrets ?? {}, enabled: body.enabled ?? existing.enabled }, actor);
      return { status: 200, body: toConnection(saved) };
    },
  }),
  defineOperation({
    path: "adminEidConnection",
    method: "DELETE",
    operationId: "deleteEidConnection",
    tag: "eID connections",
    summary: "Delete an eID connection",
    params: ZConnectionParamsSchema,
    responses: { 204: { description: "Deleted" } },
    errors: [404],
    handle: async ({ actor, params }) => {
      const existing = await connectionInScope(actor, params.tenant_id, params.connection_id);
      await deleteConnection(existing.tenantId, existing.id, actor);
      return { status: 204 };
    },
  }),
  defineOperation({
    path: "adminEidConnectionTest",
    method: "POST",
    operationId: "testEidConnection",
    tag: "eID connections",
    summary: "Test an eID connection",
    description: "Reaches the eID with the saved configuration (discovery, client authentication, JWKS; or the BankID RP API over mutual TLS). The outcome is also recorded on the connection.",
    params: ZConnectionParamsSchema,
    responses: { 200: { description: "The outcome", schema: z.object({ ok: z.boolean(), note: z.string(), checked_at: ZNullableTimestampSchema }) } },
    errors: [404],
    handle: async ({ actor, params }) => {
      const connection = await connectionInScope(actor, params.tenant_id, params.connection_id);
      const outcome = await testConnection(connection);
      const checked = await findConnectionById(connection.tenantId, connection.id);
      return { status: 200, body: { ok: outcome.ok, note: outcome.note, checked_at: iso(checked?.lastCheckedAt ?? null) } };
    },
  }),
];
