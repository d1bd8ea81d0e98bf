/**
 * A refused eID connection setting or secret. It is an OAuthError (invalid_request) with the
 * same description as ever; `field` names the setting at fault (`issuer`, `claimMapping`,
 * `pkcs12`) so that the dashboard shows the message next to its input without reading the text.
 */
import type { z } from "zod";
import { OAuthError } from "../../oauth/errors";

export interface ConnectionInputErrorOptions {
  /** The setting or secret at fault. */
  field: string;
  /** Where inside it, for a mapping (`["uuid"]` of `claimMapping`). */
  path?: readonly string[];
  /** What is wrong, when the description starts with the field's name ("issuer: Invalid URL" → "Invalid URL"). */
  reason?: string;
}

export class ConnectionInputError extends OAuthError {
  readonly field: string;
  readonly path: readonly string[];
  readonly reason: string | undefined;

  constructor(description: string, { field, path = [], reason }: ConnectionInputErrorOptions) {
    super("invalid_request", description);
    this.field = field;
    this.path = path;
    this.reason = reason;
  }
}

/**
 * The first issue of a settings or secrets schema: "path: message", at the setting the path starts
 * with. An issue about the whole object is at `refineField` when it comes from the schema's own
 * refine (which says what it is about), otherwise at no setting (a plain OAuthError).
 */
export function connectionIssueError(error: z.ZodError, refineField?: string): OAuthError {
  const issue = error.issues[0];
  if (!issue) return new OAuthError("invalid_request", "invalid value");
  const path = issue.path.map(String);
  const [field, ...rest] = path;
  if (field !== undefined) return new ConnectionInputError(`${path.join(".")}: ${issue.message}`, { field, path: rest, reason: issue.message });
  if (refineField && issue.code === "custom") return new ConnectionInputError(issue.message, { field: refineField });
  return new OAuthError("invalid_request", issue.message);
}
