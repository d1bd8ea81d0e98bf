import { describe, expect, it } from "vitest";
import { compilePath, isProtocolPath, PROTOCOL_PATHS } from "./protocol-paths";

const TX = "0b6f6a3e-5a43-4f55-9d4b-1f2e3d4c5b6a";

describe("protocol paths", () => {
  it("compiles a template into an anchored pattern with its parameters", () => {
    const { pattern, params } = compilePath("/login/{tx}/eid/status");
    expect(params).toEqual(["tx"]);
    expect(pattern.exec(`/login/${TX}/eid/status`)?.[1]).toBe(TX);
    expect(pattern.test(`/login/${TX}/eid/status/x`)).toBe(false);
    expect(pattern.test("/login/not-a-login-id/eid/status")).toBe(false);
    expect(compilePath("/.well-known/jwks").pattern.test("/x.well-known/jwks")).toBe(false);
  });

  it("refuses a parameter it has no pattern for", () => {
    expect(() => compilePath("/oauth2/{nothing}")).toThrow(/nothing/);
  });

  it.each([PROTOCOL_PATHS.token, "/.well-known/openid-configuration", `/login/${TX}/select`, `/login/${TX}/eid/status`, "/login/callback", "/login/resume/abcdefghijklmnop", `/test/devices/${TX}/approve`, "/extensions/service/.well-known/jwks", "/playground/start", "/playground/callback"])(
    "%s is a protocol path",
    (path) => expect(isProtocolPath(path)).toBe(true),
  );

  // proxy.ts gives these the page headers: none may look like a protocol path.
  it.each(["/", `/login/${TX}`, `/login/${TX}/eid`, `/login/${TX}/consent`, "/dashboard", "/playground", "/playground/result", "/test/devices", `/test/devices/${TX}/maybe`, `${PROTOCOL_PATHS.token}/`])(
    "%s is not",
    (path) => expect(isProtocolPath(path)).toBe(false),
  );
});
