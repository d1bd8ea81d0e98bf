import { JWKS_MAX_AGE_S } from "../keys/algorithms";
import { jwksBody } from "../keys/jwks";
import { withOAuthErrors } from "../http/responses";
import type { KeyPurpose } from "../db/generated/client";
import { documentResponse, type EndpointDocument } from "./discovery";

/** The JWKS as served: body, entity tag and caching headers (one serialisation per key-set version). */
export async function jwksEndpointDocument(purpose: KeyPurpose): Promise<EndpointDocument> {
  const { body, etag } = await jwksBody(purpose);
  return {
    body,
    etag,
    headers: {
      "Content-Type": "application/jwk-set+json",
      "Cache-Control": `public, max-age=${JWKS_MAX_AGE_S}`,
      "Access-Control-Allow-Origin": "*",
    },
  };
}

/** GET /.well-known/jwks (tenants' ID token keys) and {EXTENSIONS_URL}/service/.well-known/jwks. */
export function serveJwks(purpose: KeyPurpose, request?: Request): Promise<Response> {
  return withOAuthErrors(`jwks.${purpose}`, async () => documentResponse(await jwksEndpointDocument(purpose), request));
}
