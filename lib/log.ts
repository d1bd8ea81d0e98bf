/**
 * JSON-line logs (pino). Never log secrets or national identity numbers: request bodies are
 * not logged, and the redaction list below catches the usual carriers if one slips through.
 */
import pino from "pino";
import { config } from "./config";

export const logger = pino({
  level: config().logLevel,
  base: { service: "porta" },
  redact: {
    paths: [
      "*.authorization",
      "*.cookie",
      "*.client_secret",
      "*.clientSecret",
      "*.password",
      "*.token",
      "*.access_token",
      "*.id_token",
      "*.code",
      "*.ssn",
      "*.cprNumberIdentifier",
      "*.socialno",
      "*.hetu",
      // Carriers of a person's identity: claims, eID results, webhook users, login hints.
      "*.claims",
      "*.identity",
      "*.user",
      "*.nationalId",
      "*.personKey",
      "*.personalNumber",
      "*.login_hint",
      "*.loginHint",
      "req.headers.authorization",
      "req.headers.cookie",
    ],
    censor: "[redacted]",
  },
});

export type Logger = typeof logger;
