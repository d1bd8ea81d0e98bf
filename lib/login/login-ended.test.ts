import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../log";
import { announceLoginEnded, onLoginEnded } from "./login-ended";
import type { EndedLogin } from "./login-state";

const ENDED: EndedLogin = { loginId: "l-1", applicationId: "a-1", acr: null, outcome: "success", errorCode: null, startedAt: new Date(0) };
const removals: (() => void)[] = [];
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
});

describe("the ended-login notice", () => {
  it("every listener hears each ended login once", () => {
    const heard: string[] = [];
    removals.push(onLoginEnded("a", (e) => heard.push(`a:${e.loginId}`)), onLoginEnded("b", (e) => heard.push(`b:${e.loginId}`)));
    announceLoginEnded(ENDED);
    expect(heard).toEqual(["a:l-1", "b:l-1"]);
  });

  it("a name registered again replaces its listener (a second copy of lib/ registers its own)", () => {
    const heard: string[] = [];
    removals.push(onLoginEnded("same", () => heard.push("first")), onLoginEnded("same", () => heard.push("second")));
    announceLoginEnded(ENDED);
    expect(heard).toEqual(["second"]);
  });

  it("a listener that throws does not keep the others from hearing, nor fail the login: it is logged", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const heard: string[] = [];
    removals.push(
      onLoginEnded("broken", () => {
        throw new Error("boom");
      }),
      onLoginEnded("after", () => heard.push("after")),
    );
    expect(() => announceLoginEnded(ENDED)).not.toThrow();
    expect(heard).toEqual(["after"]);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ listener: "broken", loginId: "l-1" }), "a listener of ended logins failed");
    logged.mockRestore();
  });

  it("a removed listener hears nothing more", () => {
    const heard: string[] = [];
    const remove = onLoginEnded("gone", () => heard.push("gone"));
    remove();
    announceLoginEnded(ENDED);
    expect(heard).toEqual([]);
  });
});
