/**
 * One /collect of a pending BankID order (RP API v6), for Porta's BankID page and for decoupled
 * logins alike: the next order state. `pending` keeps the latest hint code; a passing problem
 * (timeout, network trouble, maintenance) keeps the order for another try, up to
 * MAX_COLLECT_ERRORS in a row; anything else ends it as BankID or the call failure says.
 * When to collect is the caller's to decide: BankID asks for at most one call every 2 seconds.
 * `lastCollectAt` is when the answer (or the failure) came back, not when the call went out, so
 * the next call, at least MIN_COLLECT_INTERVAL_MS later, reaches BankID at least that long after
 * this one did however long the first took on the way.
 */
import type { EidMethod } from "../../catalogue";
import { failureOfCall, hintOfCall, isPassing } from "./call-failure";
import { resultOf } from "./completion";
import { failureForHint } from "./hints";
import { completed, failed, type TOrderState, type PendingOrder } from "./order-state";
import type { RpClient } from "./rp-client";
import { nowMs } from "../../../clock";

/** BankID asks relying parties to call /collect every two seconds, not more often. */
export const MIN_COLLECT_INTERVAL_MS = 2000;
/** Consecutive passing /collect problems tolerated before the login fails. */
export const MAX_COLLECT_ERRORS = 3;

export async function collectOrder(client: RpClient, method: EidMethod, order: PendingOrder): Promise<TOrderState> {
  try {
    const answer = await client.collect(order.orderRef);
    if (answer.status === "pending") return { ...order, hintCode: answer.hintCode, lastCollectAt: nowMs(), collectErrors: 0 };
    if (answer.status === "failed") return failed(order, failureForHint(answer.hintCode), answer.hintCode);
    return completed(order, resultOf(method, answer.completionData));
  } catch (error) {
    if (isPassing(error) && order.collectErrors + 1 < MAX_COLLECT_ERRORS) return { ...order, lastCollectAt: nowMs(), collectErrors: order.collectErrors + 1 };
    return failed(order, failureOfCall(error, "collect"), hintOfCall(error));
  }
}
