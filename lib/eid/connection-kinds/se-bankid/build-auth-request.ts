/**
 * The /auth order for one login (RP API v6):
 * - `endUserIp`: the person's address as Porta saw it (required).
 * - `requirement.personalNumber` from `login_hint=sub:<personnummer>`: only that person can
 *   complete the order (the app refuses anyone else). A hint that is no valid personnummer is
 *   ignored, as hints are.
 * - `userVisibleData` (base64 of UTF-8, `simpleMarkdownV1`): the `action:` wording as a heading
 *   and the `message:` text, in the login page's language; nothing for a plain login. BankID
 *   takes at most 1 500 characters after encoding: the heading gives way first, then the text is
 *   cut at a character boundary.
 */
import type { LoginAction } from "../../types";
import { isValidPersonnummer } from "../../checksums";
import type { ConnectorLogin } from "../../connector";
import { USER_VISIBLE_DATA_MAX, type AuthRequest } from "./rp-api";
import { appWording } from "./wording";

function encode(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

function fits(text: string): boolean {
  return encode(text).length <= USER_VISIBLE_DATA_MAX;
}

/** The longest prefix of `text` (whole code points) that fits once encoded. */
function cut(text: string): string {
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, mid).join(""))) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join("");
}

/** The text shown in the BankID app for `action` and `message`, or undefined for a plain login. */
export function userVisibleText(action: LoginAction, message: string | undefined, locale: string): string | undefined {
  const text = message?.trim();
  if (!text && action === "login") return undefined;
  const heading = `# ${appWording(action, locale)}`;
  if (!text) return heading;
  const full = `${heading}\n\n${text}`;
  return fits(full) ? full : cut(text);
}

export function buildAuthRequest(login: Pick<ConnectorLogin, "endUserIp" | "loginHint" | "locale">): AuthRequest {
  const request: AuthRequest = { endUserIp: login.endUserIp };
  const sub = login.loginHint.sub?.replace(/[\s-]/g, "");
  if (sub && isValidPersonnummer(sub)) request.requirement = { personalNumber: sub };
  const visible = userVisibleText(login.loginHint.action, login.loginHint.message, login.locale);
  if (visible) {
    request.userVisibleData = encode(visible);
    request.userVisibleDataFormat = "simpleMarkdownV1";
  }
  return request;
}
