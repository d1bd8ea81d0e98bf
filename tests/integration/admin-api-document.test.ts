/**
 * The admin API's OpenAPI 3.1 document (README, "Admin API"): served without a token at
 * /api/v1/openapi.json, valid by a real OpenAPI validator, and complete: every /api/v1 route of
 * the routing table, with every method it answers, is in `paths` (the document's own path too).
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { protocolRoutes } from "../../lib/endpoints/protocol-routes";
import type { OpenApiDocumentJson } from "../support/admin-api-client";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let document: OpenApiDocumentJson;

beforeAll(async () => {
  porta = await startTestPorta();
  const response = await fetch(`${porta.issuer}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  document = (await response.json()) as OpenApiDocumentJson;
});

afterAll(async () => {
  await porta.close();
});

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("holds every /api/v1 route of the routing table with each of its methods", () => {
    const missing: string[] = [];
    const adminRoutes = protocolRoutes().filter((route) => route.path.startsWith("/api/v1/"));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(17);
    for (const route of adminRoutes) {
      const item = document.paths[route.path];
      if (!item) missing.push(`${route.path}: not in paths`);
      for (const method of route.allowed) if (!item?.[method.toLowerCase()]) missing.push(`${method} ${route.path}: not documented`);
    }
    expect(missing).toEqual([]);
    // And nothing documented that the table does not serve.
    const served = new Set(adminRoutes.flatMap((route) => route.allowed.map((m) => `${m.toLowerCase()} ${route.path}`)));
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
    expect(documented.filter((op) => !served.has(op))).toEqual([]);
  });

  it("documents its own path without a token, the bearer scheme, and error answers", () => {
    const self = document.paths["/api/v1/openapi.json"]!.get!;
    expect(self.security).toEqual([]);
    expect((document as unknown as { security: unknown }).security).toEqual([{ bearer: [] }]);
    expect((document.components as unknown as { securitySchemes: Record<string, unknown> }).securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    const create = document.paths["/api/v1/tenants"]!.post!;
    expect(Object.keys(create.responses as object).sort()).toEqual(["201", "400", "401", "403", "413"]);
    expect(document.components.schemas.Error).toMatchObject({ required: ["error", "error_description"] });
    const deleteTenant = document.paths["/api/v1/tenants/{tenant_id}"]!.delete!;
    expect(Object.keys(deleteTenant.responses as object)).toContain("409");
  });

  it("has unique operation ids and a tag on every operation", () => {
    const ops = Object.values(document.paths).flatMap((item) => Object.values(item));
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) expect((op.tags as string[]).length).toBe(1);
  });

  it("is served the same on every request, with no-store", async () => {
    const again = await fetch(`${porta.issuer}/api/v1/openapi.json`, { headers: { Authorization: "Bearer not-a-token" } });
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect(await again.json()).toEqual(document);
  });
});
