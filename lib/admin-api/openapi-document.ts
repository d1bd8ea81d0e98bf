/**
 * The admin API's OpenAPI 3.1 document, generated from the operations' own zod schemas (zod 4's
 * JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is): request bodies and parameters
 * as the API accepts them (io "input"), answers as it writes them (io "output").
 */
import { z } from "zod";
import { PROTOCOL_PATHS } from "../http/protocol-paths";
import type { AdminOperation } from "./define-operation";
import { ZErrorSchema } from "./schemas";

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema>; responses: Record<string, JsonSchema> };
  security: Record<string, string[]>[];
}

const DIALECT = "https://json-schema.org/draft/2020-12/schema";

export const TAG_DESCRIPTIONS: Record<string, string> = {
  Tenants:
    "A tenant is `{id, name, environment, domains}`. Each domain is an issuer of its own; PUBLIC_URL serves the test tenants without a domain, and a production tenant is served only on its domains. Creating, changing and deleting tenants needs the platform token.",
  Applications: "Relying parties, as RFC 7591 client metadata, and their webhook deliveries.",
  "eID connections": "A production tenant's connections to real eIDs. Secrets are write-only.",
  Keys: "The tenant's ID token signing keys: next → current → retired.",
  Audit: "Every change in the tenant: who, what, when, before and after (never secrets).",
  Admins: "The people who administer the tenant in the dashboard, and their roles.",
  "Admin tokens": "Tenant-scoped tokens for this API.",
  Document: "This document.",
};

const ERRORS: Record<number, string> = {
  400: "Malformed JSON, a bad parameter or a refused member (`field` names it)",
  401: "No admin token, or not a valid one",
  403: "The operation needs the platform token (insufficient_scope)",
  404: "No such resource, or one the token's tenant does not own",
  409: "The change conflicts with the resource's state",
  413: "The body exceeds 64 KiB",
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

function parameters(op: AdminOperation): JsonSchema[] {
  const path = Object.entries(shapeOf(op.params)).map(([name, schema]) => ({ name, in: "path", required: true, schema: jsonSchema(schema, "input") }));
  const query = Object.entries(shapeOf(op.query)).map(([name, schema]) => {
    const { description, ...rest } = jsonSchema(schema, "input");
    return { name, in: "query", required: !schema.safeParse(undefined).success, ...(description ? { description } : {}), schema: rest };
  });
  return [...path, ...query];
}

function errorStatuses(op: AdminOperation): number[] {
  const statuses = new Set(op.errors ?? []);
  if (!op.isPublic) statuses.add(401);
  if (op.body || op.query) statuses.add(400);
  if (op.body) statuses.add(413);
  if (op.params) statuses.add(404);
  return [...statuses].sort();
}

function operationObject(op: AdminOperation): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(op.responses)) {
    responses[status] = spec.schema ? { description: spec.description, content: { "application/json": { schema: jsonSchema(spec.schema, "output") } } } : { description: spec.description };
  }
  for (const status of errorStatuses(op)) responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  const params = parameters(op);
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } } } : {}),
    responses,
    ...(op.isPublic ? { security: [] } : {}),
  };
}

export function buildOpenApiDocument(operations: readonly AdminOperation[]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations) {
    const path = PROTOCOL_PATHS[op.path];
    (paths[path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, description] of Object.entries(ERRORS)) {
    responses[`Error${status}`] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  const tags = [...new Set(operations.map((op) => op.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Porta admin API",
      version: "1",
      description:
        "Administer tenants, applications, eID connections, keys, webhook deliveries, audit entries, admins and tokens. Authenticate with `Authorization: Bearer <admin token>`: the platform token (PORTA_ADMIN_TOKEN) reaches every tenant, a tenant's token only its own (another tenant's resources answer 404). Lists are `{items, next_cursor}`: pass `next_cursor` back as `cursor`; `limit` is 1 to 100 (default 50).",
    },
    jsonSchemaDialect: DIALECT,
    tags,
    paths,
    components: {
      schemas: { Error: jsonSchema(ZErrorSchema, "output") },
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An admin token: PORTA_ADMIN_TOKEN or a tenant's token from the dashboard or POST /api/v1/tenants/{tenant_id}/tokens" } },
      responses,
    },
    security: [{ bearer: [] }],
  };
}
