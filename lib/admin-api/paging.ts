/**
 * List pages of the admin API: `{items, next_cursor}`, `limit` 1..100 (default 50).
 * Tables that grow (applications, audit, deliveries, tokens, tenants) page in the database by
 * keyset; the short lists a service returns whole (eID connections, keys, admins) page in memory.
 */
import type { KeysetPage } from "../db/keyset";
import { ApiFieldError } from "./api-errors";
import { decodeCursor, encodeCursor } from "./cursor";
import type { TListQuery } from "./schemas";

export interface Page<R> {
  items: R[];
  next_cursor: string | null;
}

/** A page read by `load` in (createdAt, id) descending order. `scope` names the list (the cursor is bound to it). */
export async function keysetPage<T extends { createdAt: Date; id: string }, R>(
  scope: string,
  query: TListQuery,
  load: (page: KeysetPage) => Promise<T[]>,
  toItem: (row: T) => R,
): Promise<Page<R>> {
  let after: KeysetPage["after"];
  if (query.cursor !== undefined) {
    const body = decodeCursor(scope, query.cursor);
    if (body.t === undefined) throw new ApiFieldError("cursor", "cursor: not a cursor this list issued (pass next_cursor back unchanged)");
    after = { createdAt: new Date(body.t), id: body.i };
  }
  const rows = await load({ after, take: query.limit + 1 });
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  const next = rows.length > query.limit && last ? encodeCursor(scope, { t: last.createdAt.toISOString(), i: last.id }) : null;
  return { items: shown.map(toItem), next_cursor: next };
}

/** A page of a short list already in its order, continuing after the row the cursor names. */
export function arrayPage<T, R>(scope: string, query: TListQuery, rows: readonly T[], idOf: (row: T) => string, toItem: (row: T) => R): Page<R> {
  let start = 0;
  if (query.cursor !== undefined) {
    const { i } = decodeCursor(scope, query.cursor);
    const at = rows.findIndex((row) => idOf(row) === i);
    if (at === -1) throw new ApiFieldError("cursor", "cursor: the item it continues after is gone; start from the first page");
    start = at + 1;
  }
  const shown = rows.slice(start, start + query.limit);
  const last = shown.at(-1);
  const next = start + query.limit < rows.length && last !== undefined ? encodeCursor(scope, { i: idOf(last) }) : null;
  return { items: shown.map(toItem), next_cursor: next };
}
