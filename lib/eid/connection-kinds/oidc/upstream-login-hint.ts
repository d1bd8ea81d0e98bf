/**
 * The `login_hint` Porta sends an upstream OpenID Connect eID whose connection says it understands
 * Porta's forms (the connection's `forwardLoginHint`): the relying party's `action:` and `message:`, re-encoded as
 * they arrived (`message:` base64url of UTF-8). Nothing else of the hint travels upstream: `sub:`
 * names a person and `mock:` is the mock eID's.
 */
import type { LoginHint } from "../../../oauth/authorization/request";

/** The hint for the upstream, or undefined when the relying party asked for nothing to pass on. */
export function upstreamLoginHint(hint: LoginHint): string | undefined {
  const parts: string[] = [];
  // "login" is every eID's default, so an absent and an explicit action:login read the same.
  if (hint.action !== "login") parts.push(`action:${hint.action}`);
  if (hint.message !== undefined) parts.push(`message:${Buffer.from(hint.message, "utf8").toString("base64url")}`);
  return parts.length > 0 ? parts.join(" ") : undefined;
}
