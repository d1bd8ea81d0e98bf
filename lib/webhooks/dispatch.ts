/**
 * Sends one webhook event and classifies the answer:
 * 204 → continue; 200 + claims operations → continue with them; 200 + abort → abort;
 * 303 + absolute Location → redirect (only where a browser can follow: post-auth of a browser
 * login); anything else → failure. Connection errors and 5xx are retried once, with a new token,
 * while the event's time budget (timeout_ms, retry included) lasts. Every attempt is logged in
 * WebhookDelivery without personal data.
 */
import { recordWebhookFailure } from "../analytics/record-webhook-failure";
import { prisma } from "../db/client";
import type { WebhookExtension } from "../db/generated/client";
import { JsonTooDeepError, parseJson } from "../http/json-depth";
import { logger } from "../log";
import { OutboundError, safeFetch } from "../net/safe-fetch";
import { countWebhookCall } from "../ops/metrics";
import { MAX_RESPONSE_BYTES, parseWebhookAnswer, WebhookAnswerError, type ClaimsOperations } from "./claims-operations";
import type { WebhookEvent } from "./events";
import { signServiceToken } from "./service-token";

export type FailureKind =
  | "timeout"
  | "network"
  | "tls"
  | "blocked"
  | "too_large"
  | "status"
  | "invalid_body"
  | "disallowed_claim"
  | "redirect_not_allowed"
  | "bad_url";

export type DispatchOutcome =
  | { kind: "continue"; operations?: ClaimsOperations }
  | { kind: "abort"; description: string }
  | { kind: "redirect"; location: string }
  | { kind: "failure"; failure: FailureKind; detail: string };

export interface DispatchTarget {
  applicationId: string;
  tenantId: string;
  webhook: WebhookExtension;
}

export interface DispatchOptions {
  /** A 303 is acceptable (post-auth of a browser login). */
  allowRedirect: boolean;
  isTest?: boolean;
}

interface Attempt {
  outcome: DispatchOutcome;
  status: number | null;
  retryable: boolean;
}

async function attemptOnce(target: DispatchTarget, event: WebhookEvent, timeoutMs: number, options: DispatchOptions): Promise<Attempt> {
  const token = await signServiceToken(target.tenantId, target.webhook.id);
  let response;
  try {
    response = await safeFetch(target.webhook.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(event),
      timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return { outcome: { kind: "failure", failure: error.kind, detail: error.message }, status: null, retryable: error.kind === "network" };
  }
  const status = response.status;
  const fail = (failure: FailureKind, detail: string, retryable = false): Attempt => ({ outcome: { kind: "failure", failure, detail }, status, retryable });
  if (status === 204) return { outcome: { kind: "continue" }, status, retryable: false };
  if (status === 303) {
    const location = String(response.headers.location ?? "");
    if (!options.allowRedirect) return fail("redirect_not_allowed", "a 303 is only allowed for post-auth events of browser logins");
    try {
      const url = new URL(location);
      if (url.protocol !== "https:" && url.protocol !== "http:") return fail("invalid_body", "the 303 Location is not an http(s) URL");
    } catch {
      return fail("invalid_body", "the 303 Location is not an absolute URL");
    }
    return { outcome: { kind: "redirect", location }, status, retryable: false };
  }
  if (status === 200) {
    const type = String(response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json" && !type.endsWith("+json")) return fail("invalid_body", `a 200 answer must be application/json, not ${type || "untyped"}`);
    let body: unknown;
    try {
      body = parseJson(response.body.toString("utf8"));
    } catch (error) {
      return fail("invalid_body", error instanceof JsonTooDeepError ? `the 200 answer ${error.message}` : "the 200 answer is not valid JSON");
    }
    try {
      const answer = parseWebhookAnswer(body, target.webhook.claimWhitelist);
      return answer.kind === "abort"
        ? { outcome: { kind: "abort", description: answer.description }, status, retryable: false }
        : { outcome: { kind: "continue", operations: answer.operations }, status, retryable: false };
    } catch (error) {
      if (error instanceof WebhookAnswerError) return fail(error.kind, error.message);
      throw error;
    }
  }
  return fail("status", `the webhook answered HTTP ${status}`, status >= 500);
}

function outcomeName(outcome: DispatchOutcome): string {
  if (outcome.kind === "continue") return outcome.operations ? "claims" : "continue";
  return outcome.kind;
}

export async function dispatchEvent(target: DispatchTarget, event: WebhookEvent, options: DispatchOptions): Promise<DispatchOutcome> {
  const started = performance.now();
  const budget = target.webhook.timeoutMs;
  const db = await prisma();
  let last: Attempt | undefined;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const remaining = budget - (performance.now() - started);
    if (remaining <= 50) break;
    const attemptStarted = performance.now();
    last = await attemptOnce(target, event, remaining, options);
    // One count per outbound call: the answer's kind, or for a failure its kind (timeout, status, ...).
    countWebhookCall(last.outcome.kind === "failure" ? last.outcome.failure : outcomeName(last.outcome));
    await db.webhookDelivery.create({
      data: {
        applicationId: target.applicationId,
        extensionId: target.webhook.id,
        conversationId: event.conversationId,
        event: event.event,
        attempt,
        status: last.status,
        latencyMs: Math.round(performance.now() - attemptStarted),
        outcome: outcomeName(last.outcome),
        errorKind: last.outcome.kind === "failure" ? last.outcome.failure : null,
        isTest: options.isTest ?? false,
      },
    });
    if (last.outcome.kind === "failure") {
      // The detail (the network's words, the answer's faults) is for the log only: the relying party reads "login webhook failed".
      logger.warn({ extensionId: target.webhook.id, event: event.event, conversationId: event.conversationId, attempt, failure: last.outcome.failure, detail: last.outcome.detail, status: last.status }, "webhook attempt failed");
    }
    if (!last.retryable) break;
  }
  const outcome: DispatchOutcome = last?.outcome ?? { kind: "failure", failure: "timeout", detail: `no answer within ${budget} ms` };
  // A login's webhook that failed (the dashboard's test events aside) shows on the analytics page.
  if (outcome.kind === "failure" && !options.isTest) await recordWebhookFailure(target.tenantId);
  return outcome;
}
