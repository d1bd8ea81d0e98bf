/**
 * CIBA ping mode (CIBA Core §10.2): once a login has an outcome (tokens or an error), Porta POSTs
 * {"auth_req_id"} to the client's notification endpoint with its client_notification_token as
 * bearer; the client then asks the token endpoint. A failed ping is logged: the client may still
 * poll.
 */
import type { ApplicationRecord } from "../clients/application-record";
import { decryptAtRest } from "../crypto/encryption";
import { logger } from "../log";
import { safeFetch } from "../net/safe-fetch";
import type { DecoupledRequest } from "./request";

const PING_TIMEOUT_MS = 5000;

export async function notifyClient(client: ApplicationRecord, request: DecoupledRequest): Promise<void> {
  if (request.kind !== "ciba" || client.backchannelTokenDeliveryMode !== "ping" || !client.backchannelClientNotificationEndpoint || !request.notificationTokenSealed) return;
  const token = decryptAtRest(request.notificationTokenSealed, `notification:${client.clientId}`);
  const authReqId = decryptAtRest(request.requestIdSealed, "decoupled-request-id");
  try {
    const response = await safeFetch(client.backchannelClientNotificationEndpoint, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ auth_req_id: authReqId }),
      timeoutMs: PING_TIMEOUT_MS,
      maxBytes: 16 * 1024,
    });
    if (response.status >= 300) logger.warn({ status: response.status, clientId: client.clientId }, "CIBA ping answered with an error status");
  } catch (error) {
    logger.warn({ err: error, clientId: client.clientId }, "CIBA ping failed");
  }
}
