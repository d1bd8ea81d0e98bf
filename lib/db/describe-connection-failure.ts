/**
 * One line for an operator when DATABASE_URL leads nowhere at start-up: which server did not
 * answer and why, without the password. Undefined for errors that are not about reaching or
 * entering the database (those keep their own message).
 */

/** Network errors of `connect`: no server, no route, no name. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/** PostgreSQL's SQLSTATEs for a refused entry (RFC-less, from the PostgreSQL error code table). */
const REFUSED: Record<string, string> = {
  "28P01": "the password was refused",
  "28000": "the role may not connect",
  "3D000": "the database does not exist",
  "57P03": "the server is starting up or shutting down",
};

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return code;
  // A host name with several addresses fails with one error per address.
  const inner = (error as { errors?: unknown }).errors;
  return Array.isArray(inner) ? codeOf(inner[0]) : undefined;
}

function serverOf(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || "localhost"}:${url.port || "5432"}`;
  } catch {
    return "the configured server";
  }
}

export function describeConnectionFailure(databaseUrl: string, error: unknown): string | undefined {
  const code = codeOf(error);
  if (!code) return undefined;
  const server = serverOf(databaseUrl);
  if (UNREACHABLE.has(code)) return `DATABASE_URL: no PostgreSQL answers at ${server} (connect ${code})`;
  const refused = REFUSED[code];
  if (refused) return `DATABASE_URL: PostgreSQL at ${server} refused the connection: ${refused} (${code})`;
  return undefined;
}
