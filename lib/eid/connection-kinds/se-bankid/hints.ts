/**
 * BankID's failed hint codes and RP API error codes as the relying party hears them: the
 * person's own outcomes (cancelled, expired, blocked certificate, app not started) are
 * access_denied, everything else is server_error. What the person reads is in hint-messages.ts.
 */
import { EidFailure } from "../../connector";

/** What a failed order means for the relying party (`access_denied` for the person's own outcomes). */
export function failureForHint(hintCode: string): EidFailure {
  switch (hintCode) {
    case "userCancel":
      return new EidFailure("access_denied", "cancelled", "The person cancelled the login in the BankID app");
    case "expiredTransaction":
      return new EidFailure("access_denied", "expired", "The BankID order expired before the person completed it");
    case "certificateErr":
      return new EidFailure("access_denied", "certificate", "The person's BankID is blocked, revoked or too old");
    case "startFailed":
      return new EidFailure("access_denied", "startFailed", "The BankID app was not started, or did not read the QR code, in time");
    default:
      return new EidFailure("server_error", "unavailable", `BankID ended the order (${hintCode || "no hint code"})`);
  }
}

/** What an RP API error answer (`{errorCode, details}`) means for the login. */
export function failureForError(errorCode: string, details: string, operation: "auth" | "collect"): EidFailure {
  const said = details ? `${errorCode}: ${details}` : errorCode;
  switch (errorCode) {
    case "unauthorized":
      return new EidFailure("server_error", "misconfigured", `The BankID RP API refused Porta's relying-party certificate (${said})`);
    case "invalidParameters":
      return operation === "auth"
        ? new EidFailure("server_error", "misconfigured", `The BankID RP API refused the order as invalid (${said})`)
        : new EidFailure("server_error", "unavailable", `The BankID RP API no longer knows the order (${said})`);
    case "notFound":
    case "methodNotAllowed":
    case "unsupportedMediaType":
      return new EidFailure("server_error", "misconfigured", `The BankID RP API endpoint is wrong (${said})`);
    case "alreadyInProgress":
      return new EidFailure("server_error", "unavailable", `A BankID order for this person is already in progress; BankID cancelled both (${said})`);
    default:
      return new EidFailure("server_error", "unavailable", `The BankID RP API is not available (${said})`);
  }
}

/** Errors that may pass on a retry: a collect that meets one keeps the order and tries again. */
export function isTransientError(errorCode: string): boolean {
  return errorCode === "requestTimeout" || errorCode === "internalError" || errorCode === "maintenance";
}
