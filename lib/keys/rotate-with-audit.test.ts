import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Actor } from "../audit/record-audit";
import { KeyRotationForbiddenError, mayRotateKeys, rotateKeysWithAudit } from "./rotate-with-audit";

const TENANT = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";
const owner: Actor = { type: "admin_user", id: "owner@tenant.example", tenantId: TENANT };
const tenantToken: Actor = { type: "admin_token", id: "t1", tenantId: TENANT };
const bootstrap: Actor = { type: "bootstrap_token", id: null, tenantId: null };
const system: Actor = { type: "system", id: null, tenantId: null };
const WEBHOOK_KEYS = { purpose: "extension", tenantId: null } as const;

describe("who may rotate keys", () => {
  it("webhook service keys: only the bootstrap token and the operator's CLI (system), never a tenant's owner or token", () => {
    expect(mayRotateKeys(WEBHOOK_KEYS, bootstrap)).toBe(true);
    expect(mayRotateKeys(WEBHOOK_KEYS, system)).toBe(true);
    expect(mayRotateKeys(WEBHOOK_KEYS, owner)).toBe(false);
    expect(mayRotateKeys(WEBHOOK_KEYS, tenantToken)).toBe(false);
  });

  it("a tenant's ID token keys: that tenant's actors and the platform, not another tenant's", () => {
    expect(mayRotateKeys({ purpose: "oidc", tenantId: TENANT }, owner)).toBe(true);
    expect(mayRotateKeys({ purpose: "oidc", tenantId: TENANT }, bootstrap)).toBe(true);
    expect(mayRotateKeys({ purpose: "oidc", tenantId: OTHER }, owner)).toBe(false);
  });

  it("a tenant owner asking to rotate the webhook service keys is refused before anything is touched", async () => {
    await expect(rotateKeysWithAudit(WEBHOOK_KEYS, owner)).rejects.toBeInstanceOf(KeyRotationForbiddenError);
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the dashboard's tenant pages", () => {
  const root = path.resolve(__dirname, "../../app/dashboard");

  it("offer no rotation of the webhook service keys (no action, no button)", () => {
    const keysPage = readFileSync(path.join(root, "t/[tenantId]/keys/page.tsx"), "utf8");
    expect(keysPage).not.toMatch(/rotate-webhook-keys|rotateWebhookKeys/);
    for (const file of sources(root)) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(/purpose:\s*"extension"/);
    }
  });
});
