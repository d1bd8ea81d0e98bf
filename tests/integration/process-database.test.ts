/**
 * The process database after shutdown: once closed, it stays closed. Work still running then (an
 * analytics flush, a ping-mode CIBA loop) fails instead of opening the database again, which on
 * the embedded database would create a new, empty one where the old one was, or lock its
 * directory during exit. A restart (here: the process state forgotten) opens it again.
 */
import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { flushLoginOutcomes, recordLoginOutcome, stopLoginOutcomeFlusher } from "../../lib/analytics/record-login-outcome";
import { config } from "../../lib/config";
import { closeProcessDatabase, db, DatabaseClosedError } from "../../lib/db/client";
import { resetProcessState } from "../../lib/process/state";

afterAll(() => stopLoginOutcomeFlusher());

describe("the process database after closeProcessDatabase", () => {
  it("db() rejects with DatabaseClosedError, and nothing is created where the embedded database was", async () => {
    const database = await db();
    expect(await database.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await closeProcessDatabase();

    // The embedded database moved away after shutdown (as a test file's copy is removed).
    const pgDir = config().dataDir ? path.join(config().dataDir!, "pglite") : undefined;
    if (pgDir) renameSync(pgDir, `${pgDir}.moved`);

    await expect(db()).rejects.toBeInstanceOf(DatabaseClosedError);
    await expect(db()).rejects.toThrow("the database is closed: the process is shutting down");
    // A login's counts flushed after shutdown: the write fails, the flush itself does not.
    recordLoginOutcome({ loginId: "after-shutdown", applicationId: "app-after-shutdown", acr: null, outcome: "error", errorCode: "server_error", startedAt: new Date(0) });
    await expect(flushLoginOutcomes()).resolves.toBeUndefined();
    if (pgDir) expect(existsSync(pgDir)).toBe(false);
    if (pgDir) renameSync(`${pgDir}.moved`, pgDir);
  });

  it("after a restart (the process state forgotten) the database opens again", async () => {
    resetProcessState();
    const database = await db();
    expect(await database.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });
});
