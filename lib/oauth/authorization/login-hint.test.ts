import { describe, expect, it } from "vitest";
import { checkMessageLimits, parseLoginHint } from "./login-hint";

const withMessage = (text: string) => parseLoginHint(`message:${Buffer.from(text).toString("base64url")}`);
const refusal = (text: string, families: string[]) => {
  try {
    checkMessageLimits(withMessage(text), families);
    return undefined;
  } catch (error) {
    return (error as { description?: string }).description;
  }
};

describe("login_hint message: limits of the eIDs a request allows", () => {
  it("MitID, for citizens and businesses alike, shows at most 130 characters", () => {
    expect(refusal("ø".repeat(130), ["dk-mitid"])).toBeUndefined();
    expect(refusal("x".repeat(131), ["dk-mitid"])).toBe("login_hint message: MitID shows at most 130 characters (this one has 131)");
    expect(refusal("x".repeat(131), ["dk-mitid-business"])).toMatch(/MitID shows at most 130/);
  });

  it("BankID takes at most 1500 characters of base64url", () => {
    expect(refusal("y".repeat(1125), ["se-bankid"])).toBeUndefined();
    expect(refusal("y".repeat(1126), ["se-bankid"])).toBe("login_hint message: BankID accepts at most 1500 characters after base64url encoding");
  });

  it("an eID without a limit takes any message; with several, the first in catalogue order answers", () => {
    expect(refusal("y".repeat(2000), ["se-freja", "mock"])).toBeUndefined();
    expect(refusal("y".repeat(2000), ["se-bankid", "dk-mitid"])).toMatch(/^login_hint message: MitID/);
  });
});
