/** What a failed RP API call means for the login (EidFailure), and whether a retry may help. */
import { EidFailure } from "../../connector";
import { failureForError, isTransientError } from "./hints";
import { RpCallError } from "./rp-client";

export function failureOfCall(error: unknown, operation: "auth" | "collect"): EidFailure {
  if (!(error instanceof RpCallError)) return new EidFailure("server_error", "unavailable", "The BankID RP API call failed", { cause: error });
  const { problem } = error;
  switch (problem.kind) {
    case "api":
      return failureForError(problem.errorCode, problem.details, operation);
    case "invalid":
      return new EidFailure("server_error", "invalidResponse", error.message, { cause: error });
    case "outbound":
      switch (problem.error.kind) {
        case "tls":
          return new EidFailure("server_error", "misconfigured", `TLS with the BankID RP API failed (check the CA and the relying-party certificate): ${problem.error.message}`, { cause: error });
        case "blocked":
        case "bad_url":
          return new EidFailure("server_error", "misconfigured", `The BankID RP API endpoint cannot be called: ${problem.error.message}`, { cause: error });
        default:
          return new EidFailure("server_error", "unavailable", `The BankID RP API did not answer: ${problem.error.message}`, { cause: error });
      }
  }
}

/** A problem a later /collect may not meet again: timeouts, network trouble, maintenance. */
export function isPassing(error: unknown): boolean {
  if (!(error instanceof RpCallError)) return false;
  const { problem } = error;
  if (problem.kind === "api") return isTransientError(problem.errorCode);
  if (problem.kind === "outbound") return problem.error.kind === "timeout" || problem.error.kind === "network";
  return false;
}

/** The hint code shown for a failed call (the error code, when the API gave one). */
export function hintOfCall(error: unknown): string {
  return error instanceof RpCallError && error.problem.kind === "api" ? error.problem.errorCode : "";
}
