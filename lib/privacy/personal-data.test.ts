import { describe, expect, it, vi } from "vitest";

// The key comes from PORTA_SECRET; without it a secret would be generated into DATA_DIR.
vi.hoisted(() => {
  process.env.PORTA_SECRET = "unit-test-instance-secret-0123456789-abcdefghij";
});
import { openLoginClaims, openLoginRequestPart, openSessionIdentity, sealLoginClaims, sealLoginRequestPart, sealSessionIdentity } from "./personal-data";

describe("personal data sealing", () => {
  const claims = { ssn: "197808094515", name: "Erik Johansson" };

  it("round-trips, and the sealed text shows nothing of the value", () => {
    const sealed = sealLoginClaims("login-1", claims);
    expect(sealed).not.toContain("197808094515");
    expect(openLoginClaims("login-1", sealed)).toEqual(claims);
    expect(openLoginClaims("login-1", null)).toEqual({});
    expect(openSessionIdentity("s-1", sealSessionIdentity("s-1", claims))).toEqual(claims);
    expect(openSessionIdentity("s-1", null)).toBeNull();
    expect(openLoginRequestPart("login-1", sealLoginRequestPart("login-1", { nationalId: "1" }))).toEqual({ nationalId: "1" });
  });

  it("a value sealed for one row or purpose does not open for another", () => {
    const sealed = sealLoginClaims("login-1", claims);
    expect(() => openLoginClaims("login-2", sealed)).toThrow();
    expect(() => openSessionIdentity("login-1", sealed)).toThrow();
    expect(() => openLoginRequestPart("login-1", sealed)).toThrow();
  });
});
