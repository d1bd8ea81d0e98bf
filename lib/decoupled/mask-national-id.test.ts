import { describe, expect, it } from "vitest";
import { maskNationalId } from "./mask-national-id";

describe("maskNationalId", () => {
  it("shows the last four characters of an id, never more", () => {
    expect(maskNationalId("197808094515")).toBe("••••••••4515");
    expect(maskNationalId("22048712359")).toBe("•••••••2359");
    expect(maskNationalId("010190-123A")).toBe("•••••••123A");
  });

  it("hides every character of an id too short to keep four", () => {
    expect(maskNationalId("1234567")).toBe("•••••••");
    expect(maskNationalId("1234")).toBe("••••");
    expect(maskNationalId("")).toBe("");
  });
});
