import { existsSync } from "node:fs";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium against `npm start` on a fresh embedded database.
 * Playwright cannot download browsers here: CHROMIUM_PATH, else Debian's headless shell of
 * Chromium (package chromium-headless-shell: the same engine without the desktop browser, the
 * kind Playwright itself runs headless; a page and a new context cost about a third of the full
 * browser's CPU), else the full /usr/bin/chromium.
 */
const CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const chromiumPath = process.env.CHROMIUM_PATH || (CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? "/usr/bin/chromium");

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // The compositor's GPU thread (software rendering here) in the browser process instead of a
  // process of its own: less CPU for every page.
  "--in-process-gpu",
];

/** `npm start` on a fresh embedded database in `dataDir`, as the end-to-end tests and the screenshots use it. */
export function portaServer(dataDir: string): NonNullable<PlaywrightTestConfig["webServer"]> {
  return {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    cwd: __dirname,
    url: `${baseURL}/readyz`,
    // The first start builds the web application: minutes on a busy two-core machine.
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORTA_SECRET: "",
      PORTA_ADMIN_TOKEN: "e2e-admin-token-0123456789-abcdefghijklmnop",
      ADMIN_EMAIL: "admin@porta.local",
      ADMIN_PASSWORD: "e2e-admin-password",
      LOG_LEVEL: "warn",
      // The reference webhook receiver and test relying parties run on loopback.
      ALLOW_PRIVATE_OUTBOUND: "true",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  };
}

/**
 * The specs that create tenants, or read what the tenants on PUBLIC_URL share (its JWKS, whose
 * keys dashboard.spec.ts counts across a rotation): they run one after another, in one worker.
 * Every other spec works in the seeded Demo tenant or in applications of its own, and they run
 * one after another in a second worker, beside the first: two lanes, each in the order of its
 * files, the tests of a file in order (a spec's tests may build on each other).
 */
const TENANT_SPECS = ["dashboard", "admins", "eid-connections", "analytics", "tenant-domain-login"].map((name) => `${name}.spec.ts`);
export const chromium = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: "e2e",
  // The pages of docs/screenshots are taken by their own command (e2e/screenshots/playwright.config.ts).
  testIgnore: "screenshots/**",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Two lanes share two cores with Porta, so each test gets about one core at best; the longest
  // specs (a connection set up through the dashboard, with accessibility checks) need about a
  // minute on a busy machine. A dashboard sign-in hashes the password with scrypt: an answer may
  // take more than Playwright's default 5 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // No trace: recording one for every test, to keep only the failing ones', cost about a fifth
    // of the end-to-end tests' CPU. A failure keeps its screenshot; run the spec again with
    // `--trace on` to get its trace.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "tenants", testMatch: TENANT_SPECS, workers: 1, use: chromium },
    { name: "demo", testIgnore: ["screenshots/**", ...TENANT_SPECS], workers: 1, use: chromium },
  ],
  webServer: portaServer(".test-data/e2e"),
});
