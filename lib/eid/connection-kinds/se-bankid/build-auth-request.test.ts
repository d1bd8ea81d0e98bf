import { describe, expect, it } from "vitest";
import type { LoginHint } from "../../../oauth/authorization/request";
import { buildAuthRequest, userVisibleText } from "./build-auth-request";
import { USER_VISIBLE_DATA_MAX } from "./rp-api";

function request(loginHint: LoginHint, locale = "en") {
  return buildAuthRequest({ endUserIp: "192.0.2.15", loginHint, locale });
}

const decode = (b64: string | undefined) => Buffer.from(b64 ?? "", "base64").toString("utf8");

describe("the /auth order", () => {
  it("a plain login sends endUserIp only", () => {
    expect(request({ action: "login" })).toEqual({ endUserIp: "192.0.2.15" });
  });

  it("sub: with a valid personnummer becomes requirement.personalNumber (dashes and spaces dropped)", () => {
    expect(request({ action: "login", sub: "19900315-2387" }).requirement).toEqual({ personalNumber: "199003152387" });
  });

  it("sub: that is no valid personnummer is ignored", () => {
    expect(request({ action: "login", sub: "199003152388" }).requirement).toBeUndefined();
    expect(request({ action: "login", sub: "9003152387" }).requirement).toBeUndefined();
  });

  it("action: and message: become simpleMarkdownV1 userVisibleData in the page's language", () => {
    const body = request({ action: "sign", message: "Avtal nr 12 — *1 000 kr*" }, "sv");
    expect(body.userVisibleDataFormat).toBe("simpleMarkdownV1");
    expect(decode(body.userVisibleData)).toBe("# Skriv under\n\nAvtal nr 12 — *1 000 kr*");
  });

  it("an action without a message shows the wording alone; login without a message shows nothing", () => {
    expect(userVisibleText("confirm", undefined, "da")).toBe("# Bekræft");
    expect(userVisibleText("login", undefined, "fi")).toBeUndefined();
    expect(userVisibleText("login", "Hej", "nb")).toBe("# Logg inn\n\nHej");
    expect(userVisibleText("accept", undefined, "xx")).toBe("# Accept");
  });

  it("a long message keeps within BankID's 1 500 encoded characters: the heading gives way, then the text is cut", () => {
    const long = "å".repeat(2000);
    const body = request({ action: "approve", message: long });
    expect(body.userVisibleData!.length).toBeLessThanOrEqual(USER_VISIBLE_DATA_MAX);
    const text = decode(body.userVisibleData);
    expect(text.startsWith("#")).toBe(false);
    expect(long.startsWith(text)).toBe(true);
    expect(text.length).toBeGreaterThan(500);
  });
});
