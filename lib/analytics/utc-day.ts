/** The analytics aggregates count per UTC calendar day, whatever the server's time zone. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `at` as its UTC date, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The `days` UTC dates ending with `at`'s, oldest first. */
export function lastUtcDays(at: Date, days: number): string[] {
  const today = Date.parse(`${utcDay(at)}T00:00:00Z`);
  return Array.from({ length: days }, (_, k) => utcDay(new Date(today - (days - 1 - k) * DAY_MS)));
}
