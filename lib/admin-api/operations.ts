/**
 * The admin API (`/api/v1`, bearer admin tokens): every operation, once. The routing table
 * (lib/endpoints/protocol-routes.ts) takes each path's handlers from here and answers their errors
 * in the admin channel; the OpenAPI document served at /api/v1/openapi.json (and rendered in the
 * dashboard) is generated from the same list.
 *
 * This folder is the whole admin API:
 * - `resources/<resource>.ts`: one module per resource, its operations (`defineOperation`: path
 *   name, method, zod schemas, a handler over the same lib/ service the dashboard uses);
 * - what every operation shares: `define-operation.ts` (authenticate → parse → handle → JSON),
 *   `scope.ts` (what a token reaches), `api-errors.ts` (errors naming the member at fault),
 *   `cursor.ts` and `paging.ts` (lists), `schemas.ts`, `openapi-document.ts`.
 * Who the admins are (accounts, passwords, roles and memberships, invitations, admin tokens) is
 * lib/admin, which the dashboard and these resources both call; nothing HTTP lives there.
 */
import { z } from "zod";
import { definePublicOperation, type AdminMethod, type AdminOperation } from "./define-operation";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi-document";
import type { ProtocolPathName } from "../http/protocol-paths";
import { ADMIN_OPERATIONS } from "./resources/admins";
import { APPLICATION_OPERATIONS } from "./resources/applications";
import { AUDIT_OPERATIONS } from "./resources/audit";
import { EID_CONNECTION_OPERATIONS } from "./resources/eid-connections";
import { KEY_OPERATIONS } from "./resources/keys";
import { TENANT_OPERATIONS } from "./resources/tenants";
import { TOKEN_OPERATIONS } from "./resources/tokens";

let document: OpenApiDocument | undefined;

const OPENAPI_OPERATION = definePublicOperation({
  path: "adminOpenApi",
  method: "GET",
  operationId: "getOpenApiDocument",
  tag: "Document",
  summary: "This OpenAPI 3.1 document",
  description: "Needs no token.",
  responses: {
    200: {
      description: "The OpenAPI 3.1 document",
      schema: z.object({ openapi: z.literal("3.1.0"), info: z.object({ title: z.string(), version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) }).loose(),
    },
  },
  reply: async () => ({ status: 200, body: openApiDocument() }),
});

export const ADMIN_API_OPERATIONS: readonly AdminOperation[] = [
  ...TENANT_OPERATIONS,
  ...APPLICATION_OPERATIONS,
  ...EID_CONNECTION_OPERATIONS,
  ...KEY_OPERATIONS,
  ...AUDIT_OPERATIONS,
  ...ADMIN_OPERATIONS,
  ...TOKEN_OPERATIONS,
  OPENAPI_OPERATION,
];

/** The document (built once per process: the schemas do not change while it runs). */
export function openApiDocument(): OpenApiDocument {
  document ??= buildOpenApiDocument(ADMIN_API_OPERATIONS);
  return document;
}

type AdminHandler = (request: Request, params: Readonly<Record<string, string>>) => Promise<Response>;

/** A path's handlers by method, for the routing table (which answers their errors in the admin channel). */
export function adminHandlers(path: ProtocolPathName): Partial<Record<AdminMethod, AdminHandler>> {
  const methods: Partial<Record<AdminMethod, AdminHandler>> = {};
  for (const op of ADMIN_API_OPERATIONS) if (op.path === path) methods[op.method] = (request, params) => op.serve(request, params);
  if (Object.keys(methods).length === 0) throw new Error(`no admin API operation serves ${path}`);
  return methods;
}
