import { describe, expect, it } from "vitest";
import type { LoginTransaction } from "../db/generated/client";
import { endedLoginOf } from "./ended-login";

const MITID = "urn:grn:authn:dk:mitid:substantial";
const createdAt = new Date("2026-11-26T10:00:00Z");
const tx = { id: "11111111-1111-4111-8111-111111111111", applicationId: "22222222-2222-4222-8222-222222222222", acr: MITID, createdAt } as LoginTransaction;

describe("what a move counts", () => {
  it("a move that does not end the login counts nothing", () => {
    for (const to of ["eid_selection", "eid_authenticating", "webhook_post_auth", "paused", "webhook_resume", "consent"] as const) {
      expect(endedLoginOf(tx, to, { error: "access_denied" }, true)).toBeNull();
    }
  });

  it("completed → a success without error code, timed from the login's creation", () => {
    expect(endedLoginOf(tx, "completed", {})).toEqual({ loginId: tx.id, applicationId: tx.applicationId, acr: MITID, outcome: "success", errorCode: null, startedAt: createdAt });
  });

  it("failed → an error by its OAuth code, or a cancel when the person cancelled", () => {
    expect(endedLoginOf(tx, "failed", { error: "login_required" })).toMatchObject({ outcome: "error", errorCode: "login_required" });
    expect(endedLoginOf(tx, "failed", { error: "access_denied" }, true)).toMatchObject({ outcome: "cancel", errorCode: "access_denied" });
    // A failure that names no code is counted as the server_error the relying party gets.
    expect(endedLoginOf(tx, "failed", {})).toMatchObject({ outcome: "error", errorCode: "server_error" });
  });

  it("the move's own acr wins (a decoupled login sets it as it completes); none → null", () => {
    expect(endedLoginOf({ ...tx, acr: null }, "completed", { acr: "urn:grn:authn:se:bankid" })?.acr).toBe("urn:grn:authn:se:bankid");
    expect(endedLoginOf({ ...tx, acr: null }, "failed", { error: "login_required" })?.acr).toBeNull();
    // A Prisma operation object is not an acr: the login's own stands.
    expect(endedLoginOf(tx, "completed", { acr: { set: null } })?.acr).toBe(MITID);
  });
});
