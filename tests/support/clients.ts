/** Registers relying parties for tests through the real registration endpoint. */
import { register, type TestPorta } from "./test-server";

export const RP_CALLBACK = "https://rp.example/callback";

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  registration_access_token: string;
  [field: string]: unknown;
}

export async function registerClient(porta: TestPorta, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await register(porta, {
    client_name: "Test RP",
    redirect_uris: [RP_CALLBACK],
    post_logout_redirect_uris: ["https://rp.example/logged-out"],
    response_types: ["code", "id_token"],
    grant_types: ["authorization_code", "implicit"],
    ...metadata,
  });
  const body = (await response.json()) as RegisteredClient & { error?: string; error_description?: string };
  if (response.status !== 201) throw new Error(`registration failed: ${body.error}: ${body.error_description}`);
  return body;
}

export { basicAuth } from "./basic-auth";
