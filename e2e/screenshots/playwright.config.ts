/**
 * `npm run screenshots`: the pages of docs/screenshots, taken by e2e/screenshots/pages.spec.ts
 * against a fresh `npm start`, configured as the end-to-end tests are (playwright.config.ts) but
 * run apart from them: a test run writes nothing into the repository, and one command brings
 * every committed screenshot up to date.
 */
import { defineConfig } from "@playwright/test";
import e2e, { chromium, portaServer } from "../../playwright.config";

export default defineConfig({
  ...e2e,
  testDir: ".",
  testIgnore: [],
  testMatch: "pages.spec.ts",
  outputDir: "../../test-results/screenshots",
  workers: 1,
  // A test walks through many pages and takes two full-page pictures of each.
  timeout: 300_000,
  projects: [{ name: "screenshots", use: chromium }],
  webServer: portaServer(".test-data/screenshots"),
});
