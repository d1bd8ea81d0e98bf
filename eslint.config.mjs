import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

const TS_FILES = ["**/*.ts", "**/*.tsx", "**/*.mts"];
const NO_NEXT = { group: ["next", "next/*"], message: "lib/ must not import Next.js" };
const NO_DB = { group: ["@/lib/db", "@/lib/db/*", "**/lib/db", "**/lib/db/*"], message: "Query through a lib/ function instead of Prisma" };
// Moving the clock, forgetting the process state and cheaper password hashes are for tests: the application never does.
const TESTS_ONLY = {
  group: ["**/clock", "**/process/state", "**/crypto/password", "**/keys/generate-key"],
  importNames: ["advanceClock", "resetClock", "resetProcessState", "setPasswordCostForTests", "useRsaKeysMadeAheadForTests"],
  message: "Only tests move the clock, reset the process state, lower the cost of password hashes or hand out keys made ahead",
};

const BODY_READS = {
  selector: "MemberExpression[object.name='request'][property.name=/^(body|bodyUsed|text|json|formData|arrayBuffer|blob|bytes|clone)$/]",
  message: "Read a request's body through lib/http/read-body.ts (readForm, readJsonObject, readCappedText, copyRequest)",
};
const CLOCK_READS = [
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "What time it is comes from lib/clock.ts (nowMs(), nowSeconds()), which tests can move; durations use performance.now()" },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "What time it is comes from lib/clock.ts (now()), which tests can move" },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "dist/**",
      ".next/**",
      ".data/**",
      ".test-data/**",
      "lib/db/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "examples/**/node_modules/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "@next/next": nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly voided, and never handed to
    // something that ignores it (an event handler, a void callback, a condition). Their program is
    // tsconfig.eslint.json: the repository's files without what Next.js generates under .next, so
    // ESLint needs no `next typegen` first and runs beside the build (scripts/test.mjs).
    files: TS_FILES,
    languageOptions: { parserOptions: { project: "./tsconfig.eslint.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // No import cycles in the application (the layers of ARCHITECTURE.md point one way).
    files: ["lib/**/*.ts", "lib/**/*.tsx", "app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx", "server/**/*.ts", "i18n/**/*.ts", "*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The core is framework-free: no Next.js imports under lib/, components included, so its
    // decisions run and are tested without a Next.js server.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [NO_NEXT] }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_NEXT, TESTS_ONLY] }] },
  },
  {
    files: ["server/**/*.ts", "*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [TESTS_ONLY] }] },
  },
  {
    // Request bodies are read through lib/http/read-body.ts, which also knows the bodies Porta's
    // server read before it made the Request (those carry no stream). What time it is comes from
    // lib/clock.ts, which tests can move.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/**/*.test.ts", "lib/http/read-body.ts", "lib/clock.ts"],
    rules: { "no-restricted-syntax": ["error", BODY_READS, ...CLOCK_READS] },
  },
  {
    files: ["lib/http/read-body.ts", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...CLOCK_READS] },
  },
  {
    // Pages and components read and write through lib/ functions; none of them talks to the database.
    files: ["app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_DB, TESTS_ONLY] }] },
  },
  {
    files: ["**/*.mjs", "**/*.cjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", __dirname: "readonly", module: "writable", require: "readonly" } },
  },
);
