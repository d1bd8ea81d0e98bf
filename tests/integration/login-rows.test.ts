/**
 * The hosted login reads and writes its login row with plain SQL on its hot path (insert at
 * authorize, read at each step, the move that completes it). What those return and store must be
 * exactly what the ORM reads back: every column, dates to the millisecond, JSON as stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import type { AuthorizationRequest } from "../../lib/oauth/authorization/request";
import { createTransaction, findBrowserTransaction, transition } from "../../lib/login/transaction";
import { registerClient, RP_CALLBACK } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let applicationId: string;

beforeAll(async () => {
  porta = await startTestPorta();
  const rp = await registerClient(porta);
  applicationId = (await (await prisma()).application.findUniqueOrThrow({ where: { clientId: rp.client_id } })).id;
});

afterAll(async () => {
  await porta.close();
});

const REQUEST = {
  responseType: "code",
  redirectUri: RP_CALLBACK,
  scopes: ["openid", "ssn"],
  state: "ø-state with spaces & \"quotes\"",
  nonce: "n-1",
  acrValues: ["urn:grn:authn:dk:mitid:substantial"],
  prompt: [],
  loginHint: { action: undefined },
  uiLocales: ["da"],
} as unknown as AuthorizationRequest;

describe("login rows through plain SQL", () => {
  it("a new login is returned, read and moved exactly as the ORM reads it", async () => {
    const created = await createTransaction({ applicationId, kind: "browser", state: "eid_authenticating", request: REQUEST, browserToken: "browser-1", acr: REQUEST.acrValues[0] });
    const stored = await (await prisma()).loginTransaction.findUniqueOrThrow({ where: { id: created.id } });
    expect(created).toEqual(stored);
    expect(await findBrowserTransaction(created.id, "browser-1")).toEqual(stored);

    const authTime = new Date(Date.UTC(2026, 10, 26, 9, 30, 15, 123));
    await transition(created, "completed", { subject: "sub-1", acr: REQUEST.acrValues[0], authTime, sealedClaims: "v1.sealed", codeHash: "hash-1", codeExpiresAt: new Date(authTime.getTime() + 60_000) }, { returning: false });
    const moved = await (await prisma()).loginTransaction.findUniqueOrThrow({ where: { id: created.id } });
    expect(moved).toMatchObject({ state: "completed", version: 1, subject: "sub-1", authTime, codeHash: "hash-1", sealedClaims: "v1.sealed" });
    expect(moved.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    expect(await findBrowserTransaction(created.id, "browser-1")).toEqual(moved);
  });

  it("a stale move changes nothing: the version decides", async () => {
    const created = await createTransaction({ applicationId, kind: "browser", state: "started", request: REQUEST, browserToken: "browser-2" });
    await transition(created, "failed", { error: "access_denied", errorDescription: "declined" }, { returning: false });
    await expect(transition(created, "failed", { error: "late" }, { returning: false })).rejects.toThrow(/changed while moving/);
    expect(await (await prisma()).loginTransaction.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ state: "failed", version: 1, error: "access_denied" });
  });

  it("another browser, a malformed id or an unknown id finds nothing", async () => {
    const created = await createTransaction({ applicationId, kind: "browser", state: "started", request: REQUEST, browserToken: "browser-3" });
    expect(await findBrowserTransaction(created.id, "browser-other")).toBeNull();
    expect(await findBrowserTransaction(created.id, undefined)).toBeNull();
    expect(await findBrowserTransaction("x".repeat(36), "browser-3")).toBeNull();
    expect(await findBrowserTransaction("00000000-0000-4000-8000-000000000000", "browser-3")).toBeNull();
  });
});
