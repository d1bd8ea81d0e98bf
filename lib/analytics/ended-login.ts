/** What the analytics count of a login that ends: its tenant's application, eID, outcome and duration. */
import type { LoginState, LoginTransaction } from "../db/generated/client";

export type LoginOutcome = "success" | "cancel" | "error";

export interface EndedLogin {
  loginId: string;
  applicationId: string;
  /** The login's eID method; null when it ended before one was chosen. */
  acr: string | null;
  outcome: LoginOutcome;
  /** The OAuth error code the relying party gets (cancel: access_denied); null on success. */
  errorCode: string | null;
  /** When the login transaction was created. */
  startedAt: Date;
  endedAt?: Date;
}

/**
 * What the move of `tx` to `to` counts: a login that ends (completed or failed), or nothing.
 * `changes` are the move's own (a decoupled login sets its acr as it completes).
 */
export function endedLoginOf(tx: LoginTransaction, to: LoginState, changes: { acr?: unknown; error?: unknown }, isCancel = false): EndedLogin | null {
  if (to !== "completed" && to !== "failed") return null;
  const acr = typeof changes.acr === "string" ? changes.acr : tx.acr;
  const error = typeof changes.error === "string" ? changes.error : "server_error";
  return {
    loginId: tx.id,
    applicationId: tx.applicationId,
    acr,
    outcome: to === "completed" ? "success" : isCancel ? "cancel" : "error",
    errorCode: to === "completed" ? null : error,
    startedAt: tx.createdAt,
  };
}
