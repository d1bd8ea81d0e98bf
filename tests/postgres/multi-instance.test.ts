/**
 * Several instances over one PostgreSQL, which keep no state of their own (docs/scaling.md): they
 * serve the same JWKS, and a key rotated by one process is served by every instance within the key
 * cache TTL (10 s), far inside the minute the operator is promised.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../support/databases";
import { freePort } from "../support/free-port";
import { sendIssuerHost } from "../support/issuer-host-fetch";
import { spawnPorta, type PortaProcess } from "../support/spawn-porta";
import { waitFor } from "../support/wait-for";

const root = path.resolve(__dirname, "..", "..");
const instances: { process: PortaProcess; url: string }[] = [];
let blank: Awaited<ReturnType<typeof createPostgresDatabase>>;
// Instances are reached by address with the issuer's Host, as behind the load balancer.
sendIssuerHost("http://porta.test:8080", () => instances.map((i) => i.url));

beforeAll(async () => {
  // A database nothing has migrated or seeded yet (the file's own is a seeded copy).
  blank = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const p = spawnPorta({ PORT: String(port), PUBLIC_URL: "http://porta.test:8080", DATABASE_URL: blank.url });
    instances.push({ process: p, url: `http://127.0.0.1:${port}` });
  }
  await Promise.all(instances.map((i) => i.process.ready()));
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.process.stop()));
  await blank.drop();
});

async function jwks(url: string): Promise<string[]> {
  const body = (await (await fetch(`${url}/.well-known/jwks`)).json()) as { keys: { kid: string }[] };
  return body.keys.map((k) => k.kid).sort();
}

describe("two instances on one PostgreSQL", () => {
  it("start together without racing migrations or seeding, and serve the same JWKS", async () => {
    const [a, b] = await Promise.all(instances.map((i) => jwks(i.url)));
    expect(a).toHaveLength(6);
    expect(b).toEqual(a);
    const seeded = instances.filter((i) => /Seeded the Demo tenant/.test(i.process.output()));
    expect(seeded).toHaveLength(1); // exactly one of them seeded; the other saw the tenant
  });

  it("serve a rotated key on both within the cache TTL", { timeout: 60_000 }, async () => {
    const before = await jwks(instances[0]!.url);
    const rotate = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/keys.ts", "rotate"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: blank.url, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    expect(rotate.status, rotate.stderr).toBe(0);
    expect(rotate.stdout).toMatch(/Rotated oidc keys/);

    // The instances are other processes: their key cache expires on real time.
    let seen: string[][] = [];
    await waitFor(
      async () => {
        seen = await Promise.all(instances.map((i) => jwks(i.url)));
        return seen.every((kids) => kids.length === 9);
      },
      30_000,
      500,
    );
    // 3 algs x (retired + current + new next) on both, and the same set.
    expect(seen[0]).toHaveLength(9);
    expect(seen[1]).toEqual(seen[0]);
    for (const kid of before) expect(seen[0]).toContain(kid);
  });
});
