/**
 * Swedish BankID without Porta's page (CIBA and headless in production tenants),
 * over the tenant's RP API v6 connection:
 * - start: POST /auth. CIBA names the person (`requirement.personalNumber` from
 *   login_hint=sub:ssn:<personnummer>); headless may not, and then whoever scans the QR code or
 *   opens the app logs in. `action:`/`message:`, or else CIBA's binding_message, become the
 *   userVisibleData the app shows. The caller's address is the endUserIp.
 * - check: one /collect; the first at once, then at most every MIN_COLLECT_INTERVAL_MS (the core
 *   spaces them as nextCheckInMs says).
 * - view: the latest hintCode, the autoStartToken, and the animated QR code for `now`, computed
 *   from qrStartToken and qrStartSecret; the secret never leaves the server.
 * - cancel: POST /cancel.
 */
import type { BankIdConnection } from "./schemas";
import { EidFailure } from "../../connector";
import type { DecoupledConnector, DecoupledCheck } from "../../decoupled-connector";
import { buildAuthRequest } from "./build-auth-request";
import { failureOfCall } from "./call-failure";
import { collectOrder, MIN_COLLECT_INTERVAL_MS } from "./collect-order";
import { failureOf, newOrder, readOrderState, type TOrderState } from "./order-state";
import { bankIdQrData, qrTimeAt } from "./qr";
import { createRpClient } from "./rp-client";
import { nowMs } from "../../../clock";

/** The app's wording for `action:` headings: a decoupled request has no page language. */
const APP_LOCALE = "sv";

function outcomeOf(order: TOrderState): DecoupledCheck {
  switch (order.status) {
    case "pending":
      return { kind: "pending", state: order };
    case "complete":
      return { kind: "complete", result: order.result };
    case "failed":
      return { kind: "failed", failure: failureOf(order) };
  }
}

export function createBankIdDecoupled(connection: BankIdConnection): DecoupledConnector {
  const client = createRpClient(connection);
  return {
    callTimeoutMs: connection.settings.timeoutMs,

    nextCheckInMs(state) {
      const order = readOrderState(state);
      return order.status === "pending" && order.lastCollectAt === 0 ? 0 : MIN_COLLECT_INTERVAL_MS;
    },

    async start(login) {
      const loginHint = { ...login.loginHint, message: login.loginHint.message ?? login.bindingMessage };
      try {
        const answer = await client.auth(buildAuthRequest({ endUserIp: login.endUserIp, loginHint, locale: APP_LOCALE }));
        return newOrder(answer, nowMs());
      } catch (error) {
        throw failureOfCall(error, "auth");
      }
    },

    async check(method, state) {
      try {
        const order = readOrderState(state);
        if (order.status !== "pending") return outcomeOf(order);
        return outcomeOf(await collectOrder(client, method, order));
      } catch (error) {
        const failure = error instanceof EidFailure ? error : new EidFailure("server_error", "unavailable", "The BankID order could not be collected", { cause: error });
        return { kind: "failed", failure };
      }
    },

    view(state, now) {
      const order = readOrderState(state);
      if (order.status !== "pending") return { hintCode: order.hintCode };
      return {
        hintCode: order.hintCode,
        qrData: bankIdQrData(order.qrStartToken, order.qrStartSecret, qrTimeAt(order.startedAt, now)),
        autoStartToken: order.autoStartToken,
      };
    },

    async cancel(state) {
      const order = readOrderState(state);
      if (order.status === "pending") await client.cancel(order.orderRef);
    },
  };
}
