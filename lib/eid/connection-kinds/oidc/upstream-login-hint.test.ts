import { describe, expect, it } from "vitest";
import { upstreamLoginHint } from "./upstream-login-hint";

describe("the login_hint passed to an upstream eID", () => {
  it("carries action: and message:, the message base64url-encoded again", () => {
    expect(upstreamLoginHint({ action: "sign", message: "Godkend aftale nr. 7 — æøå" })).toBe(`action:sign message:${Buffer.from("Godkend aftale nr. 7 — æøå").toString("base64url")}`);
  });

  it("leaves out the default action, and is absent when nothing is left", () => {
    expect(upstreamLoginHint({ action: "login", message: "Hi" })).toBe("message:SGk");
    expect(upstreamLoginHint({ action: "approve" })).toBe("action:approve");
    expect(upstreamLoginHint({ action: "login" })).toBeUndefined();
  });

  it("never carries the person's national id, a MitID uuid or mock claims", () => {
    const hint = upstreamLoginHint({ action: "confirm", sub: "0107852344", uuid: "6b0f0a8e", mock: { name: "X" } });
    expect(hint).toBe("action:confirm");
  });
});
