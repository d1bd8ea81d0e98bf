import { describe, expect, it } from "vitest";
import type { ApplicationRecord } from "../../clients/application-record";
import { OAuthError } from "../errors";
import { validateDecoupledRequest } from "./validate-decoupled-request";
import type { DecoupledEndpoint } from "./request";

const SE = "urn:grn:authn:se:bankid";
const NO = "urn:grn:authn:no:bankid";
const MITID = "urn:grn:authn:dk:mitid:substantial";
const ERIK = "197808094515";
const INGRID = "22048712359";
const b64url = (text: string) => Buffer.from(text).toString("base64url");

function client(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    clientId: "rp",
    tokenEndpointAuthMethod: "client_secret_basic",
    grantTypes: ["urn:openid:params:grant-type:ciba", "urn:grn:params:grant-type:headless"],
    enabledAcrValues: [MITID, SE, NO],
    defaultAcrValues: [],
    backchannelTokenDeliveryMode: "poll",
    tenant: { environment: "test" },
    ...overrides,
  } as unknown as ApplicationRecord;
}

const validate = (params: Record<string, string>, endpoint: DecoupledEndpoint = "ciba", app = client()) =>
  validateDecoupledRequest(endpoint, app, new Map(Object.entries(params)));

async function errorOf(pending: Promise<unknown>): Promise<string> {
  try {
    await pending;
    return "none";
  } catch (error) {
    if (error instanceof OAuthError) return error.code;
    throw error;
  }
}

describe("a decoupled request through the authorization pipeline", () => {
  it("yields the shared AuthorizationRequest fields and its own", async () => {
    const validated = await validate({ scope: "openid ssn", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, binding_message: "Call 4711", requested_expiry: "120" });
    expect(validated).toMatchObject({
      endpoint: "ciba",
      clientId: "rp",
      scopes: ["openid", "ssn"],
      acrValues: [SE],
      acrRequested: true,
      acr: SE,
      loginHint: { action: "login", sub: ERIK },
      nationalId: ERIK,
      bindingMessage: "Call 4711",
      requestedExpiry: 120,
    });
    expect(validated.clientNotificationToken).toBeUndefined();
  });

  it("login_hint forms are held to the grammar authorize uses: a bad action:, message: or a repeated form → invalid_request", async () => {
    for (const endpoint of ["ciba", "headless"] as const) {
      for (const hint of [`sub:ssn:${ERIK} action:dance`, `sub:ssn:${ERIK} message:not*base64!`, `sub:ssn:${ERIK} sub:ssn:${ERIK}`]) {
        expect(await errorOf(validate({ scope: "openid", acr_values: SE, login_hint: hint }, endpoint)), `${endpoint} ${hint}`).toBe("invalid_request");
      }
    }
    expect(await errorOf(validate({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK} action:sign message:${b64url("Sign the lease")}` }))).toBe("none");
  });

  it("the login_hint's acr_values: and scope: join those parameters (quirks mode), and its eID must serve the endpoint", async () => {
    const quirks = await validate({ scope: "profile", login_hint: `sub:ssn:${ERIK} scope:openid acr_values:${SE}` });
    expect(quirks).toMatchObject({ scopes: ["profile", "openid"], acrValues: [SE], acrRequested: true, acr: SE });
    expect(await errorOf(validate({ scope: "openid", login_hint: `sub:ssn:${ERIK} acr_values:${MITID}` }))).toBe("invalid_request");
  });

  it("nonce: 1 to 512 characters, as at authorize (it reaches the ID token)", async () => {
    const base = { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` };
    expect((await validate({ ...base, nonce: "n-1" })).nonce).toBe("n-1");
    expect(await errorOf(validate({ ...base, nonce: "" }))).toBe("invalid_request");
    expect(await errorOf(validate({ ...base, nonce: "n".repeat(513) }, "headless"))).toBe("invalid_request");
  });

  it("acr_values: CIBA serves Norwegian BankID, headless Swedish BankID only; absent → the first enabled eID that serves the endpoint", async () => {
    expect((await validate({ scope: "openid", acr_values: NO, login_hint: `sub:ssn:${INGRID}` })).acr).toBe(NO);
    expect(await errorOf(validate({ scope: "openid", acr_values: NO, login_hint: `sub:ssn:${INGRID}` }, "headless"))).toBe("invalid_request");
    const defaulted = await validate({ scope: "openid", login_hint: `sub:ssn:${ERIK}` }, "headless");
    expect(defaulted).toMatchObject({ acrValues: [SE], acrRequested: false, acr: SE });
    expect(await errorOf(validate({ scope: "openid", login_hint: `sub:ssn:${ERIK}` }, "ciba", client({ enabledAcrValues: [MITID] })))).toBe("invalid_request");
  });

  it("the client checks run before a request object is verified: a public client or a missing grant → unauthorized_client", async () => {
    const withObject = { request: "not-a-jwt", scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` };
    expect(await errorOf(validate(withObject, "ciba", client({ tokenEndpointAuthMethod: "none" })))).toBe("unauthorized_client");
    expect(await errorOf(validate(withObject, "headless", client({ grantTypes: ["urn:openid:params:grant-type:ciba"] })))).toBe("unauthorized_client");
    expect(await errorOf(validate(withObject))).toBe("invalid_request_object");
  });

  it("ping mode requires client_notification_token and keeps it; a sub: that is no national id of the eID → unknown_user_id", async () => {
    const ping = client({ backchannelTokenDeliveryMode: "ping" });
    const base = { scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` };
    expect(await errorOf(validate(base, "ciba", ping))).toBe("invalid_request");
    expect((await validate({ ...base, client_notification_token: "nt-1" }, "ciba", ping)).clientNotificationToken).toBe("nt-1");
    expect(await errorOf(validate({ ...base, login_hint: `sub:ssn:${INGRID}` }))).toBe("unknown_user_id");
    expect(await errorOf(validate({ ...base, login_hint: "someone@example.com" }))).toBe("unknown_user_id");
  });

  it("headless may leave login_hint out (nobody named yet); CIBA may not; neither takes another hint or two", async () => {
    const open = await validate({ scope: "openid", acr_values: SE }, "headless");
    expect(open).toMatchObject({ endpoint: "headless", acr: SE, loginHint: { action: "login" } });
    expect(open.nationalId).toBeUndefined();
    const sign = await validate({ scope: "openid", acr_values: SE, login_hint: `action:sign message:${b64url("Sign the lease")}` }, "headless");
    expect(sign).toMatchObject({ loginHint: { action: "sign", message: "Sign the lease" } });
    expect(sign.nationalId).toBeUndefined();
    expect(await errorOf(validate({ scope: "openid", acr_values: SE }))).toBe("invalid_request");
    expect(await errorOf(validate({ scope: "openid", acr_values: SE, login_hint: "action:sign" }))).toBe("unknown_user_id");
    for (const endpoint of ["ciba", "headless"] as const) {
      expect(await errorOf(validate({ scope: "openid", acr_values: SE, id_token_hint: "x" }, endpoint)), endpoint).toBe("invalid_request");
      expect(await errorOf(validate({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}`, login_hint_token: "x" }, endpoint)), endpoint).toBe("invalid_request");
      expect(await errorOf(validate({ scope: "openid", acr_values: SE, login_hint: "sub:ssn:197808094516" }, endpoint)), endpoint).toBe("unknown_user_id");
    }
  });

  it("production tenants pass the same checks (their eID connection decides later whether it can run the flow)", async () => {
    const live = client({ tenant: { environment: "production" } } as Partial<ApplicationRecord>);
    expect((await validate({ scope: "openid", acr_values: SE, login_hint: `sub:ssn:${ERIK}` }, "ciba", live)).nationalId).toBe(ERIK);
    expect((await validate({ scope: "openid", acr_values: SE }, "headless", live)).acr).toBe(SE);
    expect(await errorOf(validate({ scope: "openid", acr_values: MITID, login_hint: "sub:ssn:1406851237" }, "ciba", live))).toBe("invalid_request");
  });
});
