import { connectionKindOf } from "@/lib/eid/connection-kinds";
import type { Connection } from "@/lib/eid/connections/service";
import { Badge } from "./ui";

export const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Whether a family is connected, how, and whether logins use it. */
export function ConnectionStateBadges({ connection }: { connection: Connection | null }) {
  if (!connection) return <span data-testid="connection-state" data-state="none"><Badge>not configured</Badge></span>;
  return (
    <span data-testid="connection-state" data-state={connection.enabled ? "enabled" : "disabled"} className="inline-flex flex-wrap gap-1">
      <Badge tone="blue">{connectionKindOf(connection).shortName}</Badge>
      {connection.enabled ? <Badge tone="green">enabled</Badge> : <Badge tone="amber">disabled</Badge>}
    </span>
  );
}

/** The outcome of the last "Test connection", or that there was none since the last change. */
export function LastCheck({ connection }: { connection: Connection | null }) {
  if (!connection) return <span className="text-slate-500">—</span>;
  if (!connection.lastCheckedAt) return <span className="text-slate-500" data-testid="last-check" data-ok="">Not tested since the last change</span>;
  return (
    <span data-testid="last-check" data-ok={String(connection.lastCheckOk)} className="grid gap-1">
      <span className="flex flex-wrap items-center gap-2">
        {connection.lastCheckOk ? <Badge tone="green">passed</Badge> : <Badge tone="rose">failed</Badge>}
        <span className="whitespace-nowrap text-xs text-slate-500">{utc(connection.lastCheckedAt)}</span>
      </span>
      {connection.lastCheckNote ? <span className="break-words text-xs text-slate-600" data-testid="last-check-note">{connection.lastCheckNote}</span> : null}
    </span>
  );
}
