/**
 * The analytics page's sections: each chart under its heading, with the same numbers as a table
 * (collapsed under "Show the numbers") for screen readers and for anyone who wants exact counts.
 */
import type { ReactNode } from "react";
import type { TenantAnalytics } from "@/lib/analytics/load-tenant-analytics";
import { DurationChart, ErrorsByCodeChart, LoginsByEidChart, OutcomesChart, WebhookFailuresChart } from "./analytics-charts";
import { formatDay, formatDuration } from "./format";

const th = "whitespace-nowrap border-b border-slate-200 px-2 py-1.5 font-medium text-slate-700";
const td = "whitespace-nowrap border-b border-slate-100 px-2 py-1.5 tabular-nums";

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`section-${id}`} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}

function NumbersTable({ caption, testId, head, rows }: { caption: string; testId: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">
        Show the numbers<span className="sr-only">: {caption}</span>
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>{head.map((h, i) => <th key={h} scope="col" className={`${th} ${i > 0 ? "text-right" : ""}`}>{h}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) => (i === 0 ? <th key={i} scope="row" className={`${td} font-normal`}>{cell}</th> : <td key={i} className={`${td} text-right`}>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function Figures({ data }: { data: TenantAnalytics }) {
  const total = data.outcomes.success + data.outcomes.cancel + data.outcomes.error;
  const figures = [
    { label: "Logins", value: String(total), testId: "figure-logins" },
    { label: "Successful", value: String(data.outcomes.success), testId: "figure-success" },
    { label: "Cancelled", value: String(data.outcomes.cancel), testId: "figure-cancel" },
    { label: "Errors", value: String(data.outcomes.error), testId: "figure-error" },
    { label: "Median duration", value: formatDuration(data.duration.medianMs), testId: "figure-median" },
    { label: "95th percentile", value: formatDuration(data.duration.p95Ms), testId: "figure-p95" },
    { label: "Webhook failures", value: String(data.webhookFailures), testId: "figure-webhook-failures" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <dt className="text-xs font-medium text-slate-600">{f.label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900" data-testid={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LoginsSection({ data }: { data: TenantAnalytics }) {
  const days = data.loginsPerDay.filter((d) => d.total > 0);
  return (
    <Section id="logins" title="Logins per day by eID" description="Every login that ended (any outcome), by the eID it used, per UTC day.">
      <LoginsByEidChart data={data} />
      <NumbersTable
        caption="Logins per day by eID; days not listed had none"
        testId="table-logins"
        head={["Day", ...data.eids.map((e) => e.label), "Total"]}
        rows={days.map((d) => [formatDay(d.day), ...data.eids.map((e) => d.byAcr[e.acr] ?? 0), d.total])}
      />
    </Section>
  );
}

export function OutcomesSection({ data }: { data: TenantAnalytics }) {
  const { success, cancel, error } = data.outcomes;
  return (
    <Section id="outcomes" title="Outcomes" description="Success, cancelled by the person, or an error (by the OAuth error code the application received).">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid min-w-0 gap-2">
          <h3 className="text-sm font-semibold text-slate-800">All logins</h3>
          <OutcomesChart outcomes={data.outcomes} />
          <NumbersTable caption="Logins by outcome" testId="table-outcomes" head={["Outcome", "Logins"]} rows={[["Success", success], ["Cancel", cancel], ["Error", error]]} />
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <h3 className="text-sm font-semibold text-slate-800">Errors by code</h3>
          {data.errorsByCode.length ? (
            <>
              <ErrorsByCodeChart errors={data.errorsByCode} />
              <NumbersTable caption="Failed logins by OAuth error code" testId="table-errors" head={["Error code", "Logins"]} rows={data.errorsByCode.map((e) => [e.code, e.count])} />
            </>
          ) : (
            <p className="text-sm text-slate-600" data-testid="no-errors">No login ended with an error.</p>
          )}
        </div>
      </div>
    </Section>
  );
}

export function DurationSection({ data }: { data: TenantAnalytics }) {
  const days = data.durationPerDay.filter((d) => d.count > 0);
  return (
    <Section id="duration" title="Login duration" description="Successful logins, from the start of the login to the code or token: median and 95th percentile per day.">
      <p className="text-sm text-slate-700">
        Over 30 days: median <strong data-testid="duration-median">{formatDuration(data.duration.medianMs)}</strong>, 95th percentile{" "}
        <strong data-testid="duration-p95">{formatDuration(data.duration.p95Ms)}</strong> ({data.duration.count} successful logins).
      </p>
      {days.length ? (
        <>
          <DurationChart perDay={data.durationPerDay} />
          <NumbersTable
            caption="Login duration per day; days not listed had no successful login"
            testId="table-duration"
            head={["Day", "Logins", "Median", "95th percentile"]}
            rows={days.map((d) => [formatDay(d.day), d.count, formatDuration(d.medianMs), formatDuration(d.p95Ms)])}
          />
        </>
      ) : (
        <p className="text-sm text-slate-600">No successful login in these 30 days.</p>
      )}
    </Section>
  );
}

export function WebhookSection({ data }: { data: TenantAnalytics }) {
  const days = data.webhookFailuresPerDay.filter((d) => d.count > 0);
  return (
    <Section id="webhooks" title="Webhook failures" description="Login webhook calls that failed after their retry (the login then ended with server_error).">
      {days.length ? (
        <>
          <WebhookFailuresChart perDay={data.webhookFailuresPerDay} />
          <NumbersTable caption="Failed webhook calls per day; days not listed had none" testId="table-webhooks" head={["Day", "Failed calls"]} rows={days.map((d) => [formatDay(d.day), d.count])} />
        </>
      ) : (
        <p className="text-sm text-slate-600" data-testid="no-webhook-failures">No webhook call failed in these 30 days.</p>
      )}
    </Section>
  );
}
