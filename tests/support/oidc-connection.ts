/** An enabled upstream OpenID Connect eID connection as a tenant saves it, authenticating with client_secret_basic. */
import type { ConnectionInput } from "../../lib/eid/connections/service";

export interface UpstreamClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** `settings` add to (or replace) the issuer, client id and client authentication; `secrets` default to the client secret. */
export function oidcConnection(family: string, upstream: UpstreamClient, settings: Record<string, unknown>, secrets: Record<string, string> = { clientSecret: upstream.clientSecret }): ConnectionInput {
  return {
    family,
    kind: "oidc",
    enabled: true,
    settings: { issuer: upstream.issuer, clientId: upstream.clientId, clientAuth: "client_secret_basic", ...settings },
    secrets,
  };
}
