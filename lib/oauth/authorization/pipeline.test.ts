import { describe, expect, it } from "vitest";
import { checksFor } from "./pipeline";

const BROWSER_ONLY = [
  "checkRedirectUri",
  "checkState",
  "checkResponseMode",
  "checkRequestObjectParams",
  "checkRequirePar",
  "checkResponseType",
  "checkPkce",
  "checkPromptAndMaxAge",
  "checkIdTokenEncryption",
  "checkMockHint",
  "checkHintMessageLimits",
  "checkUiLocales",
];

describe("the applicability table", () => {
  it("authorize and PAR run the same checks, in order, and none of them is decoupled-only", () => {
    expect(checksFor("request", "par")).toEqual(checksFor("request", "authorize"));
    expect(checksFor("request", "authorize")).toEqual([
      "checkRedirectUri",
      "checkState",
      "checkResponseMode",
      "checkNoDuplicates",
      "checkRequestObjectParams",
      "checkRequirePar",
      "checkResponseType",
      "checkLoginHint",
      "checkScope",
      "checkNonce",
      "checkPkce",
      "checkPromptAndMaxAge",
      "checkAcrValues",
      "checkIdTokenEncryption",
      "checkMockHint",
      "checkHintMessageLimits",
      "checkUiLocales",
    ]);
    expect(checksFor("client", "authorize")).toEqual([]);
  });

  it("CIBA shares scope, nonce, login_hint and acr_values with authorize, and never runs a browser-channel check", () => {
    const ciba = checksFor("request", "ciba");
    expect(ciba).toEqual([
      "checkNoDuplicates",
      "checkLoginHint",
      "checkScope",
      "checkHintChoice",
      "checkNonce",
      "checkAcrValues",
      "checkSubject",
      "checkBindingMessage",
      "checkAuthorizationDetails",
      "checkRequestedExpiry",
      "checkClientNotificationToken",
    ]);
    expect(ciba.filter((name) => BROWSER_ONLY.includes(name))).toEqual([]);
    expect(checksFor("client", "ciba")).toEqual(["checkConfidentialClient", "checkDecoupledGrant"]);
  });

  it("headless is CIBA without ping mode's client_notification_token", () => {
    expect(checksFor("request", "headless")).toEqual(checksFor("request", "ciba").filter((name) => name !== "checkClientNotificationToken"));
    expect(checksFor("client", "headless")).toEqual(checksFor("client", "ciba"));
  });
});
