/** Cookies: HttpOnly, SameSite=Lax, Secure when the issuer is https (design.md §9). */
import { config } from "../config";

export const BROWSER_COOKIE = "porta_browser";
export const SESSION_COOKIE = "porta_session";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeS?: number;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const secure = config().issuer.startsWith("https:");
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.maxAgeS !== undefined) parts.push(`Max-Age=${options.maxAgeS}`);
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string): string {
  return serializeCookie(name, "", { maxAgeS: 0 });
}
