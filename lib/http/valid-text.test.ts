import { describe, expect, it } from "vitest";
import { invalidTextPath, isValidText } from "./valid-text";

describe("isValidText", () => {
  it("accepts ordinary text, emoji and U+FFFD; refuses NUL and unpaired surrogates", () => {
    expect(isValidText("Æblegrød 😀 \ufffd")).toBe(true);
    expect(isValidText("a\u0000b")).toBe(false);
    expect(isValidText("\ud800")).toBe(false);
    expect(isValidText("x\udc00")).toBe(false);
  });

  it("invalidTextPath names the first bad string in a JSON value", () => {
    expect(invalidTextPath({ client_name: "ok", redirect_uris: ["https://a", "b\u0000"] })).toBe("redirect_uris[1]");
    expect(invalidTextPath({ jwks: { keys: [{ kid: "\ud800" }] } })).toBe("jwks.keys[0].kid");
    expect(invalidTextPath({ "\u0000": 1 })).toBe("(key)");
    expect(invalidTextPath({ a: [1, null, true, "x"] })).toBeUndefined();
  });
});

describe("invalidTextPath at any depth", () => {
  it("walks 20,000 levels without recursion and still names the bad string", { timeout: 60_000 }, () => {
    const levels = 20_000;
    const deep: unknown = JSON.parse(`${'{"a":'.repeat(levels)}"bad\\u0000"${"}".repeat(levels)}`);
    expect(invalidTextPath(deep)).toBe(Array(levels).fill("a").join("."));
    expect(invalidTextPath(JSON.parse(`${"[".repeat(levels)}"ok"${"]".repeat(levels)}`))).toBeUndefined();
  });

  it("reports the first bad string in document order, keys before their values", () => {
    expect(invalidTextPath({ a: "\u0000", "\u0000": 1 })).toBe("a");
    expect(invalidTextPath({ "\u0000": "\u0000", a: 1 })).toBe("(key)");
    expect(invalidTextPath([["ok", "\ud800"], "\u0000"])).toBe("[0][1]");
    expect(invalidTextPath({ a: { b: [{ "\udc00": 1 }] } })).toBe("a.b[0].(key)");
    expect(invalidTextPath({ "[x]": "\u0000" })).toBe("[x]");
    expect(invalidTextPath({ a: { "[x]": "\u0000" } })).toBe("a.[x]");
  });
});
