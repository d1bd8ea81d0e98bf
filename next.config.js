// @ts-check
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
};

module.exports = nextConfig;
