import type { APIRequestContext } from "@playwright/test";

export const ADMIN_TOKEN = "e2e-admin-token-0123456789-abcdefghijklmnop";

export interface E2EClient {
  client_id: string;
  client_secret?: string;
}

/** Registers an application through RFC 7591 with the e2e admin token. */
export async function registerClient(request: APIRequestContext, metadata: Record<string, unknown>): Promise<E2EClient> {
  const response = await request.post("/oauth2/register", { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` }, data: { client_name: "E2E Bank", ...metadata } });
  if (response.status() !== 201) throw new Error(`registration failed: ${await response.text()}`);
  return (await response.json()) as E2EClient;
}
