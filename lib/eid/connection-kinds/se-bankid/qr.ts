/**
 * BankID's animated QR code (RP API v6): `bankid.<qrStartToken>.<qrTime>.<qrAuthCode>`, where
 * qrTime is the whole seconds since the order was started and qrAuthCode is
 * HMAC-SHA256(key = qrStartSecret, message = qrTime in decimal) in hex. The secret never leaves
 * the server: the page gets a new code on every poll.
 */
import { createHmac } from "node:crypto";

export function qrAuthCode(qrStartSecret: string, qrTime: number): string {
  return createHmac("sha256", qrStartSecret).update(String(qrTime)).digest("hex");
}

export function bankIdQrData(qrStartToken: string, qrStartSecret: string, qrTime: number): string {
  return `bankid.${qrStartToken}.${qrTime}.${qrAuthCode(qrStartSecret, qrTime)}`;
}

/** Whole seconds since the order started (never negative, should the clock step back). */
export function qrTimeAt(orderStartedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - orderStartedAt) / 1000));
}
