/**
 * Swedish BankID for production tenants, over the RP API v6.
 * - start: POST /auth (endUserIp, requirement, userVisibleData); Porta's page then shows the
 *   animated QR code and/or the "Open BankID on this device" link, as the acr value asks.
 * - poll: the page asks about once a second; /collect is called at most every 2 seconds (BankID's
 *   RP guidelines), between calls the last hint code is repeated with a fresh QR code. A passing
 *   problem (timeout, maintenance) is retried up to three times before the login fails.
 * - finish: hands over the result the poll stored, or throws the stored failure; before either
 *   there is nothing to finish.
 * - cancel: POST /cancel, so the person's app lets go of the order.
 */
import { OAuthError } from "../../../oauth/errors";
import type { BankIdConnection } from "./schemas";
import type { ConnectorLogin, EidConnector, PollOutcome } from "../../connector";
import { buildAuthRequest } from "./build-auth-request";
import { failureOfCall } from "./call-failure";
import { collectOrder, MIN_COLLECT_INTERVAL_MS } from "./collect-order";
import { launchFor } from "../../families/se-bankid/launch";
import { failureOf, newOrder, readOrderState, type TOrderState, type PendingOrder } from "./order-state";
import { bankIdQrData, qrTimeAt } from "./qr";
import { createRpClient, type RpClient } from "./rp-client";
import { nowMs } from "../../../clock";

export { MAX_COLLECT_ERRORS, MIN_COLLECT_INTERVAL_MS } from "./collect-order";

function pending(login: ConnectorLogin, order: PendingOrder, now: number, saved?: TOrderState): PollOutcome {
  const launch = launchFor(login.acr);
  return {
    kind: "pending",
    hintCode: order.hintCode,
    ...(launch.qr ? { qrData: bankIdQrData(order.qrStartToken, order.qrStartSecret, qrTimeAt(order.startedAt, now)) } : {}),
    ...(launch.app ? { autoStartToken: order.autoStartToken } : {}),
    ...(saved ? { state: saved } : {}),
  };
}

function settled(order: TOrderState): PollOutcome | undefined {
  if (order.status === "complete") return { kind: "complete", state: order };
  if (order.status === "failed") return { kind: "failed", failure: failureOf(order), state: order };
  return undefined;
}

async function collectOnce(client: RpClient, login: ConnectorLogin, order: PendingOrder, now: number): Promise<PollOutcome> {
  const next = await collectOrder(client, login.method, order);
  return settled(next) ?? pending(login, next as PendingOrder, now, next);
}

export function createBankIdConnector(connection: BankIdConnection): EidConnector {
  const client = createRpClient(connection);
  return {
    kind: "se-bankid",

    async start(login) {
      let answer;
      try {
        answer = await client.auth(buildAuthRequest(login));
      } catch (error) {
        throw failureOfCall(error, "auth");
      }
      return { kind: "page", state: newOrder(answer, nowMs()) };
    },

    async poll(login) {
      const order = readOrderState(login.state);
      const done = settled(order);
      if (done) return done;
      const pendingOrder = order as PendingOrder;
      const now = nowMs();
      if (now - pendingOrder.lastCollectAt < MIN_COLLECT_INTERVAL_MS) return pending(login, pendingOrder, now);
      return collectOnce(client, login, pendingOrder, now);
    },

    finish(login) {
      const order = readOrderState(login.state);
      if (order.status === "complete") return Promise.resolve(order.result);
      if (order.status === "failed") return Promise.reject(failureOf(order));
      return Promise.reject(new OAuthError("invalid_request", "The BankID login has not completed yet"));
    },

    async cancel(login) {
      const order = readOrderState(login.state);
      if (order.status === "pending") await client.cancel(order.orderRef);
    },
  };
}
