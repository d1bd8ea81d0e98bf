import { JWKS_MAX_AGE_S } from "../keys/algorithms";
import { jwksDocument } from "../keys/jwks";
import { withOAuthErrors } from "../http/responses";
import type { KeyPurpose } from "../db/generated/client";

/** GET /.well-known/jwks (tenants' ID token keys) and {EXTENSIONS_URL}/service/.well-known/jwks. */
export function serveJwks(purpose: KeyPurpose): Promise<Response> {
  return withOAuthErrors(`jwks.${purpose}`, async () => {
    return new Response(await jwksDocument(purpose), {
      headers: {
        "Content-Type": "application/jwk-set+json",
        "Cache-Control": `public, max-age=${JWKS_MAX_AGE_S}`,
        "Access-Control-Allow-Origin": "*",
      },
    });
  });
}
