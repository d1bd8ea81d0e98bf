import { describe, expect, it } from "vitest";
import { CLIENT_AUTHENTICATION_FAILED, ClientAuthenticationError, requestIdOf } from "./client-authentication-error";

describe("ClientAuthenticationError", () => {
  it("answers the same JSON whatever the reason; the reason stays on the error", () => {
    const unknown = new ClientAuthenticationError("unknown client_id", "no-such-client");
    const wrongSecret = new ClientAuthenticationError("wrong client secret", "rp");
    expect(unknown.toJSON()).toEqual({ error: "invalid_client", error_description: CLIENT_AUTHENTICATION_FAILED });
    expect(wrongSecret.toJSON()).toEqual(unknown.toJSON());
    expect(unknown.status).toBe(401);
    expect(wrongSecret.reason).toBe("wrong client secret");
  });

  it("carries WWW-Authenticate: Basic only when the request used Basic", () => {
    expect(new ClientAuthenticationError("wrong client secret", "rp", true).headers["WWW-Authenticate"]).toMatch(/^Basic realm=/);
    expect(new ClientAuthenticationError("wrong client secret", "rp").headers).toEqual({});
  });
});

describe("requestIdOf", () => {
  const withId = (id: string) => new Request("http://porta.test/oauth2/token", { headers: { "x-request-id": id } });

  it("takes a request id of the server's form", () => {
    expect(requestIdOf(withId("AbC_12-3.x"))).toBe("AbC_12-3.x");
  });

  it("ignores a missing, overlong or odd one", () => {
    expect(requestIdOf(new Request("http://porta.test/"))).toBeUndefined();
    expect(requestIdOf(withId("x".repeat(65)))).toBeUndefined();
    expect(requestIdOf(withId("a b"))).toBeUndefined();
  });
});
