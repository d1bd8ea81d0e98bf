// @ts-check
// This file is CommonJS, as Next.js loads it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PHASE_PRODUCTION_SERVER } = require("next/constants");

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native, WASM or driver packages must be loaded by Node, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
    "pino",
  ],
  outputFileTracingRoot: __dirname,
  // `npm run typecheck` (in `npm test` and CI) checks the application, tests and scripts; the
  // build does not check them again (20–30 s of every first start).
  typescript: { tsconfigPath: "tsconfig.build.json", ignoreBuildErrors: true },
  // Request bodies Next reads (server actions, and the copy it buffers for proxy.ts): 1 MiB, as
  // lib/http/page-request-guard.ts and the protocol routes allow (npm start refuses larger first).
  experimental: {
    serverActions: { bodySizeLimit: "1mb" },
    proxyClientMaxBodySize: "1mb",
  },
  // Page security headers (frame, referrer, CSP, caching) come from lib/http/page-headers.ts,
  // applied by proxy.ts to the pages Next renders and by htmlPage to the protocol's own pages.
};

/**
 * Hosted login pages' languages (no locale routing): per-request locale in i18n/request.ts,
 * messages in lib/i18n/messages. next-intl's plugin only points `next-intl/config` at
 * i18n/request.ts for the bundler, so the running server (`npm start`) does without it: loading
 * it would load two native SWC compilers and a file watcher into the server's memory.
 * @param {string} phase
 */
module.exports = (phase) => {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for builds and development (above), so not a top-level import
  const createNextIntlPlugin = require("next-intl/plugin");
  return createNextIntlPlugin("./i18n/request.ts")(nextConfig);
};
