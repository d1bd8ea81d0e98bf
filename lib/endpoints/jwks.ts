import { JWKS_MAX_AGE_S } from "../keys/algorithms";
import { ALL_KEYS, cachedJwksBody, jwksBody, type JwksBody } from "../keys/jwks";
import { issuerKeySelection, knownKeySelection } from "../tenants/issuer-context";
import { withOAuthErrors } from "../http/responses";
import type { KeyPurpose } from "../db/generated/client";
import { documentResponse, type EndpointDocument } from "./discovery";

const JWKS_HEADERS = {
  "Content-Type": "application/jwk-set+json",
  "Cache-Control": `public, max-age=${JWKS_MAX_AGE_S}`,
  "Access-Control-Allow-Origin": "*",
} as const;

/** One document per serialisation, so the server's prepared answer (server/node-adapter.ts) is reused. */
const documents = new WeakMap<JwksBody, EndpointDocument>();

function documentOf(jwks: JwksBody): EndpointDocument {
  let doc = documents.get(jwks);
  if (!doc) {
    doc = { body: jwks.body, etag: jwks.etag, headers: { ...JWKS_HEADERS } };
    documents.set(jwks, doc);
  }
  return doc;
}

/**
 * The JWKS as served: body, entity tag and caching headers (one serialisation per key-set version
 * and issuer). The ID token keys are only those of the request's issuer (design.md §13). While the
 * key set is cached the document comes back at once, not as a promise.
 */
export function jwksEndpointDocument(purpose: KeyPurpose): EndpointDocument | Promise<EndpointDocument> {
  const selection = purpose === "oidc" ? knownKeySelection() : ALL_KEYS;
  const cached = selection && cachedJwksBody(purpose, selection);
  if (cached) return documentOf(cached);
  return (async () => documentOf(await jwksBody(purpose, purpose === "oidc" ? await issuerKeySelection() : ALL_KEYS)))();
}

/** GET /.well-known/jwks (tenants' ID token keys) and {EXTENSIONS_URL}/service/.well-known/jwks. */
export function serveJwks(purpose: KeyPurpose, request?: Request): Promise<Response> {
  return withOAuthErrors(`jwks.${purpose}`, async () => documentResponse(await jwksEndpointDocument(purpose), request));
}
