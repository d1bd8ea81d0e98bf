// @ts-check
// This file is CommonJS, as Next.js loads it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createNextIntlPlugin = require("next-intl/plugin");

// Hosted login pages' languages (no locale routing): per-request locale in i18n/request.ts,
// messages in lib/i18n/messages.
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

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
  // The build checks the application only; `npm test` type-checks tests and scripts too.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  // Hosted login pages must not be framed, leak referrers, or be cached (design.md §9).
  async headers() {
    return [
      {
        source: "/login/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          {
            key: "Content-Security-Policy",
            value: "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
          },
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Cache-Control", value: "no-store" },
        ],
      },
    ];
  },
};

module.exports = withNextIntl(nextConfig);
