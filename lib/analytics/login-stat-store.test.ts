import { describe, expect, it } from "vitest";
import { columnsAnInsertMustName, insertedColumns, schemaColumnKinds } from "../../tests/support/prisma-schema";
import { BUCKET_COUNT, bucketIndex, emptyBuckets } from "./duration-buckets";
import { LOGIN_STAT_UPSERT_SQL, sumPerTenant, type ApplicationCounts } from "./login-stat-store";
import { WEBHOOK_FAILURE_UPSERT_SQL } from "./record-webhook-failure";

const TENANT = "11111111-1111-4111-8111-111111111111";
const OTHER_TENANT = "22222222-2222-4222-8222-222222222222";
const tenantOf = new Map([
  ["app-1", TENANT],
  ["app-2", TENANT],
  ["app-3", OTHER_TENANT],
]);

function counts(applicationId: string, count: number, durationMs: number, outcome: ApplicationCounts["outcome"] = "success"): ApplicationCounts {
  const buckets = emptyBuckets();
  buckets[bucketIndex(durationMs)] = count;
  return { applicationId, day: "2026-11-26", acr: "urn:grn:authn:mock", outcome, errorCode: "", count, buckets };
}

describe("summing a batch to the tenants' rows", () => {
  it("two applications of one tenant under the same key become one row: counts and buckets added", () => {
    const rows = sumPerTenant([counts("app-1", 2, 1_000), counts("app-2", 3, 60_000)], tenantOf);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: TENANT, day: "2026-11-26", outcome: "success", count: 5 });
    expect(rows[0]!.buckets).toHaveLength(BUCKET_COUNT);
    expect(rows[0]!.buckets[bucketIndex(1_000)]).toBe(2);
    expect(rows[0]!.buckets[bucketIndex(60_000)]).toBe(3);
  });

  it("other tenants, and other outcomes of one tenant, keep rows of their own; an unknown application counts nothing", () => {
    const rows = sumPerTenant([counts("app-1", 1, 1_000), counts("app-3", 1, 1_000), counts("app-2", 1, 1_000, "cancel"), counts("gone", 4, 1_000)], tenantOf);
    expect(rows.map((r) => [r.tenantId, r.outcome, r.count])).toEqual([
      [TENANT, "success", 1],
      [OTHER_TENANT, "success", 1],
      [TENANT, "cancel", 1],
    ]);
  });

  it("leaves the buffered counts as they were (a batch that fails is tried again as it was)", () => {
    const batch = [counts("app-1", 2, 1_000), counts("app-2", 3, 1_000)];
    sumPerTenant(batch, tenantOf);
    expect(batch.map((c) => c.count)).toEqual([2, 3]);
    expect(batch[0]!.buckets[bucketIndex(1_000)]).toBe(2);
  });
});

describe("the analytics' upserts against prisma/schema.prisma", () => {
  it.each([
    ["LoginDailyStat", LOGIN_STAT_UPSERT_SQL],
    ["WebhookFailureDailyStat", WEBHOOK_FAILURE_UPSERT_SQL],
  ])("%s: every column, and only columns of the model", (model, sql) => {
    const inserted = insertedColumns(sql, model);
    expect(inserted.sort()).toEqual(Object.keys(schemaColumnKinds(model)).sort());
    expect(inserted).toEqual(expect.arrayContaining(columnsAnInsertMustName(model)));
  });
});
