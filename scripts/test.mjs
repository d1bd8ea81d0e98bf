/**
 * `npm test`: ESLint, the Vitest projects, and the type check followed by the end-to-end tests,
 * overlapped so that the machine's cores stay busy:
 *
 *   ESLint (eslint .) ────────────────────────────────────────────────────────────▶
 *   Vitest (vitest run) ──────────────────────────────────────────────────────────▶
 *   type check (scripts/type-check.mjs) ──▶ end-to-end tests (playwright test) ────▶
 *
 * Vitest and ESLint start at once; Vitest prints as it goes. The end-to-end tests wait for the
 * type check: both write Next.js's generated files under .next (route types, then the build the
 * end-to-end server makes on its first start). ESLint reads nothing under .next
 * (tsconfig.eslint.json), so it need not wait for either. The others print their output whole
 * when they end, so no two runners' lines interleave within a block. Every runner runs to its end
 * even when another fails, so one run reports every failure; the exit code is non-zero when any
 * of them failed.
 */
import path from "node:path";
import { bin, root, runCommand as run } from "./run-command.mjs";

const vitest = run("vitest", bin("vitest"), ["run"], { held: false });
const eslint = run("eslint", bin("eslint"), ["--max-warnings=0", "."], { held: true });
const typesThenEndToEnd = run("type check", process.execPath, [path.join(root, "scripts", "type-check.mjs")], { held: true }).then(async (typesCode) => [
  typesCode,
  await run("playwright", bin("playwright"), ["test"], { held: true }),
]);

const codes = [await vitest, await eslint, ...(await typesThenEndToEnd)];
process.exit(codes.every((code) => code === 0) ? 0 : 1);
