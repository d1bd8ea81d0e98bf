import { describe, expect, it, vi } from "vitest";

// The MAC key is the instance secret: give it here rather than let one be generated into DATA_DIR.
vi.hoisted(() => {
  process.env.PORTA_SECRET ??= "unit-test-instance-secret-0123456789-abcdefghijklmnop";
});

const { decodeCursor, encodeCursor } = await import("./cursor");

describe("admin API cursors", () => {
  const body = { t: "2026-11-26T06:00:00.000Z", i: "5f0c7a52-6a43-4d3c-9a1e-0d1f2a3b4c5d" };

  it("round-trips within the list it was issued for", () => {
    expect(decodeCursor("audit:t1", encodeCursor("audit:t1", body))).toEqual(body);
  });

  it("refuses the cursor of another list, naming cursor", () => {
    expect(() => decodeCursor("audit:t2", encodeCursor("audit:t1", body))).toThrow(expect.objectContaining({ field: "cursor", status: 400 }));
  });

  it("refuses a changed payload, a changed tag and garbage", () => {
    const cursor = encodeCursor("tenants", body);
    const [payload, tag] = cursor.split(".") as [string, string];
    const changed = Buffer.from(JSON.stringify({ ...body, i: "other" })).toString("base64url");
    for (const bad of [`${changed}.${tag}`, `${payload}.${tag.slice(1)}`, `${payload}.`, "", "...", "a.b.c"]) {
      expect(() => decodeCursor("tenants", bad), bad).toThrow(expect.objectContaining({ field: "cursor" }));
    }
  });
});
