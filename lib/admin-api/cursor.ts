/**
 * List cursors of the admin API: opaque to clients, signed by the instance so that a
 * changed, truncated or borrowed cursor (another list's, another tenant's) is refused with 400
 * rather than read as a position. Content: base64url JSON of the last row's key; the MAC binds it
 * to the list it came from.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { instanceSecret } from "../crypto/secret";
import { ApiFieldError } from "./api-errors";

const ZCursorBodySchema = z.object({ t: z.iso.datetime().optional(), i: z.string().min(1).max(200) });
export type TCursorBody = z.infer<typeof ZCursorBodySchema>;

function mac(scope: string, payload: string): Buffer {
  return createHmac("sha256", instanceSecret()).update(`admin-api-cursor\n${scope}\n${payload}`).digest().subarray(0, 16);
}

export function encodeCursor(scope: string, body: TCursorBody): string {
  const payload = Buffer.from(JSON.stringify(body), "utf8").toString("base64url");
  return `${payload}.${mac(scope, payload).toString("base64url")}`;
}

/** The cursor's content, or a 400 naming `cursor` when this API did not issue it for this list. */
export function decodeCursor(scope: string, cursor: string): TCursorBody {
  const refused = () => new ApiFieldError("cursor", "cursor: not a cursor this list issued (pass next_cursor back unchanged)");
  const [payload, tag, ...rest] = cursor.split(".");
  if (!payload || !tag || rest.length > 0) throw refused();
  const expected = mac(scope, payload);
  const given = Buffer.from(tag, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw refused();
  }
  const parsed = ZCursorBodySchema.safeParse(json);
  if (!parsed.success) throw refused();
  return parsed.data;
}
