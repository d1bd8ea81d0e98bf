import { describe, expect, it } from "vitest";
import type { Login } from "../db/generated/client";
import { canTransition, endedLoginOf, IllegalTransitionError, planMove, TRANSITIONS } from "./login-state";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const createdAt = new Date("2026-11-26T10:00:00Z");
const login = { id: "11111111-1111-4111-8111-111111111111", applicationId: "22222222-2222-4222-8222-222222222222", acr: MITID, createdAt, state: "consent", version: 3 } as Login;

describe("the state table", () => {
  it("a finished login moves nowhere; every state can still fail until then", () => {
    expect(TRANSITIONS.completed).toEqual([]);
    expect(TRANSITIONS.failed).toEqual([]);
    for (const from of ["started", "eid_selection", "eid_authenticating", "webhook_post_auth", "paused", "webhook_resume", "consent"] as const) {
      expect(canTransition(from, "failed")).toBe(true);
    }
    // A paused login waits for the browser: it cannot complete without the webhook's resume.
    expect(canTransition("paused", "completed")).toBe(false);
  });
});

describe("what a move means", () => {
  it("an illegal move throws before anything is written", () => {
    expect(() => planMove(login, "eid_selection")).toThrow(IllegalTransitionError);
    expect(() => planMove({ ...login, state: "completed" }, "failed")).toThrow(/completed → failed is not allowed/);
  });

  it("applies only to the login as it was read (id, state, version)", () => {
    expect(planMove(login, "completed", { codeHash: "h" })).toMatchObject({ from: { id: login.id, state: "consent", version: 3 }, to: "completed", changes: { codeHash: "h" } });
  });

  it("failing clears the sealed claims, whatever the move asked; completing keeps them", () => {
    expect(planMove(login, "failed", { error: "access_denied", sealedClaims: "v1.kept" }).changes).toEqual({ error: "access_denied", sealedClaims: null });
    expect(planMove(login, "completed", { sealedClaims: "v1.kept" }).changes).toEqual({ sealedClaims: "v1.kept" });
  });

  it("only a move that ends the login carries an ended login, a cancel counted as such", () => {
    expect(planMove({ ...login, state: "eid_selection" }, "eid_authenticating").ended).toBeNull();
    expect(planMove(login, "completed").ended).toMatchObject({ outcome: "success", loginId: login.id });
    expect(planMove(login, "failed", { error: "access_denied" }, true).ended).toMatchObject({ outcome: "cancel", errorCode: "access_denied" });
  });
});

describe("what a move counts", () => {
  it("a move that does not end the login counts nothing", () => {
    for (const to of ["eid_selection", "eid_authenticating", "webhook_post_auth", "paused", "webhook_resume", "consent"] as const) {
      expect(endedLoginOf(login, to, { error: "access_denied" }, true)).toBeNull();
    }
  });

  it("completed → a success without error code, timed from the login's creation", () => {
    expect(endedLoginOf(login, "completed", {})).toEqual({ loginId: login.id, applicationId: login.applicationId, acr: MITID, outcome: "success", errorCode: null, startedAt: createdAt });
  });

  it("failed → an error by its OAuth code, or a cancel when the person cancelled", () => {
    expect(endedLoginOf(login, "failed", { error: "login_required" })).toMatchObject({ outcome: "error", errorCode: "login_required" });
    expect(endedLoginOf(login, "failed", { error: "access_denied" }, true)).toMatchObject({ outcome: "cancel", errorCode: "access_denied" });
    // A failure that names no code is counted as the server_error the relying party gets.
    expect(endedLoginOf(login, "failed", {})).toMatchObject({ outcome: "error", errorCode: "server_error" });
  });

  it("the move's own acr wins (a decoupled login sets it as it completes); none → null", () => {
    expect(endedLoginOf({ ...login, acr: null }, "completed", { acr: "urn:grn:authn:se:bankid" })?.acr).toBe("urn:grn:authn:se:bankid");
    expect(endedLoginOf({ ...login, acr: null }, "failed", { error: "login_required" })?.acr).toBeNull();
    // A Prisma operation object is not an acr: the login's own stands.
    expect(endedLoginOf(login, "completed", { acr: { set: null } })?.acr).toBe(MITID);
  });
});
