/**
 * The dashboard loses nothing (whatever registration can set, the application page shows and saves
 * back: README, Dashboard, "Applications"): an application registered through the real registration
 * endpoint with every setting set, rendered by the application page's own logic and saved unchanged
 * through the function its form posts to, reads back through RFC 7592 exactly as before. Changing
 * one input changes exactly that member; a refused form changes nothing.
 */
import { exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../lib/audit/record-audit";
import { applicationFormValuesOf, toFormData, type FormValues } from "../../lib/clients/dashboard-form";
import { findApplication } from "../../lib/clients/find-application";
import { saveApplicationForm, type TApplicationFormResult } from "../../lib/clients/save-application-form";
import { updateApplicationMetadata } from "../../lib/clients/update-application-metadata";
import { OAuthError } from "../../lib/oauth/errors";
import { db } from "../../lib/db/client";
import { register, startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;

beforeAll(async () => {
  porta = await startTestPorta();
});

afterAll(async () => {
  await porta.close();
});

type Json = Record<string, unknown>;

const MITID = "urn:grn:authn:dk:mitid:substantial";
const BANKID = "urn:grn:authn:se:bankid";
const NO_BANKID = "urn:grn:authn:no:bankid";
const FTN = "urn:grn:authn:fi:bank-id";

interface Registered {
  clientId: string;
  token: string;
  uri: string;
  tenantId: string;
}

async function registerOk(metadata: Json): Promise<Registered> {
  const response = await register(porta, metadata);
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return { clientId: body.client_id as string, token: body.registration_access_token as string, uri: body.registration_client_uri as string, tenantId: body.tenant_id as string };
}

/** RFC 7592 §2.1: the client's configuration, read with its registration access token. */
async function readBack(client: Registered, token = client.token): Promise<Response> {
  return fetch(client.uri, { headers: { Authorization: `Bearer ${token}` } });
}

async function configuration(client: Registered): Promise<Json> {
  const response = await readBack(client);
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

function adminOf(client: Registered): Actor {
  return { type: "admin_user", id: "owner@rp.example", tenantId: client.tenantId };
}

/** The form the application page renders for the client, as it stands now. */
async function renderedForm(client: Registered): Promise<FormValues> {
  const app = await findApplication(client.clientId);
  if (!app) throw new Error(`no application ${client.clientId}`);
  return applicationFormValuesOf(app);
}

/** Posts `values` as the browser would, through the function the page's form action calls. */
async function submit(client: Registered, values: FormValues, actor = adminOf(client)): Promise<TApplicationFormResult> {
  const app = await findApplication(client.clientId);
  if (!app) throw new Error(`no application ${client.clientId}`);
  return saveApplicationForm(app, toFormData(values), actor);
}

async function auditRows(clientId: string): Promise<number> {
  return (await db()).prisma.auditEvent.count({ where: { targetId: clientId } });
}

async function publicJwk(alg: "RSA-OAEP-256" | "ECDH-ES" | "ES256", kid: string, use: "sig" | "enc"): Promise<Json> {
  const { publicKey } = await generateKeyPair(alg, alg === "ECDH-ES" ? { crv: "P-256", extractable: true } : { extractable: true });
  return { ...(await exportJWK(publicKey)), kid, use, alg };
}

/** Every member registration stores, none at its default (inline keys). */
async function everySettingWithKeys(): Promise<Json> {
  return {
    client_name: "Every setting, inline keys",
    redirect_uris: ["https://rp.example/cb?list=a,b", "http://localhost:8080/callback"],
    post_logout_redirect_uris: ["https://rp.example/bye", "https://rp.example/bye-again"],
    // Aliases (other names of the same grants) and an order checkboxes cannot express.
    grant_types: ["urn:service:params:grant-type:headless", "urn:ietf:params:oauth:grant-type:ciba", "implicit", "authorization_code"],
    response_types: ["id_token", "code"],
    token_endpoint_auth_method: "private_key_jwt",
    jwks: { keys: [await publicJwk("RSA-OAEP-256", "enc-rsa", "enc"), await publicJwk("ECDH-ES", "enc-ec", "enc"), await publicJwk("ES256", "sig-ec", "sig")] },
    id_token_signed_response_alg: "ES256",
    id_token_encrypted_response_alg: "RSA-OAEP-256",
    id_token_encrypted_response_enc: "A256GCM",
    userinfo_signed_response_alg: "PS256",
    userinfo_encrypted_response_alg: "ECDH-ES",
    userinfo_encrypted_response_enc: "A256GCM",
    request_object_signing_alg: "PS256",
    require_pushed_authorization_requests: true,
    default_acr_values: [NO_BANKID, BANKID],
    enabled_acr_values: [FTN, NO_BANKID, BANKID],
    backchannel_token_delivery_mode: "ping",
    backchannel_client_notification_endpoint: "https://rp.example/ciba/notify",
    scope_strategy: "static",
    // MitID is not enabled, yet its data points are kept.
    static_scopes: { [BANKID]: ["ssn", "address"], [MITID]: ["email"], [FTN]: ["phone", "birthdate"] },
    require_jti: true,
    consent_required: true,
    webhook: { url: "https://hooks.example.com/porta", claim_whitelist: ["email", "phone_number"], timeout_ms: 4500 },
  };
}

/** The members inline keys exclude, and a CIBA-only client without any redirect. */
const EVERY_SETTING_WITH_JWKS_URI: Json = {
  client_name: "Every setting, JWKS URL",
  grant_types: ["urn:openid:params:grant-type:ciba"],
  token_endpoint_auth_method: "client_secret_post",
  jwks_uri: "https://rp.example/.well-known/jwks.json",
  id_token_signed_response_alg: "PS256",
  id_token_encrypted_response_alg: "ECDH-ES",
  userinfo_encrypted_response_alg: "RSA-OAEP-256",
  backchannel_token_delivery_mode: "poll",
  enabled_acr_values: [BANKID, FTN],
  static_scopes: { [NO_BANKID]: ["ssn"] },
};

describe("saving an application page unchanged changes nothing", () => {
  it.each<[string, () => Promise<Json>]>([
    ["every setting with inline keys, browser, CIBA and headless grants, ping delivery and encryption", everySettingWithKeys],
    ["every setting with a JWKS URL, CIBA only with poll delivery and no redirect URLs", () => Promise.resolve(EVERY_SETTING_WITH_JWKS_URI)],
  ])("%s", async (_what, metadata) => {
    const client = await registerOk(await metadata());
    const before = await configuration(client);
    const audits = await auditRows(client.clientId);

    const result = await submit(client, await renderedForm(client));

    expect(result.kind, JSON.stringify(result.kind === "invalid" ? result.errors : {})).toBe("saved");
    expect(await configuration(client)).toEqual(before);
    expect(await auditRows(client.clientId)).toBe(audits); // nothing changed, nothing written
    // The form shows the same values again after the save.
    expect(result.values).toEqual(await renderedForm(client));
  });
});

describe("changing inputs changes exactly their members", () => {
  let client: Registered;
  beforeAll(async () => {
    client = await registerOk(await everySettingWithKeys());
  });

  it.each<[string, FormValues, Json]>([
    ["the delivery mode", { backchannel_token_delivery_mode: "poll" }, { backchannel_token_delivery_mode: "poll" }],
    ["the name", { client_name: "Renamed" }, { client_name: "Renamed" }],
    ["userinfo signing, emptied", { userinfo_signed_response_alg: "" }, { userinfo_signed_response_alg: undefined }],
    ["the notification endpoint", { backchannel_client_notification_endpoint: "https://rp.example/ciba/v2" }, { backchannel_client_notification_endpoint: "https://rp.example/ciba/v2" }],
  ])("%s", async (_what, change, expected) => {
    const before = await configuration(client);
    const result = await submit(client, { ...(await renderedForm(client)), ...change });
    expect(result.kind, JSON.stringify(result.kind === "invalid" ? result.errors : {})).toBe("saved");
    const after = await configuration(client);
    const wanted = Object.fromEntries(Object.entries({ ...before, ...expected }).filter(([, v]) => v !== undefined));
    expect(after).toEqual(wanted);
  });

  it("dropping the headless grant keeps the others in their stored order", async () => {
    const before = await configuration(client);
    const values = await renderedForm(client);
    const grants = (values["grant_types[]"] as string[]).filter((g) => g !== "urn:grn:params:grant-type:headless");
    await submit(client, { ...values, "grant_types[]": grants });
    const after = await configuration(client);
    expect(after).toEqual({ ...before, grant_types: grants });
  });

  it("a switch to a client secret issues one, shown once, and changes only the authentication", async () => {
    const before = await configuration(client);
    const result = await submit(client, { ...(await renderedForm(client)), token_endpoint_auth_method: "client_secret_basic" });
    expect(result.kind).toBe("saved");
    expect(result.kind === "saved" ? result.clientSecret?.length : 0).toBeGreaterThanOrEqual(43);
    expect(await configuration(client)).toEqual({ ...before, token_endpoint_auth_method: "client_secret_basic", client_secret_expires_at: 0 });
  });
});

describe("a refused form shows the error at its input and changes nothing", () => {
  let encrypting: Registered;
  let plain: Registered;
  beforeAll(async () => {
    encrypting = await registerOk(await everySettingWithKeys());
    plain = await registerOk({ client_name: "Plain web app", redirect_uris: ["https://rp.example/plain"] });
  });

  async function expectRefused(client: Registered, change: FormValues, field: string, message: RegExp, actor?: Actor): Promise<void> {
    const before = await configuration(client);
    const audits = await auditRows(client.clientId);
    const values = { ...(await renderedForm(client)), ...change };
    const result = await submit(client, values, actor);
    expect(result.kind).toBe("invalid");
    if (result.kind !== "invalid") return;
    expect(Object.keys(result.errors)).toEqual([field]);
    expect(result.errors[field]).toMatch(message);
    expect(result.values).toEqual(readValues(values)); // what was typed is shown again
    expect(await configuration(client)).toEqual(before);
    expect(await auditRows(client.clientId)).toBe(audits);
  }

  /** The values as the form reads them back from the post (empty checkboxes are not sent). */
  function readValues(values: FormValues): FormValues {
    return Object.fromEntries(Object.entries(values).filter(([, v]) => !Array.isArray(v) || v.length > 0));
  }

  it("a plain http redirect URL of a web application → redirect_uris", async () => {
    await expectRefused(plain, { redirect_uris: "http://rp.example/callback" }, "redirect_uris", /must use https/);
  });

  it("userinfo encryption without an encryption key → userinfo_encrypted_response_alg", async () => {
    await expectRefused(plain, { userinfo_encrypted_response_alg: "RSA-OAEP-256" }, "userinfo_encrypted_response_alg", /requires an RSA key with use "enc"/);
  });

  it("FTN enabled without encrypted ID tokens → id_token_encrypted_response_alg", async () => {
    await expectRefused(plain, { "enabled_acr_values[]": [BANKID, FTN] }, "id_token_encrypted_response_alg", /requires encrypted ID tokens/);
  });

  it("turning ID token encryption off while FTN stays enabled → id_token_encrypted_response_alg", async () => {
    await expectRefused(encrypting, { id_token_encrypted_response_alg: "" }, "id_token_encrypted_response_alg", /requires encrypted ID tokens/);
  });

  it("removing the encryption keys the settings need → id_token_encrypted_response_alg", async () => {
    const jwks = JSON.stringify({ keys: [await publicJwk("ES256", "sig-only", "sig")] });
    await expectRefused(encrypting, { jwks }, "id_token_encrypted_response_alg", /requires an RSA key/);
  });

  it("ping delivery without a notification endpoint → backchannel_client_notification_endpoint", async () => {
    await expectRefused(encrypting, { backchannel_client_notification_endpoint: "" }, "backchannel_client_notification_endpoint", /required with ping/);
  });

  it("CIBA without a delivery mode → backchannel_token_delivery_mode", async () => {
    await expectRefused(encrypting, { backchannel_token_delivery_mode: "" }, "backchannel_token_delivery_mode", /required with the CIBA grant/);
  });

  it("a JWKS that is not JSON → jwks", async () => {
    await expectRefused(encrypting, { jwks: '{"keys": [' }, "jwks", /Not valid JSON/);
  });

  it("an oversized name → client_name", async () => {
    await expectRefused(plain, { client_name: "x".repeat(100_000) }, "client_name", /client_name/);
  });

  it("another tenant's admin → the application does not exist for them", async () => {
    await expectRefused(plain, { client_name: "Taken over" }, "form", /no longer exists/, { type: "admin_user", id: "stranger@other.example", tenantId: "00000000-0000-4000-8000-000000000000" });
  });

  it("the oracle itself refuses a wrong registration access token", async () => {
    expect((await readBack(plain, `${plain.token}x`)).status).toBe(401);
  });
});

describe("the partial update service behind the form", () => {
  let client: Registered;
  beforeAll(async () => {
    client = await registerOk(await everySettingWithKeys());
  });

  async function app() {
    const found = await findApplication(client.clientId);
    if (!found) throw new Error("gone");
    return found;
  }

  it("a member set to null returns to its default; members not named keep their values", async () => {
    const before = await configuration(client);
    await updateApplicationMetadata(await app(), { consent_required: null, request_object_signing_alg: null }, adminOf(client));
    const { request_object_signing_alg: _removed, ...kept } = before;
    expect(await configuration(client)).toEqual({ ...kept, consent_required: false });
  });

  it.each<[string, unknown, RegExp]>([
    ["an array instead of an object", [{ client_name: "x" }], /JSON object/],
    ["another client_id", { client_id: "someone-else", client_name: "x" }, /client_id/],
    ["another tenant_id", { tenant_id: "00000000-0000-4000-8000-000000000000" }, /tenant_id cannot be changed/],
    ["a member of the wrong type", { require_jti: "yes" }, /require_jti/],
  ])("%s is refused and changes nothing", async (_what, patch, message) => {
    const before = await configuration(client);
    const audits = await auditRows(client.clientId);
    const refusal = await updateApplicationMetadata(await app(), patch as Record<string, unknown>, adminOf(client)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(OAuthError);
    expect((refusal as OAuthError).description).toMatch(message);
    expect(await configuration(client)).toEqual(before);
    expect(await auditRows(client.clientId)).toBe(audits);
  });
});
