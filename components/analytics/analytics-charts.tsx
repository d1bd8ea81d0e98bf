"use client";
/**
 * The analytics page's charts (recharts). They are drawn in the browser only: recharts writes
 * style attributes into its markup, which the dashboard's CSP (`style-src-attr 'none'`) refuses in
 * server-rendered HTML, while styles set from script go through the CSSOM, which the CSP allows.
 * The server sends a placeholder of the chart's height, so nothing moves when it appears.
 * Screen readers get the table beside each chart: the chart itself is one labelled image.
 */
import type { ReactElement } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TenantAnalytics } from "@/lib/analytics/load-tenant-analytics";
import { useIsBrowser } from "../hooks/use-is-browser";
import { formatDay, formatDuration, toSeconds } from "./format";

const EID_COLOURS = ["#4f46e5", "#0891b2", "#16a34a", "#d97706", "#db2777", "#7c3aed", "#0d9488", "#65a30d", "#9333ea", "#ea580c"];
const NO_EID_COLOUR = "#94a3b8";
const OUTCOME_COLOURS = { success: "#16a34a", cancel: "#d97706", error: "#dc2626" } as const;
const AXIS = { fontSize: 12, fill: "#475569" };


/** Heights as classes, not style attributes (the CSP), in px for recharts. */
const HEIGHTS = { short: { className: "h-40", px: 160 }, medium: { className: "h-56", px: 224 }, tall: { className: "h-64", px: 256 }, taller: { className: "h-80", px: 320 } } as const;
type ChartHeight = keyof typeof HEIGHTS;

function ChartFrame({ label, testId, height = "tall", children }: { label: string; testId: string; height?: ChartHeight; children: ReactElement }) {
  const isBrowser = useIsBrowser();
  return (
    <div role="img" aria-label={label} data-testid={testId} className={`${HEIGHTS[height].className} w-full min-w-0`}>
      {isBrowser ? (
        <ResponsiveContainer width="100%" height={HEIGHTS[height].px}>
          {children}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}

/** Legend entries in the page's text colour (the series colour is on the icon beside them). */
const legendText = (value: unknown) => <span className="text-slate-700">{String(value)}</span>;

/** Day ticks: enough to read the month at 375 px, every day's bar still drawn. */
const dayAxis = { dataKey: "label", tick: AXIS, tickLine: false, interval: "preserveStartEnd" as const, minTickGap: 16 };
const countAxis = { tick: AXIS, tickLine: false, axisLine: false, allowDecimals: false, width: 32 };

export function LoginsByEidChart({ data }: { data: Pick<TenantAnalytics, "eids" | "loginsPerDay"> }) {
  const rows = data.loginsPerDay.map((d) => ({ label: formatDay(d.day), ...Object.fromEntries(data.eids.map((e, i) => [`e${i}`, d.byAcr[e.acr] ?? 0])) }));
  return (
    <ChartFrame label="Stacked bar chart of logins per day by eID; the table below holds the numbers" testId="chart-logins">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis {...dayAxis} />
        <YAxis {...countAxis} />
        <Tooltip cursor={{ fill: "#f1f5f9" }} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} formatter={legendText} />
        {data.eids.map((e, i) => (
          <Bar key={e.acr} dataKey={`e${i}`} name={e.label} stackId="logins" fill={e.acr === "" ? NO_EID_COLOUR : EID_COLOURS[i % EID_COLOURS.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

export function OutcomesChart({ outcomes }: { outcomes: TenantAnalytics["outcomes"] }) {
  const rows = [
    { label: "Success", count: outcomes.success, fill: OUTCOME_COLOURS.success },
    { label: "Cancel", count: outcomes.cancel, fill: OUTCOME_COLOURS.cancel },
    { label: "Error", count: outcomes.error, fill: OUTCOME_COLOURS.error },
  ];
  return (
    <ChartFrame label="Bar chart of logins by outcome; the table below holds the numbers" testId="chart-outcomes">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} />
        <YAxis {...countAxis} />
        <Tooltip cursor={{ fill: "#f1f5f9" }} />
        <Bar dataKey="count" name="Logins" maxBarSize={72} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function ErrorsByCodeChart({ errors }: { errors: TenantAnalytics["errorsByCode"] }) {
  return (
    <ChartFrame label="Bar chart of failed logins by OAuth error code; the table below holds the numbers" testId="chart-errors" height={errors.length <= 2 ? "short" : errors.length <= 5 ? "medium" : "taller"}>
      <BarChart data={errors} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={AXIS} tickLine={false} allowDecimals={false} />
        <YAxis type="category" dataKey="code" tick={AXIS} tickLine={false} width={124} />
        <Tooltip cursor={{ fill: "#f1f5f9" }} />
        <Bar dataKey="count" name="Logins" fill={OUTCOME_COLOURS.error} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function DurationChart({ perDay }: { perDay: TenantAnalytics["durationPerDay"] }) {
  const rows = perDay.map((d) => ({ label: formatDay(d.day), median: toSeconds(d.medianMs), p95: toSeconds(d.p95Ms) }));
  return (
    <ChartFrame label="Line chart of the median and 95th percentile login duration per day, in seconds; the table below holds the numbers" testId="chart-duration">
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis {...dayAxis} />
        <YAxis tick={AXIS} tickLine={false} axisLine={false} width={52} unit=" s" />
        <Tooltip formatter={(value) => (typeof value === "number" ? formatDuration(value * 1000) : "—")} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} formatter={legendText} />
        <Line type="monotone" dataKey="median" name="Median" stroke="#4f46e5" strokeWidth={2} dot={{ r: 2 }} connectNulls isAnimationActive={false} />
        <Line type="monotone" dataKey="p95" name="95th percentile" stroke="#d97706" strokeWidth={2} dot={{ r: 2 }} connectNulls isAnimationActive={false} />
      </LineChart>
    </ChartFrame>
  );
}

export function WebhookFailuresChart({ perDay }: { perDay: TenantAnalytics["webhookFailuresPerDay"] }) {
  const rows = perDay.map((d) => ({ label: formatDay(d.day), count: d.count }));
  return (
    <ChartFrame label="Bar chart of failed login webhook calls per day; the table below holds the numbers" testId="chart-webhooks">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis {...dayAxis} />
        <YAxis {...countAxis} />
        <Tooltip cursor={{ fill: "#f1f5f9" }} />
        <Bar dataKey="count" name="Failed calls" fill={OUTCOME_COLOURS.error} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
