/**
 * The hosted login reads and writes its login row with plain SQL on its hot path (insert at
 * authorize, read at each step, the move that completes it). What those return and store must be
 * exactly what the ORM reads back: every column, dates to the millisecond, JSON as stored. A new
 * SSO session is inserted by the completing move's own statement, only if the move happens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db/client";
import type { AuthorizationRequest } from "../../lib/oauth/authorization/request";
import { hashToken } from "../../lib/crypto/hash";
import { findActiveSession, NewSession } from "../../lib/login/sessions";
import { findBrowserLogin } from "../../lib/login/login-store";
import { createLogin, transition } from "../../lib/login/login";
import { openSessionIdentity } from "../../lib/privacy/personal-data";
import { registerClient, RP_CALLBACK } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let applicationId: string;
let tenantId: string;

beforeAll(async () => {
  porta = await startTestPorta();
  const rp = await registerClient(porta);
  ({ id: applicationId, tenantId } = await (await prisma()).application.findUniqueOrThrow({ where: { clientId: rp.client_id } }));
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
    const created = await createLogin({ applicationId, kind: "browser", state: "eid_authenticating", request: REQUEST, browserToken: "browser-1", acr: REQUEST.acrValues[0] });
    const stored = await (await prisma()).login.findUniqueOrThrow({ where: { id: created.id } });
    expect(created).toEqual(stored);
    expect(await findBrowserLogin(created.id, "browser-1")).toEqual(stored);

    const authTime = new Date(Date.UTC(2026, 10, 26, 9, 30, 15, 123));
    await transition(created, "completed", { subject: "sub-1", acr: REQUEST.acrValues[0], authTime, sealedClaims: "v1.sealed", codeHash: "hash-1", codeExpiresAt: new Date(authTime.getTime() + 60_000) }, { returning: false });
    const moved = await (await prisma()).login.findUniqueOrThrow({ where: { id: created.id } });
    expect(moved).toMatchObject({ state: "completed", version: 1, subject: "sub-1", authTime, codeHash: "hash-1", sealedClaims: "v1.sealed" });
    expect(moved.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    expect(await findBrowserLogin(created.id, "browser-1")).toEqual(moved);
  });

  it("a stale move changes nothing: the version decides", async () => {
    const created = await createLogin({ applicationId, kind: "browser", state: "started", request: REQUEST, browserToken: "browser-2" });
    await transition(created, "failed", { error: "access_denied", errorDescription: "declined" }, { returning: false });
    await expect(transition(created, "failed", { error: "late" }, { returning: false })).rejects.toThrow(/changed while moving/);
    expect(await (await prisma()).login.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ state: "failed", version: 1, error: "access_denied" });
  });

  it("the completing move inserts the new SSO session in the same statement; a stale move inserts none", async () => {
    const authTime = new Date(Date.UTC(2026, 10, 26, 9, 30, 15, 456));
    const identity = { acr: REQUEST.acrValues[0]!, subject: "sub-2", authTime, identity: { personKey: "p-1", claims: { name: "Åse Ørsted" } } };
    const created = await createLogin({ applicationId, kind: "browser", state: "eid_authenticating", request: REQUEST, browserToken: "browser-4" });
    const session = new NewSession("session-token-1", tenantId, identity);
    await transition(created, "completed", { subject: "sub-2", sessionId: session.id, codeHash: "hash-2" }, { returning: false, session });
    const stored = await findActiveSession("session-token-1", tenantId);
    expect(stored).toMatchObject({ id: session.id, sessionHash: hashToken("session-token-1"), tenantId, subject: "sub-2", acr: identity.acr, authTime, endedAt: null });
    expect(openSessionIdentity(session.id, stored!.sealedIdentity)).toEqual(identity.identity);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(8 * 60 * 60 * 1000);
    // Written once: storing it again (another path) does not insert a second row or fail.
    await session.store();

    const late = new NewSession("session-token-2", tenantId, identity);
    await expect(transition(created, "completed", { subject: "sub-2", sessionId: late.id }, { returning: false, session: late })).rejects.toThrow(/changed while moving/);
    expect(await (await prisma()).browserSession.findUnique({ where: { id: late.id } })).toBeNull();
  });

  it("another browser, a malformed id or an unknown id finds nothing", async () => {
    const created = await createLogin({ applicationId, kind: "browser", state: "started", request: REQUEST, browserToken: "browser-3" });
    expect(await findBrowserLogin(created.id, "browser-other")).toBeNull();
    expect(await findBrowserLogin(created.id, undefined)).toBeNull();
    expect(await findBrowserLogin("x".repeat(36), "browser-3")).toBeNull();
    expect(await findBrowserLogin("00000000-0000-4000-8000-000000000000", "browser-3")).toBeNull();
  });
});
