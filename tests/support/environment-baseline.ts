/**
 * The environment a test worker (process or thread) started with, kept on globalThis at its first
 * file: each later file starts from it again, whatever the files before it set.
 */
const BASELINE = Symbol.for("porta.tests.environment-baseline");

export function restoreEnvironmentBaseline(): void {
  const env = process.env as Record<string, string | undefined>;
  const worker = globalThis as typeof globalThis & { [BASELINE]?: Record<string, string | undefined> };
  const baseline = (worker[BASELINE] ??= { ...env });
  for (const name of Object.keys(env)) if (!(name in baseline)) delete env[name];
  Object.assign(env, baseline);
}
