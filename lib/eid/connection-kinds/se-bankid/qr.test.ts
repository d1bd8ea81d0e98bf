import { describe, expect, it } from "vitest";
import { bankIdQrData, qrAuthCode, qrTimeAt } from "./qr";

// The worked example of BankID's RP API documentation (animated QR code).
const QR_START_TOKEN = "67df3917-fa0d-44e5-b327-edcc928297f8";
const QR_START_SECRET = "d28db9a7-4cde-429e-a983-359be676944c";

describe("BankID animated QR code", () => {
  it("computes BankID's documented qrAuthCode for times 0 and 1", () => {
    expect(qrAuthCode(QR_START_SECRET, 0)).toBe("dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8");
    expect(qrAuthCode(QR_START_SECRET, 1)).toBe("949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2");
  });

  it("formats bankid.<qrStartToken>.<qrTime>.<qrAuthCode>", () => {
    expect(bankIdQrData(QR_START_TOKEN, QR_START_SECRET, 0)).toBe(
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8",
    );
  });

  it("a different secret gives a different code (the secret is what the app's server checks)", () => {
    expect(qrAuthCode("another-secret", 0)).not.toBe(qrAuthCode(QR_START_SECRET, 0));
  });

  it("counts whole seconds since the order started, never negative", () => {
    expect(qrTimeAt(10_000, 10_000)).toBe(0);
    expect(qrTimeAt(10_000, 10_999)).toBe(0);
    expect(qrTimeAt(10_000, 11_000)).toBe(1);
    expect(qrTimeAt(10_000, 42_500)).toBe(32);
    expect(qrTimeAt(10_000, 9_000)).toBe(0);
  });
});
