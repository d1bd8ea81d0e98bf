/**
 * Standalone reference webhook:
 *   PORTA_EXTENSIONS_URL=http://localhost:3000/extensions TENANT_ID=<tenant id> EXTENSION_ID=<webhook id> \
 *   PORT=4000 MODE=redirect npx tsx examples/webhook-receiver/main.ts
 * MODE: continue (204), claims (add a namespaced claim), abort, redirect (ask the user on a page, then resume).
 */
import { redirectAndResume, startReceiver, type Reply, type WebhookEvent } from "./receiver";

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(2);
  }
  return value;
};

const extensionsUrl = required("PORTA_EXTENSIONS_URL").replace(/\/$/, "");
const mode = process.env.MODE ?? "claims";

function decide(event: WebhookEvent, receiver: { origin: string }): Reply {
  switch (mode) {
    case "continue":
      return { status: 204 };
    case "abort":
      return { status: 200, body: { abort: { error_description: "Logins are closed for maintenance" } } };
    case "redirect":
      return redirectAndResume(event, receiver);
    default:
      return { status: 200, body: { claimsOperations: { $set: { "https://example.com/claims/customer-number": "C-1001" } } } };
  }
}

async function main(): Promise<void> {
  const receiver = await startReceiver({
    jwksUrl: `${extensionsUrl}/service/.well-known/jwks`,
    issuer: `${extensionsUrl}/service`,
    tenantId: required("TENANT_ID"),
    extensionId: required("EXTENSION_ID"),
    port: Number(process.env.PORT ?? 4000),
    decide,
  });
  console.log(`Webhook receiver (${mode}) listening on ${receiver.origin}`);
}

void main();
