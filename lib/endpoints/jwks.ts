import { JWKS_MAX_AGE_S } from "../keys/algorithms";
import { ALL_KEYS, jwksBody } from "../keys/jwks";
import { issuerKeySelection } from "../tenants/issuer-context";
import { withOAuthErrors } from "../http/responses";
import type { KeyPurpose } from "../db/generated/client";
import { documentResponse, type EndpointDocument } from "./discovery";

/**
 * The JWKS as served: body, entity tag and caching headers (one serialisation per key-set version
 * and issuer). The ID token keys are only those of the request's issuer (design.md §13).
 */
export async function jwksEndpointDocument(purpose: KeyPurpose): Promise<EndpointDocument> {
  const { body, etag } = await jwksBody(purpose, purpose === "oidc" ? await issuerKeySelection() : ALL_KEYS);
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
