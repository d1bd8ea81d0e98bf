import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const SECRET = "s".repeat(32);

/** The ConfigError that loadConfig(env) throws. */
function configErrorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError, but the configuration loaded");
}

describe("loadConfig", () => {
  it("defaults to an embedded development instance on http://localhost:3000", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      issuer: "http://localhost:3000",
      extensionsUrl: "http://localhost:3000/extensions",
      databaseUrl: undefined,
      databasePoolSize: 10,
      secret: undefined,
      adminToken: undefined,
      defaultTenant: undefined,
      allowPrivateOutbound: false,
      logLevel: "info",
      deliveryLogDays: 30,
      auditLogDays: 365,
    });
    expect(c.dataDir).toBe(path.resolve(".data"));
  });

  it("derives the default issuer from PORT", () => {
    expect(loadConfig({ PORT: "8080" }).issuer).toBe("http://localhost:8080");
  });

  it("strips trailing slashes from PUBLIC_URL, keeping a path", () => {
    expect(loadConfig({ PUBLIC_URL: "https://id.example.com/" }).issuer).toBe("https://id.example.com");
    expect(loadConfig({ PUBLIC_URL: "https://id.example.com//" }).issuer).toBe("https://id.example.com");
    const c = loadConfig({ PUBLIC_URL: "https://example.com/porta/" });
    expect(c.issuer).toBe("https://example.com/porta");
    expect(c.extensionsUrl).toBe("https://example.com/porta/extensions");
  });

  it("takes EXTENSIONS_URL without its trailing slash", () => {
    expect(loadConfig({ PUBLIC_URL: "https://id.example.com", EXTENSIONS_URL: "https://ext.example.com/hooks/" }).extensionsUrl).toBe(
      "https://ext.example.com/hooks",
    );
  });

  it.each(["abc", "0", "65536", "80.5", "-1"])("PORT=%s → a one-line ConfigError naming PORT", (port) => {
    const error = configErrorOf({ PORT: port });
    expect(error.name).toBe("ConfigError");
    expect(error.message).toMatch(/^Invalid configuration: PORT /);
    expect(error.message).not.toContain("\n");
  });

  it("DATABASE_URL without PORTA_SECRET → an error naming PORTA_SECRET", () => {
    const error = configErrorOf({ DATABASE_URL: "postgresql://porta@db:5432/porta" });
    expect(error.message).toContain("PORTA_SECRET");
    expect(error.message).not.toContain("\n");
  });

  it("DATABASE_URL with PORTA_SECRET loads", () => {
    const c = loadConfig({ DATABASE_URL: "postgres://porta@db:5432/porta", PORTA_SECRET: SECRET, DATABASE_POOL_SIZE: "25" });
    expect(c.databaseUrl).toBe("postgres://porta@db:5432/porta");
    expect(c.secret).toBe(SECRET);
    expect(c.databasePoolSize).toBe(25);
    expect(c.databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://porta@db:5432/porta", PORTA_SECRET: SECRET, DATABASE_PREPARED_STATEMENTS: "false" }).databasePreparedStatements).toBe(false);
  });

  it.each([
    ["DATABASE_URL", { DATABASE_URL: "mysql://db/porta", PORTA_SECRET: SECRET }],
    ["PORTA_SECRET", { PORTA_SECRET: "short" }],
    ["PORTA_ADMIN_TOKEN", { PORTA_ADMIN_TOKEN: "short" }],
    ["PUBLIC_URL", { PUBLIC_URL: "id.example.com" }],
    ["PUBLIC_URL", { PUBLIC_URL: "ftp://id.example.com" }],
    ["EXTENSIONS_URL", { EXTENSIONS_URL: "not a url" }],
    ["ADMIN_EMAIL", { ADMIN_EMAIL: "admin" }],
    ["ADMIN_PASSWORD", { ADMIN_PASSWORD: "short" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["LOG_LEVEL", { LOG_LEVEL: "verbose" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "0" }],
    ["DATABASE_PREPARED_STATEMENTS", { DATABASE_PREPARED_STATEMENTS: "off" }],
    ["DELIVERY_LOG_DAYS", { DELIVERY_LOG_DAYS: "0" }],
    ["DELIVERY_LOG_DAYS", { DELIVERY_LOG_DAYS: "thirty" }],
    ["AUDIT_LOG_DAYS", { AUDIT_LOG_DAYS: "1.5" }],
  ])("a bad %s → a one-line error naming it", (name, env) => {
    const error = configErrorOf(env);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(error.message).not.toContain("\n");
  });

  it("refuses an http PUBLIC_URL on a public host when NODE_ENV=production", () => {
    const error = configErrorOf({ NODE_ENV: "production", PUBLIC_URL: "http://id.example.com" });
    expect(error.message).toContain("PUBLIC_URL");
    expect(error.message).toContain("https");
  });

  it.each(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])(
    "allows the loopback http PUBLIC_URL %s with NODE_ENV=production",
    (url) => {
      expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: url }).issuer).toBe(url);
    },
  );

  it("refuses ALLOW_PRIVATE_OUTBOUND=true with NODE_ENV=production, in one line naming the variable", () => {
    const error = configErrorOf({ NODE_ENV: "production", PUBLIC_URL: "https://login.bank.example", ALLOW_PRIVATE_OUTBOUND: "true" });
    expect(error.message).toContain("ALLOW_PRIVATE_OUTBOUND");
    expect(error.message).not.toContain("\n");
    expect(loadConfig({ NODE_ENV: "development", ALLOW_PRIVATE_OUTBOUND: "true" }).allowPrivateOutbound).toBe(true);
  });

  it("allows ALLOW_PRIVATE_OUTBOUND=true with NODE_ENV=production only on a loopback PUBLIC_URL (a local run)", () => {
    const local = loadConfig({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3100", ALLOW_PRIVATE_OUTBOUND: "true" });
    expect(local.allowPrivateOutbound).toBe(true);
    expect(configErrorOf({ NODE_ENV: "production", PUBLIC_URL: "https://127.0.0.1.nip.io", ALLOW_PRIVATE_OUTBOUND: "true" }).message).toContain(
      "ALLOW_PRIVATE_OUTBOUND",
    );
  });

  it("allows the default issuer with NODE_ENV=production (it is loopback)", () => {
    expect(loadConfig({ NODE_ENV: "production" }).issuer).toBe("http://localhost:3000");
  });

  it("allows http PUBLIC_URL on a public host outside production", () => {
    expect(loadConfig({ NODE_ENV: "development", PUBLIC_URL: "http://id.example.com" }).issuer).toBe("http://id.example.com");
  });

  it("refuses a PUBLIC_URL with a query or fragment", () => {
    expect(configErrorOf({ PUBLIC_URL: "https://id.example.com/?tenant=a" }).message).toContain("PUBLIC_URL");
    expect(configErrorOf({ PUBLIC_URL: "https://id.example.com/#top" }).message).toContain("PUBLIC_URL");
  });

  it("treats empty-string variables as unset", () => {
    const c = loadConfig({
      PORT: "",
      PUBLIC_URL: "",
      DATABASE_URL: "",
      PORTA_SECRET: "",
      PORTA_ADMIN_TOKEN: "",
      EXTENSIONS_URL: "",
      ALLOW_PRIVATE_OUTBOUND: "",
      NODE_ENV: "",
      LOG_LEVEL: "",
    });
    expect(c).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      issuer: "http://localhost:3000",
      extensionsUrl: "http://localhost:3000/extensions",
      databaseUrl: undefined,
      secret: undefined,
      adminToken: undefined,
      allowPrivateOutbound: false,
      logLevel: "info",
    });
  });

  it("an empty PORTA_SECRET with DATABASE_URL is still missing", () => {
    expect(configErrorOf({ DATABASE_URL: "postgresql://db/porta", PORTA_SECRET: "" }).message).toContain("PORTA_SECRET");
  });

  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
    [undefined, false],
  ])("ALLOW_PRIVATE_OUTBOUND=%s → %s", (value, expected) => {
    expect(loadConfig({ ALLOW_PRIVATE_OUTBOUND: value }).allowPrivateOutbound).toBe(expected);
  });

  it.each(["yes", "on", "TRUE", "2"])("ALLOW_PRIVATE_OUTBOUND=%s → an error naming it", (value) => {
    expect(configErrorOf({ ALLOW_PRIVATE_OUTBOUND: value }).message).toMatch(/^Invalid configuration: ALLOW_PRIVATE_OUTBOUND /);
  });

  it("resolves DATA_DIR to an absolute path", () => {
    expect(loadConfig({ DATA_DIR: "var/porta" }).dataDir).toBe(path.resolve("var/porta"));
  });

  it("ignores variables it does not know", () => {
    expect(() => loadConfig({ HOME: "/root", PATH: "/usr/bin", SOMETHING_ELSE: "x" })).not.toThrow();
  });

  it("METRICS_TOKEN: unset by default; a short one or one that is not a bearer token → an error naming it", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "scrape-token-0123456789" }).metricsToken).toBe("scrape-token-0123456789");
    expect(configErrorOf({ METRICS_TOKEN: "short" }).message).toMatch(/^Invalid configuration: METRICS_TOKEN must be at least 16 characters$/);
    expect(configErrorOf({ METRICS_TOKEN: "has a space in it 0123456789" }).message).toMatch(/^Invalid configuration: METRICS_TOKEN /);
  });

  it("SHUTDOWN_DELAY_S: 5 by default, 0 allowed, negative or fractional values refused", () => {
    expect(loadConfig({}).shutdownDelayS).toBe(5);
    expect(loadConfig({ SHUTDOWN_DELAY_S: "0" }).shutdownDelayS).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_S: "30" }).shutdownDelayS).toBe(30);
    for (const bad of ["-1", "1.5", "soon", "301"]) expect(configErrorOf({ SHUTDOWN_DELAY_S: bad }).message, bad).toMatch(/^Invalid configuration: SHUTDOWN_DELAY_S /);
  });

  it("RATE_LIMIT_LOGINS_PER_MINUTE: new logins per client IP are limited by default (300), 0 turns the limit off", () => {
    expect(loadConfig({}).loginsPerMinute).toBe(300);
    expect(loadConfig({ RATE_LIMIT_LOGINS_PER_MINUTE: "" }).loginsPerMinute).toBe(300);
    expect(loadConfig({ RATE_LIMIT_LOGINS_PER_MINUTE: "0" }).loginsPerMinute).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT_LOGINS_PER_MINUTE: "20" }).loginsPerMinute).toBe(20);
    for (const bad of ["-1", "1.5", "many"]) expect(configErrorOf({ RATE_LIMIT_LOGINS_PER_MINUTE: bad }).message, bad).toMatch(/^Invalid configuration: RATE_LIMIT_LOGINS_PER_MINUTE /);
  });
});
