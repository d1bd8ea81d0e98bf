import { createHmac } from "node:crypto";
import { config } from "../config";
import { instanceSecret } from "../crypto/secret";

/** The seeded demo application used by /playground. */
export const DEMO_CLIENT_ID = "porta-demo";
export const DEMO_TENANT_NAME = "Demo";

/**
 * The demo application's client secret, derived from the instance secret so the built-in
 * playground can use it without Porta storing it in plain text (the database holds its hash).
 */
export function demoClientSecret(): string {
  return createHmac("sha256", instanceSecret()).update("porta/demo-client-secret/v1").digest("base64url");
}

export function demoRedirectUri(): string {
  return `${config().issuer}/playground/callback`;
}
