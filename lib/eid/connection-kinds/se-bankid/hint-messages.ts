/**
 * BankID's hint codes as the person reads them: BankID's recommended user messages (RFA codes of
 * the RP guidelines), keys of the `bankid` message namespace in every UI language. Pure, so the
 * login page's script uses it too.
 */
import type { BankIdLaunch } from "../../families/se-bankid/launch";

export const BANKID_MESSAGE_KEYS = [
  "rfa1",
  "rfa3",
  "rfa4",
  "rfa5",
  "rfa6",
  "rfa8",
  "rfa9",
  "rfa13",
  "rfa14",
  "rfa16",
  "rfa17a",
  "rfa17b",
  "rfa21",
  "rfa22",
  "rfa23",
] as const;
export type BankIdMessageKey = (typeof BANKID_MESSAGE_KEYS)[number];

/** The message for a pending order's hint code; an unknown code reads "in progress" (RFA21). */
export function pendingMessageKey(hintCode: string, launch: BankIdLaunch): BankIdMessageKey {
  switch (hintCode) {
    case "outstandingTransaction":
      // Only the app link is offered: the page is trying to start the app (RFA13).
      return launch.qr ? "rfa1" : "rfa13";
    case "noClient":
      return "rfa1";
    case "started":
      return "rfa14";
    case "userMrtd":
      return "rfa23";
    case "userSign":
      return "rfa9";
    default:
      return "rfa21";
  }
}

/** The message for a failed order's hint code; an unknown code reads "unknown error" (RFA22). */
export function failedMessageKey(hintCode: string, launch: BankIdLaunch): BankIdMessageKey {
  switch (hintCode) {
    case "expiredTransaction":
      return "rfa8";
    case "certificateErr":
      return "rfa16";
    case "userCancel":
      return "rfa6";
    case "cancelled":
      return "rfa3";
    case "startFailed":
      return launch.qr ? "rfa17b" : "rfa17a";
    case "alreadyInProgress":
      return "rfa4";
    case "internalError":
    case "maintenance":
      return "rfa5";
    default:
      return "rfa22";
  }
}

/** Whether the QR code is still to be scanned: the app has not picked the order up yet. */
export function awaitsScan(hintCode: string): boolean {
  return hintCode === "outstandingTransaction" || hintCode === "noClient" || hintCode === "";
}
