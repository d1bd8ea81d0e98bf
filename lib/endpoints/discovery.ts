import { findServedApplication } from "../clients/find-application";
import { canServeAcr } from "../clients/id-token-encryption-rule";
import { findEidMethod } from "../eid/catalogue";
import { currentIssuer } from "../tenants/issuer-context";
import { entityTag } from "../keys/jwks";
import { discoveryMetadata } from "../oauth/discovery";

/** A document served as is to GET: its serialised body, entity tag and response headers. */
export interface EndpointDocument {
  body: string;
  etag: string;
  headers: Record<string, string>;
}

const DISCOVERY_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "public, max-age=300",
  "Access-Control-Allow-Origin": "*",
} as const;

/** The tenant-wide document depends only on the issuer: serialised once per issuer (PUBLIC_URL, each domain). */
const tenantWide = new Map<string, EndpointDocument>();

function document(metadata: Record<string, unknown>): EndpointDocument {
  const body = JSON.stringify(metadata);
  return { body, etag: entityTag(body), headers: { ...DISCOVERY_HEADERS } };
}

/** The document of the request's issuer, without an application's narrowing. */
export function tenantWideDocument(): EndpointDocument {
  const issuer = currentIssuer();
  let doc = tenantWide.get(issuer);
  if (!doc) {
    doc = document(discoveryMetadata());
    tenantWide.set(issuer, doc);
  }
  return doc;
}

/** The discovery document for a GET's query string: an application's (`client_id`) or the issuer's. */
export function discoveryDocumentForQuery(query: string): EndpointDocument | Promise<EndpointDocument> {
  const clientId = query === "" ? null : new URLSearchParams(query).get("client_id");
  return clientId ? discoveryDocument(clientId) : tenantWideDocument();
}

/**
 * The discovery document, tenant-wide or an application's (`client_id`). An unknown client_id
 * gets the tenant-wide document: which ids exist is not revealed.
 */
export async function discoveryDocument(clientId: string | null): Promise<EndpointDocument> {
  const application = clientId ? await findServedApplication(clientId) : null;
  if (!application) return tenantWideDocument();
  // Only the eIDs it can log in with: no mock eID in production, no FTN without encrypted ID tokens.
  const enabledAcrValues = application.enabledAcrValues.filter(
    (acr) => (application.tenant.environment === "test" || findEidMethod(acr)?.testOnly !== true) && canServeAcr(application, acr),
  );
  return document(discoveryMetadata({ enabledAcrValues }));
}

/** 200 with the document, or 304 when the request's If-None-Match names its entity tag (RFC 9110 §13.1.2). */
export function documentResponse(doc: EndpointDocument, request?: Request): Response {
  const headers = { ...doc.headers, ETag: doc.etag };
  const ifNoneMatch = request?.headers.get("if-none-match");
  if (ifNoneMatch && matchesEntityTag(ifNoneMatch, doc.etag)) return new Response(null, { status: 304, headers });
  return new Response(doc.body, { status: 200, headers });
}

/** Weak comparison over a list of tags, or `*`. */
export function matchesEntityTag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** GET /.well-known/openid-configuration[?client_id=...] */
export async function serveDiscovery(request: Request): Promise<Response> {
  return documentResponse(await discoveryDocument(new URL(request.url).searchParams.get("client_id")), request);
}
