/**
 * The instance secret (PORTA_SECRET): encrypts private keys at rest and signs cookies.
 * In embedded mode it may be generated once into DATA_DIR; with DATABASE_URL it must be
 * configured, because every instance must share it (config.ts enforces that).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../config";
import { randomToken } from "./random";
import { processSingleton } from "../process/state";


export interface SecretResolution {
  secret: string;
  generated: boolean;
}

export function resolveSecret(): SecretResolution {
  const cfg = config();
  if (cfg.secret) return { secret: cfg.secret, generated: false };
  const file = path.join(cfg.dataDir, "secret");
  try {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return { secret, generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(cfg.dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return { secret, generated: true };
}

const resolved = processSingleton("instance-secret", () => resolveSecret().secret);

export function instanceSecret(): string {
  return resolved();
}
