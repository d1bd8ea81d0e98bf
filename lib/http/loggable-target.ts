/**
 * A request target (path and query) as Porta writes it to a log: logs never hold a bearer value.
 * Two paths carry one in a segment, the invitation link (`/invite/<token>`, which makes its holder
 * an admin) and a webhook's resume URL (`/login/resume/<token>`, which continues a login); their
 * segment is cut out and the route's shape kept (`/invite/[redacted]`). Query parameters that
 * carry codes, credentials, request objects or a person's identity (`code`, `request_uri`,
 * `client_secret`, `client_assertion`, `id_token_hint`, `login_hint`, …) keep their name and lose
 * their value. Every log line that names a path or query passes through here.
 */

export const REDACTED = "[redacted]";

/** `/invite/<token>` and `/login/resume/<token>`, however the slashes are doubled or the letters cased. */
const SECRET_SEGMENT = /^(\/+(?:invite|login\/+resume)\/+)[^/]+/i;

const SECRET_PARAMETERS = new Set([
  "access_token",
  "assertion",
  "auth_req_id",
  "client_assertion",
  "client_notification_token",
  "client_secret",
  "code",
  "code_verifier",
  "id_token",
  "id_token_hint",
  "login_hint",
  "login_hint_token",
  "password",
  "refresh_token",
  "request",
  "request_uri",
  "token",
]);

function parameterName(pair: string): string {
  const name = pair.split("=", 1)[0]!.replace(/\+/g, " ");
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The target with its bearer values replaced by REDACTED. */
export function loggableTarget(target: string): string {
  const queryAt = target.indexOf("?");
  const path = (queryAt < 0 ? target : target.slice(0, queryAt)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = target
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => (SECRET_PARAMETERS.has(parameterName(pair)) ? `${pair.split("=", 1)[0]!}=${REDACTED}` : pair))
    .join("&");
  return `${path}?${query}`;
}
