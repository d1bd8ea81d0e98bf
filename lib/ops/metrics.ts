/**
 * Porta's Prometheus metrics, in one registry per process: the custom server and the Next.js
 * bundle load lib/ as two module graphs, so the registry and its series are process state
 * (lib/process/state.ts) and both count into the same ones.
 *
 * Every label value comes from a closed set (route names of the table, OAuth error codes, eID
 * acr values of the catalogue, tenant ids), never from raw request input: the number of series
 * stays bounded whatever clients send. Counting is a hash of the label values and an addition;
 * nothing on a request's path waits for it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { config } from "../config";
import { openedProcessDatabase } from "../db/client";
import { processSingleton } from "../process/state";

export type TLoginOutcome = "success" | "cancel" | "error";

/** Request durations: from a cached document (sub-millisecond) to a slow upstream eID (seconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface PortaMetrics {
  registry: Registry;
  /** Whether the pool gauges are registered (at the first scrape that finds a PostgreSQL pool). */
  hasPoolGauges: boolean;
  logins: Counter<"tenant" | "acr" | "outcome">;
  tokenRequests: Counter<"grant_type" | "outcome">;
  webhookCalls: Counter<"outcome">;
  httpDuration: Histogram<"route" | "method">;
  /** The histogram's series by route, then method, looked up once (observe with labels hashes them each time). */
  durationSeries: Map<string, Map<string, { observe(value: number): void }>>;
}

/**
 * The database pool's gauges, read at scrape time. Registered only once a PostgreSQL pool is open:
 * the embedded database has one connection and no pool, and reports nothing rather than zeros.
 */
async function registerPoolGauges(current: PortaMetrics): Promise<void> {
  if (current.hasPoolGauges) return;
  // Never opens the database: a scrape before start-up finished looks again next time.
  const database = await openedProcessDatabase()?.catch(() => undefined);
  if (!database?.poolStats || current.hasPoolGauges) return;
  current.hasPoolGauges = true;
  const gauges = [
    { name: "porta_db_pool_connections", help: "Connections the PostgreSQL pool holds open (in use or idle)", read: "total" },
    { name: "porta_db_pool_idle_connections", help: "Open PostgreSQL pool connections not in use", read: "idle" },
    { name: "porta_db_pool_waiting_clients", help: "Queries waiting for a free PostgreSQL pool connection", read: "waiting" },
    { name: "porta_db_pool_max_connections", help: "The PostgreSQL pool's size (DATABASE_POOL_SIZE)", read: "max" },
  ] as const;
  for (const { name, help, read } of gauges) {
    new Gauge({
      name,
      help,
      registers: [current.registry],
      async collect() {
        const stats = (await openedProcessDatabase()?.catch(() => undefined))?.poolStats?.();
        if (stats) this.set(stats[read]);
      },
    });
  }
}

function createMetrics(): PortaMetrics {
  const registry = new Registry();
  // The process defaults (CPU, memory, event loop lag, GC, handles) under their usual names, so
  // the common Node.js dashboards work. Only where a scrape can read them.
  if (config().metricsToken) collectDefaultMetrics({ register: registry });
  return {
    registry,
    hasPoolGauges: false,
    logins: new Counter({
      name: "porta_logins_total",
      help: "Logins that ended (browser and decoupled): success when the code or token was issued, cancel when the person cancelled or declined, error otherwise",
      labelNames: ["tenant", "acr", "outcome"],
      registers: [registry],
    }),
    tokenRequests: new Counter({
      name: "porta_token_requests_total",
      help: "Token endpoint requests by grant type and outcome (success, or the OAuth error code answered)",
      labelNames: ["grant_type", "outcome"],
      registers: [registry],
    }),
    webhookCalls: new Counter({
      name: "porta_webhook_calls_total",
      help: "Outbound webhook calls (each attempt) by how the answer was classified",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "porta_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by protocol route name (next: pages served by Next.js)",
      labelNames: ["route", "method"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    durationSeries: new Map(),
  };
}

const metrics = processSingleton("metrics", createMetrics);

export function countLogin(tenant: string, acr: string, outcome: TLoginOutcome): void {
  metrics().logins.inc({ tenant, acr, outcome });
}

export function countTokenRequest(grantType: string, outcome: string): void {
  metrics().tokenRequests.inc({ grant_type: grantType, outcome });
}

export function countWebhookCall(outcome: string): void {
  metrics().webhookCalls.inc({ outcome });
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** `route` is a routing-table name (or "next", "not_found"), never a raw path. */
export function observeRequestDuration(route: string, method: string | undefined, seconds: number): void {
  const verb = method && METHODS.has(method) ? method : "OTHER";
  const current = metrics();
  let byMethod = current.durationSeries.get(route);
  if (!byMethod) {
    byMethod = new Map();
    current.durationSeries.set(route, byMethod);
  }
  let series = byMethod.get(verb);
  if (!series) {
    series = current.httpDuration.labels({ route, method: verb });
    byMethod.set(verb, series);
  }
  series.observe(seconds);
}

/** The scrape: Prometheus text exposition format. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  const current = metrics();
  await registerPoolGauges(current);
  const { registry } = current;
  return { contentType: registry.contentType, body: await registry.metrics() };
}
