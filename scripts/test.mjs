/**
 * `npm test`: the static checks, the Vitest projects and the end-to-end tests, overlapped so that
 * the machine's cores stay busy:
 *
 *   static checks (scripts/static-checks.mjs) ──▶ end-to-end tests (playwright test)
 *   Vitest (vitest run) ──────────────────────────────────────────────────────────▶
 *
 * Vitest starts at once and prints as it goes. The end-to-end tests wait for the static checks:
 * both write Next.js's generated files under .next (route types, then the build the end-to-end
 * server makes on its first start). Each of those two prints its output whole when it ends, so
 * no two runners' lines interleave within a block. Every runner runs to its end even when another
 * fails, so one run reports every failure; the exit code is non-zero when any of them failed.
 */
import path from "node:path";
import { bin, root, runCommand as run } from "./run-command.mjs";

const vitest = run("vitest", bin("vitest"), ["run"], { held: false });
const staticThenEndToEnd = run("static checks", process.execPath, [path.join(root, "scripts", "static-checks.mjs")], { held: true }).then(async (staticCode) => [
  staticCode,
  await run("playwright", bin("playwright"), ["test"], { held: true }),
]);

const codes = [await vitest, ...(await staticThenEndToEnd)];
process.exit(codes.every((code) => code === 0) ? 0 : 1);
