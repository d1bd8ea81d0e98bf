import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";

const started: PortaProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "porta-start-"));
  dirs.push(dir);
  return dir;
}

const EMBEDDED = { DATABASE_URL: undefined, PORTA_SECRET: undefined, PUBLIC_URL: undefined };

describe("npm start", () => {
  it("a bad variable stops start-up with one line naming it", async () => {
    const p = spawnPorta({ ...EMBEDDED, PORT: "not-a-port", DATA_DIR: tempDir() });
    started.push(p);
    expect(await p.exited()).toBe(1);
    const lines = p.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });

  it("refuses DATABASE_URL without PORTA_SECRET", async () => {
    const p = spawnPorta({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none", PORTA_SECRET: undefined, PORT: "3999" });
    started.push(p);
    expect(await p.exited()).toBe(1);
    expect(p.output().trim()).toMatch(/^Invalid configuration: PORTA_SECRET is required with DATABASE_URL/);
  });

  it("a DATABASE_URL where no PostgreSQL answers stops start-up with one line saying so", async () => {
    const p = spawnPorta({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none", PORTA_SECRET: "x".repeat(32), PORT: String(await freePort()) });
    started.push(p);
    expect(await p.exited()).toBe(1);
    const lines = p.output().trim().split("\n");
    expect(lines).toEqual(["DATABASE_URL: no PostgreSQL answers at 127.0.0.1:1 (connect ECONNREFUSED)"]);
  });

  it("embedded: generates the secret, seeds, serves discovery; a second process on the same DATA_DIR is refused", { timeout: 400_000 }, async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = spawnPorta({ ...EMBEDDED, PORT: String(port), DATA_DIR: dataDir });
    started.push(first);
    // A new embedded database (initdb, migrations, the Demo tenant's keys): on a busy two-core
    // machine, beside the other test workers, this has taken more than a minute.
    await first.ready(240_000);
    expect(first.output()).toMatch(/Seeded the Demo tenant/);
    expect(first.output()).toMatch(/Dashboard admin \(shown once\): admin@porta\.local \/ \S{12,}/);
    const discovery = (await (await fetch(`http://localhost:${port}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(discovery.issuer).toBe(`http://localhost:${port}`);

    const second = spawnPorta({ ...EMBEDDED, PORT: String(await freePort()), DATA_DIR: dataDir });
    started.push(second);
    expect(await second.exited()).toBe(1);
    expect(second.output()).toMatch(/embedded database in .* is in use by process \d+/);

    await first.stop();
    const again = spawnPorta({ ...EMBEDDED, PORT: String(port), DATA_DIR: dataDir });
    started.push(again);
    await again.ready(120_000);
    expect(again.output()).not.toMatch(/Seeded|shown once/); // seeded once, admin password printed once
    await again.stop();
  });
});
