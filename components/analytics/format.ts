/** How the analytics page writes its numbers, the same in charts and tables. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-26" → "26 Nov" (the day is UTC already: no time zone is applied). */
export function formatDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? ""}`.trim();
}

/** A duration in ms as people read it: "850 ms", "4.2 s", "3 min 5 s"; "—" when there is none. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** Seconds with one decimal, for the duration chart's axis and points. */
export function toSeconds(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms / 100) / 10;
}
