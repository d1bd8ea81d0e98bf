/**
 * One admin API operation in one place: its path and method, its zod schemas (path
 * parameters, query, body, responses) and its handler. The same definition serves the request
 * (authenticate → parameters → query → body → handler → JSON) and writes the OpenAPI document
 * (openapi-document.ts), so the API and its description cannot drift apart.
 */
import { z } from "zod";
import { authenticateAdminToken } from "../admin/authenticate-admin-token";
import type { Actor } from "../audit/record-audit";
import type { ProtocolPathName } from "../http/protocol-paths";
import { readJsonObject, uniqueParams } from "../http/read-body";
import { NO_STORE, jsonResponse } from "../http/responses";
import { OAuthError } from "../oauth/errors";
import { ApiFieldError } from "./api-errors";

export type AdminMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface AdminResponseSpec {
  description: string;
  /** The JSON body; none for 204. */
  schema?: z.ZodType;
}

export interface AdminReply {
  status: number;
  body?: unknown;
}

interface OperationInfo {
  path: ProtocolPathName;
  method: AdminMethod;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** The success answers by status. */
  responses: Readonly<Record<number, AdminResponseSpec>>;
  /** Error statuses it may answer besides 401 (400 for a body, 413 and 404 for path ids are implied). */
  errors?: readonly number[];
}

export interface AdminOperationSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> extends OperationInfo {
  params?: P;
  query?: Q;
  body?: B;
  /** The request body as documented, when the handler hands the raw object to a service that validates it (client metadata). */
  documentedBody?: z.ZodType;
  /** Only the platform token (PORTA_ADMIN_TOKEN); a tenant's token gets 403 insufficient_scope. */
  platformOnly?: boolean;
  /** Members a client may read but not send, and why (a clearer refusal than "unknown member"). */
  readOnly?: Readonly<Record<string, string>>;
  handle(context: { request: Request; actor: Actor; params: z.output<P>; query: z.output<Q>; body: z.output<B> }): Promise<AdminReply>;
}

/** An operation as the routing table and the document generator see it. */
export interface AdminOperation extends OperationInfo {
  isPublic: boolean;
  platformOnly: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answers the request; what it throws, the admin API's error channel answers (api-errors.ts). */
  serve(request: Request, params: Readonly<Record<string, string>>): Promise<Response>;
}

const ZEmptyObjectSchema = z.object({});

function membersOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** The first issue as an error naming the top-level member (or query parameter) at fault. */
export function issueError(error: z.ZodError, schema: z.ZodType, readOnly: Readonly<Record<string, string>> = {}): ApiFieldError {
  const issue = error.issues[0];
  if (!issue) return new ApiFieldError(undefined, "invalid request");
  if (issue.code === "unrecognized_keys") {
    const member = issue.keys[0]!;
    const hint = readOnly[member] ?? `allowed: ${membersOf(schema).join(", ")}`;
    return new ApiFieldError(member, `Unknown or read-only member ${member} (${hint})`);
  }
  const [first] = issue.path;
  if (first === undefined) return new ApiFieldError(undefined, issue.message);
  return new ApiFieldError(String(first), `${issue.path.map(String).join(".")}: ${issue.message}`);
}

function parseParams<P extends z.ZodType>(schema: P, raw: Readonly<Record<string, string>>): z.output<P> {
  const parsed = schema.safeParse(raw);
  // A path that names no possible resource is an unknown one.
  if (!parsed.success) throw new OAuthError("not_found", "No such resource");
  return parsed.data;
}

function parseQuery<Q extends z.ZodType>(schema: Q, search: URLSearchParams): z.output<Q> {
  const parsed = schema.safeParse(Object.fromEntries(uniqueParams(search)));
  if (!parsed.success) throw issueError(parsed.error, schema);
  return parsed.data;
}

function toResponse(reply: AdminReply): Response {
  if (reply.status === 204) return new Response(null, { status: 204, headers: NO_STORE });
  return jsonResponse(reply.body, reply.status, NO_STORE);
}

export function defineOperation<P extends z.ZodType = typeof ZEmptyObjectSchema, Q extends z.ZodType = typeof ZEmptyObjectSchema, B extends z.ZodType = typeof ZEmptyObjectSchema>(
  spec: AdminOperationSpec<P, Q, B>,
): AdminOperation {
  return {
    ...spec,
    body: spec.documentedBody ?? spec.body,
    isPublic: false,
    platformOnly: spec.platformOnly ?? false,
    serve: async (request, rawParams) => {
      const actor = await authenticateAdminToken(request.headers.get("authorization"));
      if (spec.platformOnly && actor.type !== "bootstrap_token") {
        throw new OAuthError("insufficient_scope", "This operation needs the platform token (PORTA_ADMIN_TOKEN)");
      }
      const params = parseParams(spec.params ?? ZEmptyObjectSchema, rawParams) as z.output<P>;
      const query = parseQuery(spec.query ?? ZEmptyObjectSchema, new URL(request.url).searchParams) as z.output<Q>;
      let body = undefined as z.output<B>;
      if (spec.body) {
        const raw = await readJsonObject(request, "invalid_request");
        const parsed = spec.body.safeParse(raw);
        if (!parsed.success) throw issueError(parsed.error, spec.body, spec.readOnly);
        body = parsed.data;
      }
      return toResponse(await spec.handle({ request, actor, params, query, body }));
    },
  };
}

/** An operation answered without a token (the OpenAPI document). */
export function definePublicOperation(spec: OperationInfo & { reply(request: Request): Promise<AdminReply> }): AdminOperation {
  return { ...spec, isPublic: true, platformOnly: false, serve: async (request) => toResponse(await spec.reply(request)) };
}
