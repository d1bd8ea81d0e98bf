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
