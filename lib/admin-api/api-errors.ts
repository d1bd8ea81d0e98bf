/**
 * The admin API's error channel: every error an operation throws is answered here as
 * `{error, error_description, field}`, where `field` names the top-level request member at fault
 * (so a form or script can point at it). Each domain's own refusal (a tenant field, client
 * metadata, an eID connection setting, an admin change) becomes this one shape here.
 */
import { MemberError } from "../admin/member-error";
import { OwnerRequiredError } from "../admin/owner-required";
import { ClientMetadataError } from "../clients/client-metadata-error";
import { ConnectionInputError } from "../eid/connections/connection-input-error";
import { JsonBodyTooDeepError } from "../http/read-body";
import { NO_STORE, jsonResponse, serverErrorAnswer } from "../http/responses";
import { KeyRotationConflictError } from "../keys/key-store";
import { OAuthError } from "../oauth/errors";
import { DuplicateTenantError } from "../tenants/create-tenant";
import { TenantFieldError } from "../tenants/domains";

/** A refused request member: 400 invalid_request (or `status`, e.g. 409 for a conflict) naming it. */
export class ApiFieldError extends OAuthError {
  constructor(
    readonly field: string | undefined,
    description: string,
    status = 400,
  ) {
    super("invalid_request", description, { status });
  }
}

export function notFound(what: string): OAuthError {
  return new OAuthError("not_found", `No such ${what}`);
}

export function conflict(description: string, field?: string): ApiFieldError {
  return new ApiFieldError(field, description, 409);
}

/** eID connection settings and secrets arrive inside the `settings` and `secrets` members. */
const CONNECTION_SECRETS = new Set(["clientSecret", "privateJwk", "pkcs12", "passphrase", "certificatePem", "privateKeyPem"]);
const CONNECTION_MEMBERS = new Set(["family", "kind", "enabled"]);

function connectionMember(field: string): string {
  if (CONNECTION_MEMBERS.has(field)) return field;
  return CONNECTION_SECRETS.has(field) ? "secrets" : "settings";
}

/** The API error a domain error stands for, or undefined for errors that are not the client's. */
export function apiErrorOf(error: unknown): OAuthError | undefined {
  if (error instanceof ApiFieldError) return error;
  if (error instanceof JsonBodyTooDeepError) return new ApiFieldError(error.member, error.description);
  if (error instanceof TenantFieldError) return new ApiFieldError(error.field, error.message);
  if (error instanceof DuplicateTenantError) return new ApiFieldError("name", error.message);
  if (error instanceof ClientMetadataError) return new ApiFieldError(error.field, error.description);
  if (error instanceof ConnectionInputError) return new ApiFieldError(connectionMember(error.field), error.description);
  if (error instanceof MemberError) {
    if (error.code === "not_found") return new OAuthError("not_found", error.message);
    if (error.code === "last_owner" || error.code === "already_member") return conflict(error.message, error.field);
    return new ApiFieldError(error.field, error.message);
  }
  if (error instanceof OwnerRequiredError) return new OAuthError("insufficient_scope", error.message);
  if (error instanceof KeyRotationConflictError) return conflict("Another key rotation ran at the same time; try again");
  if (error instanceof OAuthError) return error;
  return undefined;
}

export function apiErrorResponse(error: OAuthError): Response {
  const field = error instanceof ApiFieldError ? error.field : undefined;
  return jsonResponse({ ...error.toJSON(), ...(field !== undefined ? { field } : {}) }, error.status, { ...NO_STORE, ...error.headers });
}

/** The admin channel's one error handler (lib/endpoints/channels.ts): a client's error as its API error, anything else a generic server_error. */
export function adminApiErrorAnswer(error: unknown, endpoint: string, request: Request): Response {
  const api = apiErrorOf(error);
  return api ? apiErrorResponse(api) : serverErrorAnswer(error, endpoint, request);
}
