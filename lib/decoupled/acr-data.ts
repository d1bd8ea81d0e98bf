/**
 * Headless acr_data (the answer of POST /headless/authorize and of its polls): what a relying party needs to drive its own BankID-style UI.
 * qrData changes every second as Swedish BankID's animated QR does:
 * bankid.<qrStartToken>.<seconds since start>.<HMAC-SHA256(qrStartSecret, seconds)>.
 */
import { createHmac } from "node:crypto";
import type { DecoupledRequest } from "./request";
import { nowMs } from "../clock";

export interface AcrData {
  autoStartToken: string;
  qrData: string;
  hintCode: string;
}

export function acrData(request: Pick<DecoupledRequest, "autoStartToken" | "qrStartToken" | "qrStartSecret">, startedAt: Date, now = new Date(nowMs())): AcrData {
  const seconds = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
  const auth = createHmac("sha256", request.qrStartSecret ?? "").update(String(seconds)).digest("hex");
  return { autoStartToken: request.autoStartToken ?? "", qrData: `bankid.${request.qrStartToken}.${seconds}.${auth}`, hintCode: "outstandingTransaction" };
}
