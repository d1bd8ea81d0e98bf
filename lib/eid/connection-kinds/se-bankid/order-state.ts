/**
 * What the BankID connector keeps between steps (sealed on the login): the order
 * and its QR secret, when it last called /collect, the latest hint code, and the outcome once
 * there is one (the eID result to hand to the core, or the failure to send to the relying party).
 */
import { z } from "zod";
import { EidFailure, type EidFailureReason } from "../../connector";
import type { EidResult } from "../../types";
import type { TAuthResponse } from "./rp-api";

const FAILURE_REASONS = ["cancelled", "expired", "refused", "certificate", "startFailed", "unavailable", "invalidResponse", "misconfigured"] as const satisfies readonly EidFailureReason[];

const ZOrderResultSchema = z.object({ acr: z.string(), personKey: z.string(), claims: z.record(z.string(), z.unknown()), method: z.string() });
const ZOrderFailureSchema = z.object({ code: z.enum(["access_denied", "server_error"]), reason: z.enum(FAILURE_REASONS), description: z.string() });

const zCommon = { orderRef: z.string(), hintCode: z.string() };

export const ZOrderStateSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("pending"),
    ...zCommon,
    autoStartToken: z.string(),
    qrStartToken: z.string(),
    qrStartSecret: z.string(),
    /** When /auth answered (ms since the epoch): the QR code's time base. */
    startedAt: z.number(),
    /** When /collect was last called, 0 before the first call. */
    lastCollectAt: z.number(),
    /** Consecutive /collect calls that met a passing problem (timeout, maintenance, ...). */
    collectErrors: z.number().int().min(0),
  }),
  z.object({ status: z.literal("complete"), ...zCommon, result: ZOrderResultSchema }),
  z.object({ status: z.literal("failed"), ...zCommon, failure: ZOrderFailureSchema }),
]);
export type TOrderState = z.infer<typeof ZOrderStateSchema>;
export type PendingOrder = Extract<TOrderState, { status: "pending" }>;

/** The stored state, or a failure when there is no readable BankID order (the step never started). */
export function readOrderState(state: Record<string, unknown> | null): TOrderState {
  const parsed = ZOrderStateSchema.safeParse(state);
  if (!parsed.success) throw new EidFailure("server_error", "invalidResponse", "This login has no BankID order");
  return parsed.data;
}

/** A new order as /auth answered it, at `now`: not collected yet. */
export function newOrder(answer: TAuthResponse, now: number): PendingOrder {
  return { status: "pending", ...answer, hintCode: "outstandingTransaction", startedAt: now, lastCollectAt: 0, collectErrors: 0 };
}

export function completed(order: PendingOrder, result: EidResult): TOrderState {
  return { status: "complete", orderRef: order.orderRef, hintCode: "", result };
}

export function failed(order: PendingOrder, failure: EidFailure, hintCode: string): TOrderState {
  return { status: "failed", orderRef: order.orderRef, hintCode, failure: { code: failure.code as "access_denied" | "server_error", reason: failure.reason, description: failure.code === "server_error" ? failure.detail : failure.description } };
}

export function failureOf(order: Extract<TOrderState, { status: "failed" }>): EidFailure {
  return new EidFailure(order.failure.code, order.failure.reason, order.failure.description);
}
