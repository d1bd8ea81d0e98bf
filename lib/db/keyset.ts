/**
 * Keyset pagination, newest first: rows ordered by (createdAt, id) descending, and a page starts
 * after the last row of the previous one. Unlike OFFSET, a page stays correct while rows are
 * added, and its cost does not grow with the page number.
 */

export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export interface KeysetPage {
  /** The last row of the previous page; the first page when absent. */
  after?: KeysetPosition;
  /** How many rows to read (a caller asks one more than it shows, to know whether more follow). */
  take: number;
}

/** The Prisma `where` fragment of rows after `after` in (createdAt desc, id desc) order. */
export function keysetWhere(after: KeysetPosition | undefined): { OR?: ({ createdAt: { lt: Date } } | { createdAt: Date; id: { lt: string } })[] } {
  if (!after) return {};
  return { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
}

/** The Prisma `orderBy` that keysetWhere pages through. */
export const KEYSET_ORDER = [{ createdAt: "desc" }, { id: "desc" }] as const satisfies readonly Record<string, "desc">[];
