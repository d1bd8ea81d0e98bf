import { describe, expect, it } from "vitest";
import { formatDay, formatDuration, toSeconds } from "./format";

describe("analytics number formats", () => {
  it("days as day and month, without a time zone shift", () => {
    expect(formatDay("2026-11-26")).toBe("26 Nov");
    expect(formatDay("2026-01-01")).toBe("1 Jan");
  });

  it("durations as people read them", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(412.4)).toBe("412 ms");
    expect(formatDuration(4_230)).toBe("4.2 s");
    expect(formatDuration(42_600)).toBe("43 s");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(120_000)).toBe("2 min");
    expect(toSeconds(4_230)).toBe(4.2);
    expect(toSeconds(null)).toBeNull();
  });
});
