import { JWKS_MAX_AGE_S } from "../keys/algorithms";
import { ALL_KEYS, cachedJwksBody, jwksBody, type JwksBody } from "../keys/jwks";
import { issuerKeySelection, knownKeySelection } from "../tenants/issuer-context";
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
 * and issuer). The ID token keys are only those of the request's issuer (a tenant domain lists its
 * tenant's keys, PUBLIC_URL's host those of the tenants without a domain). While the
 * key set is cached the document comes back at once, not as a promise.
 */
export function jwksEndpointDocument(purpose: KeyPurpose): EndpointDocument | Promise<EndpointDocument> {
  const selection = purpose === "oidc" ? knownKeySelection() : ALL_KEYS;
  const cached = selection && cachedJwksBody(purpose, selection);
  if (cached) return documentOf(cached);
  return (async () => documentOf(await jwksBody(purpose, purpose === "oidc" ? await issuerKeySelection() : ALL_KEYS)))();
}

/** GET /.well-known/jwks (tenants' ID token keys) and {EXTENSIONS_URL}/service/.well-known/jwks. */
export async function serveJwks(purpose: KeyPurpose, request?: Request): Promise<Response> {
  return documentResponse(await jwksEndpointDocument(purpose), request);
}
