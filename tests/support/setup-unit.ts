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
import { restoreEnvironmentBaseline } from "./environment-baseline";

restoreEnvironmentBaseline();

beforeAll(() => {
  resetProcessState();
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetProcessState();
});
