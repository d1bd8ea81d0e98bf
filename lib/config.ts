/**
 * Porta's configuration: every environment variable it reads (README, Configuration), validated once.
 * A bad value raises a ConfigError whose message is one line naming the variable.
 */
import path from "node:path";
import { z } from "zod";
import { processSingleton } from "./process/state";

const ZBooleanFlagSchema = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const ZHttpUrlSchema = z
  .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
  .transform((value) => value.replace(/\/+$/, ""));

/**
 * New logins (authorization requests) one client IP may start in a minute unless configured:
 * five a second, sustained, from one address. People start a login, not one every few seconds,
 * so even a large office or a mobile carrier's shared address stays far below it at its busiest;
 * yet one address can no longer store logins without end (each is a row until an hour after it
 * ends), only about 18,000 an hour. `RATE_LIMIT_LOGINS_PER_MINUTE=0` turns the limit off.
 */
export const DEFAULT_LOGINS_PER_MINUTE = 300;

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: ZHttpUrlSchema.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgresql:// connection URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: ZBooleanFlagSchema.default(true),
  DATA_DIR: z.string().min(1).default(".data"),
  PORTA_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PORTA_ADMIN_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  PORTA_DEFAULT_TENANT: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email("must be an email address").optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  EXTENSIONS_URL: ZHttpUrlSchema.optional(),
  ALLOW_PRIVATE_OUTBOUND: ZBooleanFlagSchema.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.coerce.number({ error: "must be a whole number of proxies" }).int("must be a whole number of proxies").min(0, "must be at least 0").max(16, "must be at most 16").default(0),
  RATE_LIMIT_LOGINS_PER_MINUTE: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be at least 0").default(DEFAULT_LOGINS_PER_MINUTE),
  DELIVERY_LOG_DAYS: z.coerce.number({ error: "must be a whole number of days" }).int("must be a whole number of days").min(1, "must be at least 1").max(3650, "must be at most 3650").default(30),
  AUDIT_LOG_DAYS: z.coerce.number({ error: "must be a whole number of days" }).int("must be a whole number of days").min(1, "must be at least 1").max(36500, "must be at most 36500").default(365),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").regex(/^[A-Za-z0-9\-._~+/]+=*$/, "must be a bearer token (letters, digits and -._~+/)").optional(),
  SHUTDOWN_DELAY_S: z.coerce.number({ error: "must be a whole number of seconds" }).int("must be a whole number of seconds").min(0, "must be at least 0").max(300, "must be at most 300").default(5),
});

export type TEnv = z.infer<typeof ZEnvSchema>;

export interface Config {
  nodeEnv: TEnv["NODE_ENV"];
  port: number;
  /** The issuer identifier: PUBLIC_URL without a trailing slash. */
  issuer: string;
  extensionsUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Named prepared statements on PostgreSQL (lib/db/client.ts); off behind a pooler that drops them. */
  databasePreparedStatements: boolean;
  dataDir: string;
  secret: string | undefined;
  adminToken: string | undefined;
  defaultTenant: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  allowPrivateOutbound: boolean;
  logLevel: TEnv["LOG_LEVEL"];
  /** Proxies in front of Porta whose X-Forwarded-For entries are trusted (lib/http/client-ip.ts). */
  trustProxy: number;
  /** New logins (authorize) per client IP and minute (DEFAULT_LOGINS_PER_MINUTE unless set); undefined: turned off with 0. */
  loginsPerMinute: number | undefined;
  /** Days a webhook delivery log entry is kept (the retention sweeper deletes older ones). */
  deliveryLogDays: number;
  /** Days an audit entry is kept. */
  auditLogDays: number;
  /** The bearer token of GET /metrics; undefined: the route is not served (404). */
  metricsToken: string | undefined;
  /** Seconds between the first SIGTERM/SIGINT (readiness turns 503) and closing the listener. */
  shutdownDelayS: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Parses an environment (process.env by default). Pure: no I/O. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "unset", as shells and .env files commonly write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = ZEnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const e = parsed.data;
  const issuer = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const issuerUrl = new URL(issuer);
  if (issuerUrl.search || issuerUrl.hash) {
    throw new ConfigError("Invalid configuration: PUBLIC_URL must not have a query or fragment");
  }
  if (e.NODE_ENV === "production" && issuerUrl.protocol !== "https:" && !isLoopbackHost(issuerUrl.hostname)) {
    throw new ConfigError("Invalid configuration: PUBLIC_URL must be https when NODE_ENV=production");
  }
  // Outbound calls to private addresses are for tests and local development only (SSRF guard). A
  // production build served on a loopback PUBLIC_URL (the end-to-end tests) is a local run, not a
  // deployment: no browser outside this machine can reach its issuer.
  if (e.NODE_ENV === "production" && e.ALLOW_PRIVATE_OUTBOUND && !isLoopbackHost(issuerUrl.hostname)) {
    throw new ConfigError(
      "Invalid configuration: ALLOW_PRIVATE_OUTBOUND must not be true when NODE_ENV=production (outside a loopback PUBLIC_URL)",
    );
  }
  if (e.DATABASE_URL && !e.PORTA_SECRET) {
    throw new ConfigError(
      "Invalid configuration: PORTA_SECRET is required with DATABASE_URL (every instance must share it)",
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    issuer,
    extensionsUrl: e.EXTENSIONS_URL ?? `${issuer}/extensions`,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    dataDir: path.resolve(e.DATA_DIR),
    secret: e.PORTA_SECRET,
    adminToken: e.PORTA_ADMIN_TOKEN,
    defaultTenant: e.PORTA_DEFAULT_TENANT,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    allowPrivateOutbound: e.ALLOW_PRIVATE_OUTBOUND,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginsPerMinute: e.RATE_LIMIT_LOGINS_PER_MINUTE === 0 ? undefined : e.RATE_LIMIT_LOGINS_PER_MINUTE,
    deliveryLogDays: e.DELIVERY_LOG_DAYS,
    auditLogDays: e.AUDIT_LOG_DAYS,
    metricsToken: e.METRICS_TOKEN,
    shutdownDelayS: e.SHUTDOWN_DELAY_S,
  };
}

/** Process state (lib/process/state.ts): both module graphs of lib/ read one configuration. */
const loaded = processSingleton("config", loadConfig);

/** The process configuration, parsed from process.env on first use. */
export function config(): Config {
  return loaded();
}
