/**
 * Waiting for something that happens on real time outside the test's control: another process
 * (an instance's cache refreshing, a server starting or draining), a database coming back. Checks
 * `condition` every `everyMs` until it holds or `limitMs` has passed, and says whether it held.
 * Not for an interval Porta's own code defines in this process: move the clock (clock.ts).
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, limitMs: number, everyMs = 100): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return condition();
}
