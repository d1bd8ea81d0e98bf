/**
 * login_hint (README, "login_hint"): space-separated `form:value` hints. Defined forms are
 * validated (`action:` values, `message:` base64url and length, `mock:` JSON); unknown forms are
 * ignored, as hints are. `scope:` and `acr_values:` are "quirks mode" for clients that cannot
 * send those parameters.
 */
import { EID_FAMILIES } from "../../eid/families";
import type { LoginAction } from "../../eid/types";
import { JsonTooDeepError, parseJson } from "../../http/json-depth";
import { invalidRequest } from "../errors";
import type { LoginHint } from "./request";

const ACTIONS: readonly LoginAction[] = ["login", "confirm", "accept", "approve", "sign"];
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export interface ParsedLoginHint {
  hint: LoginHint;
  /** The encoded `message:` value, for limits on its encoding (BankID's). */
  encodedMessage?: string;
  extraScopes: string[];
  extraAcrValues: string[];
}

function decodeBase64Url(value: string, what: string): string {
  if (!BASE64URL.test(value)) throw invalidRequest(`login_hint ${what}: is not base64url`);
  const bytes = Buffer.from(value, "base64url");
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.includes("\uFFFD")) throw invalidRequest(`login_hint ${what}: does not decode to UTF-8 text`);
  return text;
}

export function parseLoginHint(raw: string | undefined): ParsedLoginHint {
  const parsed: ParsedLoginHint = { hint: { action: "login" }, extraScopes: [], extraAcrValues: [] };
  if (!raw) return parsed;
  const seen = new Set<string>();
  for (const token of raw.split(" ").filter(Boolean)) {
    const colon = token.indexOf(":");
    if (colon <= 0) continue; // not a defined form (e.g. an email address): ignored
    const form = token.slice(0, colon);
    const value = token.slice(colon + 1);
    const once = () => {
      if (seen.has(form)) throw invalidRequest(`login_hint ${form}: is repeated`);
      seen.add(form);
    };
    switch (form) {
      case "action":
        once();
        if (!(ACTIONS as readonly string[]).includes(value)) {
          throw invalidRequest(`login_hint action:${value} is not supported; use ${ACTIONS.join(", ")}`);
        }
        parsed.hint.action = value as LoginAction;
        break;
      case "message": {
        once();
        const text = decodeBase64Url(value, "message");
        if (!text.trim()) throw invalidRequest("login_hint message: is empty");
        parsed.hint.message = text;
        parsed.encodedMessage = value;
        break;
      }
      case "sub":
        once();
        if (!value) throw invalidRequest("login_hint sub: needs a value");
        parsed.hint.sub = value.startsWith("ssn:") ? value.slice(4) : value;
        break;
      case "uuid":
        once();
        parsed.hint.uuid = value;
        break;
      case "scope":
        if (value) parsed.extraScopes.push(value);
        break;
      case "acr_values":
        if (value) parsed.extraAcrValues.push(value);
        break;
      case "mock": {
        once();
        let claims: unknown;
        try {
          claims = parseJson(decodeBase64Url(value, "mock"));
        } catch (error) {
          if (error instanceof Error && error.name === "OAuthError") throw error;
          throw invalidRequest(error instanceof JsonTooDeepError ? `login_hint mock: ${error.message}` : "login_hint mock: must be base64url-encoded JSON");
        }
        if (typeof claims !== "object" || claims === null || Array.isArray(claims)) {
          throw invalidRequest("login_hint mock: must encode a JSON object of claims");
        }
        parsed.hint.mock = claims as Record<string, unknown>;
        break;
      }
      default:
        break; // other forms are hints for someone else
    }
  }
  return parsed;
}

/**
 * Applies the message limits (how much of a message each eID's app shows) of the eID families the request allows, each family's own
 * (`hintMessageLimit`); the first family in catalogue order that cannot show the message answers.
 */
export function checkMessageLimits(parsed: ParsedLoginHint, families: string[]): void {
  const message = parsed.hint.message;
  if (message === undefined) return;
  for (const family of EID_FAMILIES) {
    if (!families.includes(family.id)) continue;
    const problem = family.hintMessageLimit?.(message, parsed.encodedMessage ?? "");
    if (problem) throw invalidRequest(`login_hint message: ${problem}`);
  }
}
