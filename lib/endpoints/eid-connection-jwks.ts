/**
 * GET /eid-connections/{id}/jwks: the public key Porta signs its client assertions with when it
 * authenticates to an upstream eID provider by private_key_jwt. The provider fetches it (or the
 * operator pastes it); it holds no secret.
 */
import { connectionJwks } from "../eid/connections/service";

export async function serveConnectionJwks(id: string): Promise<Response> {
  const jwks = await connectionJwks(id);
  if (!jwks) return new Response(JSON.stringify({ error: "not_found", error_description: "No such eID connection" }), { status: 404, headers: { "Content-Type": "application/json" } });
  return new Response(JSON.stringify(jwks), { status: 200, headers: { "Content-Type": "application/jwk-set+json", "Cache-Control": "public, max-age=300" } });
}
