/**
 * Pieces of the plain SQL the hot paths send through the connection pool (Database.query).
 * Prisma stores DateTime as `timestamp(3)` without a zone, holding UTC: parameters go in as ISO
 * strings, converted here.
 */

/** A timestamp parameter (`$n`, an ISO string) as the UTC wall time the columns hold. */
export function utcParam(param: string): string {
  return `(${param}::timestamptz AT TIME ZONE 'UTC')`;
}

/** A timestamp column (a quoted SQL expression) as UTC epoch milliseconds, a whole number. */
export function epochMs(column: string): string {
  return `round(extract(epoch from ${column}) * 1000)::float8`;
}
