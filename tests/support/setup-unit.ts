/**
 * Runs before each unit test file. A worker thread runs several files one after another in one
 * module graph (`isolate: false`, vitest.config.ts), so each file starts as a fresh process would:
 * the environment back to what the thread started with (a file may set its own variables), and,
 * as the file's first hook (after its own module code has set what it sets), the process state
 * forgotten (lib/process/state.ts: the configuration is read again). The file's spies, stubbed
 * timers and globals are undone when it ends.
 */
import { afterAll, beforeAll, vi } from "vitest";
import { resetProcessState } from "../../lib/process/state";

const env = process.env as Record<string, string | undefined>;
const BASELINE = Symbol.for("porta.tests.environment-baseline");
const thread = globalThis as typeof globalThis & { [BASELINE]?: Record<string, string | undefined> };
const baseline = (thread[BASELINE] ??= { ...env });
for (const name of Object.keys(env)) if (!(name in baseline)) delete env[name];
Object.assign(env, baseline);

beforeAll(() => {
  resetProcessState();
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetProcessState();
});
