/**
 * Every event body Porta sends validates against its JSON Schema (draft 2020-12, lib/webhooks/schemas), and the
 * documented webhook answers validate against the response schema.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { findApplication } from "../../lib/clients/find-application";
import { sendTestEvent } from "../../lib/webhooks/send-test-event";
import { TestBrowser } from "../support/browser";
import type { TestPorta } from "../support/test-server";
import {
  login,
  loginAndRedeem,
  MOCK,
  registerWebhookClient,
  reply,
  rpParams,
  type ReceivedRequest,
  useWebhookHarness,
} from "./webhook-support";

const SCHEMA_DIR = path.resolve(__dirname, "../../lib/webhooks/schemas");
const schema = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(SCHEMA_DIR, `${name}.json`), "utf8")) as Record<string, unknown>;

// `format` is not validated (no ajv-formats); URL fields are checked as absolute URLs below.
const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
const validators: Record<string, ValidateFunction> = {
  "post-auth-event-1.0": ajv.compile(schema("post-auth-event-1.0")),
  "post-auth-resume-event-1.0": ajv.compile(schema("post-auth-resume-event-1.0")),
  "webhook-response-1.0": ajv.compile(schema("webhook-response-1.0")),
};

function expectValid(name: string, value: unknown): void {
  const validate = validators[name]!;
  const valid = validate(value);
  expect(validate.errors ?? [], `${name}: ${JSON.stringify(value)}`).toEqual([]);
  expect(valid).toBe(true);
}

function expectInvalid(name: string, value: unknown): void {
  expect(validators[name]!(value), `${name} should refuse ${JSON.stringify(value)}`).toBe(false);
}

/** Validates a received event against the schema its `event` names. */
function expectValidEvent(request: ReceivedRequest): void {
  const name = request.body.event as string;
  expect(Object.keys(validators)).toContain(name);
  expectValid(name, request.body);
}

let porta: TestPorta;
const { hook } = useWebhookHarness((started) => (porta = started));

describe("event bodies against the JSON Schemas", () => {
  it("the schemas are draft 2020-12 and the validator enforces them (extra fields, bad conversationId)", () => {
    for (const name of Object.keys(validators)) expect(schema(name).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    const valid = { event: "post-auth-event-1.0", conversationId: "0".repeat(32), environment: "test", user: { sub: "u" }, resumeUrl: "https://id.example/login/resume/x" };
    expectValid("post-auth-event-1.0", valid);
    expectInvalid("post-auth-event-1.0", { ...valid, extra: 1 });
    expectInvalid("post-auth-event-1.0", { ...valid, conversationId: "ABC" });
    expectInvalid("post-auth-event-1.0", { ...valid, user: {} });
    expectInvalid("post-auth-resume-event-1.0", { event: "post-auth-resume-event-1.0", conversationId: "0".repeat(32), environment: "test", resumeRequest: {} });
  });

  it("post-auth events of MitID logins (several scopes) and of the mock eID are valid", async () => {
    const server = await hook((_req, res) => reply.noContent(res));
    const client = await registerWebhookClient(porta, server.url);
    await loginAndRedeem(porta, client, { scope: "openid" });
    await loginAndRedeem(porta, client, { scope: "openid ssn profile address", identity: "mitid-1" });
    await loginAndRedeem(porta, client, { scope: "openid ssn", identity: "mitid-3" });
    await loginAndRedeem(porta, client, { acr: MOCK });
    expect(server.requests).toHaveLength(4);
    for (const request of server.requests) {
      expect(request.method).toBe("POST");
      expect(request.url).toBe("/porta/hooks/login");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.body.event).toBe("post-auth-event-1.0");
      expectValidEvent(request);
      const resumeUrl = new URL(request.body.resumeUrl as string);
      expect(resumeUrl.origin).toBe(porta.issuer);
      expect(resumeUrl.pathname).toMatch(/^\/login\/resume\/[A-Za-z0-9_-]{16,128}$/);
    }
  });

  it("post-auth and post-auth-resume events of a paused login are valid", async () => {
    const server = await hook((req, res) => {
      if (req.body.event === "post-auth-event-1.0") res.writeHead(303, { Location: "https://hooks.example/confirm" }).end();
      else reply.noContent(res);
    });
    const client = await registerWebhookClient(porta, server.url);
    const browser = new TestBrowser(porta.issuer);
    const paused = await login(porta, client, { browser, scope: "openid ssn" });
    expect(paused.done).toMatchObject({ status: 303, location: "https://hooks.example/confirm" });
    const resumeUrl = `${server.requests[0]!.body.resumeUrl as string}?accepted=true&x=%C3%A6`;
    const resumed = await browser.get(resumeUrl);
    expect(rpParams(resumed).code).toBeTruthy();
    expect(server.requests.map((r) => r.body.event)).toEqual(["post-auth-event-1.0", "post-auth-resume-event-1.0"]);
    for (const request of server.requests) expectValidEvent(request);
    const resumeRequest = server.requests[1]!.body.resumeRequest as { url: string };
    expect(new URL(resumeRequest.url).href).toBe(resumeRequest.url);
  });

  it("the test event of the dashboard is valid", async () => {
    const server = await hook((_req, res) => reply.noContent(res));
    const client = await registerWebhookClient(porta, server.url);
    expect(await sendTestEvent((await findApplication(client.client_id))!)).toEqual({ kind: "continue" });
    expect(server.requests).toHaveLength(1);
    expectValidEvent(server.requests[0]!);
  });
});

describe("webhook answers against webhook-response-1.0", () => {
  it.each([
    ["claimsOperations with $set and $remove as an object", { claimsOperations: { $set: { "https://example.com/claims/role": "advisor", email: "a@example.com" }, $remove: { birthdate: true } } }],
    ["claimsOperations with $remove as an array", { claimsOperations: { $remove: ["birthdate", "address"] } }],
    ["claimsOperations with object values", { claimsOperations: { $set: { "urn:example:profile": { tier: "gold", tags: ["a", "b"] } } } }],
    ["an empty claimsOperations", { claimsOperations: {} }],
    ["abort with a description", { abort: { error_description: "Your account is locked" } }],
    ["abort without a description", { abort: {} }],
    ["abort beside claimsOperations (an abort, whatever else it holds)", { abort: { error_description: "stop" }, claimsOperations: { $set: { "urn:example:x": 1 } } }],
    ["the older claims shape", { claims: { "https://example.com/claims/customer-number": "C-1001" } }],
  ])("accepts %s", (_name, answer) => {
    expectValid("webhook-response-1.0", answer);
  });

  it.each([
    ["an unknown operation", { claimsOperations: { $unset: { a: 1 } } }],
    ["$remove as a string", { claimsOperations: { $remove: "birthdate" } }],
    ["abort as a string", { abort: "no" }],
    ["none of claimsOperations, abort and claims", { result: "ok" }],
    ["an array", [{ claimsOperations: {} }]],
  ])("refuses %s", (_name, answer) => {
    expectInvalid("webhook-response-1.0", answer);
  });
});
