/**
 * JSON-line logs (pino). Never log secrets or national identity numbers: request bodies are not
 * logged, paths and queries pass lib/http/loggable-target.ts, and the redaction list below catches
 * the usual carriers if one slips through in a logged object.
 */
import pino from "pino";
import { config } from "./config";

/** Members whose values never reach a log line, at any object a log line holds. */
export const LOG_REDACT_PATHS = [
  "*.authorization",
  "*.cookie",
  "*.client_secret",
  "*.clientSecret",
  "*.password",
  "*.token",
  "*.access_token",
  "*.id_token",
  "*.refresh_token",
  "*.registration_access_token",
  "*.code",
  // Bearer values of the protocol: assertions, pushed request references, logout hints, resume URLs.
  "*.client_assertion",
  "*.clientAssertion",
  "*.assertion",
  "*.request_uri",
  "*.requestUri",
  "*.id_token_hint",
  "*.idTokenHint",
  "*.resumeUrl",
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
];

export const LOG_CENSOR = "[redacted]";

export const logger = pino({
  level: config().logLevel,
  base: { service: "porta" },
  redact: { paths: LOG_REDACT_PATHS, censor: LOG_CENSOR },
});

export type Logger = typeof logger;
