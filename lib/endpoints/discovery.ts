import { findApplication } from "../clients/application-service";
import { jsonResponse, withOAuthErrors } from "../http/responses";
import { discoveryMetadata } from "../oauth/discovery";

/** GET /.well-known/openid-configuration[?client_id=...] */
export function serveDiscovery(request: Request): Promise<Response> {
  return withOAuthErrors("discovery", async () => {
    const clientId = new URL(request.url).searchParams.get("client_id");
    // An unknown client_id gets the tenant-wide document: which ids exist is not revealed.
    const application = clientId ? await findApplication(clientId) : null;
    const enabledAcrValues = application
      ? application.enabledAcrValues.filter((acr) => application.tenant.environment === "test" || !acr.startsWith("urn:grn:authn:mock"))
      : undefined;
    return jsonResponse(discoveryMetadata({ enabledAcrValues }), 200, {
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    });
  });
}
