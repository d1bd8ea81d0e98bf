/**
 * "Send test event" (dashboard): a synthetic post-auth event to the application's webhook, logged
 * as a test delivery. Nothing is logged in; the answer is reported.
 */
import { config } from "../config";
import { randomHex128 } from "../crypto/random";
import { pathOf } from "../http/protocol-paths";
import type { ApplicationRecord } from "../clients/application-record";
import { dispatchEvent, type DispatchOutcome } from "./dispatch";
import { POST_AUTH_EVENT, type PostAuthEvent } from "./events";

export async function sendTestEvent(client: ApplicationRecord): Promise<DispatchOutcome> {
  if (!client.webhook) return { kind: "failure", failure: "bad_url", detail: "The application has no webhook" };
  const event: PostAuthEvent = {
    event: POST_AUTH_EVENT,
    conversationId: randomHex128(),
    environment: client.tenant.environment,
    user: { sub: "00000000-0000-8000-8000-000000000000", name: "Test Person", identityscheme: "mock", authenticationtype: "urn:grn:authn:mock" },
    resumeUrl: `${config().issuer}${pathOf("resume", { token: "test-event-not-resumable" })}`,
  };
  return dispatchEvent({ applicationId: client.id, tenantId: client.tenantId, webhook: client.webhook }, event, { allowRedirect: true, isTest: true });
}
