import { describe, expect, it } from "vitest";
import type { LoginHint } from "../../../oauth/authorization/request";
import type { ConnectorLogin } from "../../connector";
import { findEidMethod } from "../../catalogue";
import { familyOf } from "..";
import { mockConnector, mockEid } from "./connector";

const hint = (mock?: Record<string, unknown>): LoginHint => ({ action: "login", ...(mock ? { mock } : {}) });

describe("the mock eID", () => {
  it("is the mock family's connector in test tenants", () => {
    expect(familyOf("mock").testConnector).toBe(mockConnector);
  });

  it("logs in the default mock person without a hint", () => {
    expect(mockEid(hint())).toEqual({
      acr: "urn:grn:authn:mock",
      personKey: "mock-default",
      claims: { name: "Mock Person", given_name: "Mock", family_name: "Person", birthdate: "1990-01-01", email: "mock.person@example.com" },
      method: "mock",
    });
  });

  it("takes the hint's claims, keyed by sub (never released), else ssn, nationalId or uuid", () => {
    expect(mockEid(hint({ sub: "p-1", ssn: "x", name: "A" }))).toMatchObject({ personKey: "p-1", claims: { ssn: "x", name: "A" } });
    expect(mockEid(hint({ sub: "p-1" })).claims).not.toHaveProperty("sub");
    expect(mockEid(hint({ uuid: "u-1" })).personKey).toBe("u-1");
    expect(mockEid(hint({ name: "A" })).personKey).toBe("mock-default");
  });

  it("completes the eID step at once, without a page", async () => {
    const login = { acr: "urn:grn:authn:mock", method: findEidMethod("urn:grn:authn:mock"), loginHint: hint({ sub: "p-2" }) } as ConnectorLogin;
    await expect(mockConnector.start(login)).resolves.toEqual({ kind: "complete", result: expect.objectContaining({ personKey: "p-2", method: "mock" }) });
    await expect(mockConnector.finish(login, new URLSearchParams())).rejects.toThrow(/no page/);
  });
});
