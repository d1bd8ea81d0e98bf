/** Registers relying parties for tests through the real registration endpoint. */
import { fetchOnLoopback } from "./issuer-host-fetch";
import { register, type TestPorta } from "./test-server";

export const RP_CALLBACK = "https://rp.example/callback";

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  registration_access_token: string;
  [field: string]: unknown;
}

const DEFAULT_METADATA = {
  client_name: "Test RP",
  redirect_uris: [RP_CALLBACK],
  post_logout_redirect_uris: ["https://rp.example/logged-out"],
  response_types: ["code", "id_token"],
  grant_types: ["authorization_code", "implicit"],
};

export async function registerClient(porta: TestPorta, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  return registered(await register(porta, { ...DEFAULT_METADATA, ...metadata }));
}

/**
 * registerClient on a tenant domain `host` (its issuer; a production tenant is served only on its
 * domains), sent to the test server with that Host.
 */
export async function registerClientOn(porta: TestPorta, host: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await fetchOnLoopback(Number(new URL(porta.issuer).port))(`http://${host}/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${porta.adminToken}` },
    body: JSON.stringify({ ...DEFAULT_METADATA, ...metadata }),
  });
  return registered(response);
}

async function registered(response: Response): Promise<RegisteredClient> {
  const body = (await response.json()) as RegisteredClient & { error?: string; error_description?: string };
  if (response.status !== 201) throw new Error(`registration failed: ${body.error}: ${body.error_description}`);
  return body;
}

export { basicAuth } from "./basic-auth";
