import { describe, expect, it } from "vitest";
import { compilePath, isProtocolPath, PROTOCOL_PATHS } from "./protocol-paths";

const LOGIN_ID = "0b6f6a3e-5a43-4f55-9d4b-1f2e3d4c5b6a";

describe("protocol paths", () => {
  it("compiles a template into an anchored pattern with its parameters", () => {
    const { pattern, params } = compilePath("/login/{loginId}/eid/status");
    expect(params).toEqual(["loginId"]);
    expect(pattern.exec(`/login/${LOGIN_ID}/eid/status`)?.[1]).toBe(LOGIN_ID);
    expect(pattern.test(`/login/${LOGIN_ID}/eid/status/x`)).toBe(false);
    expect(pattern.test("/login/not-a-login-id/eid/status")).toBe(false);
    expect(compilePath("/.well-known/jwks").pattern.test("/x.well-known/jwks")).toBe(false);
  });

  it("refuses a parameter it has no pattern for", () => {
    expect(() => compilePath("/oauth2/{nothing}")).toThrow(/nothing/);
  });

  it.each([PROTOCOL_PATHS.token, "/.well-known/openid-configuration", `/login/${LOGIN_ID}/select`, `/login/${LOGIN_ID}/eid/status`, "/login/callback", "/login/resume/abcdefghijklmnop", `/test/devices/${LOGIN_ID}/approve`, "/extensions/service/.well-known/jwks", "/playground/start", "/playground/callback"])(
    "%s is a protocol path",
    (path) => expect(isProtocolPath(path)).toBe(true),
  );

  // proxy.ts gives these the page headers: none may look like a protocol path.
  it.each(["/", `/login/${LOGIN_ID}`, `/login/${LOGIN_ID}/eid`, `/login/${LOGIN_ID}/consent`, "/dashboard", "/playground", "/playground/result", "/test/devices", `/test/devices/${LOGIN_ID}/maybe`, `${PROTOCOL_PATHS.token}/`])(
    "%s is not",
    (path) => expect(isProtocolPath(path)).toBe(false),
  );
});
