/**
 * Porta's HTTP server: protocol endpoints on the lean path (the routing table in
 * lib/endpoints/protocol-routes.ts, without Next.js), everything else (hosted login, dashboard,
 * playground) through Next.js. Logs one JSON line per request with its request id and its path
 * (never the query, which can carry codes and state; bearer tokens in the path cut out by
 * lib/http/loggable-target.ts), and times every request
 * into porta_http_request_duration_seconds by its route's name (lib/ops/metrics.ts).
 *
 * Graceful shutdown is `drain()`: readiness turns 503 at once, requests keep being
 * served for the delay (answered with `Connection: close`, so clients reconnect elsewhere), then
 * the listener closes, idle connections close, and the requests in flight finish within a grace
 * period after which their connections are cut.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { config } from "../lib/config";
import { randomToken } from "../lib/crypto/random";
import { CLIENT_SOCKET_HEADER, noteForwardedFor, trustClientSocketHeader } from "../lib/http/client-ip";
import { loggableTarget } from "../lib/http/loggable-target";
import { logger } from "../lib/log";
import { isDraining, startDraining } from "../lib/ops/drain-state";
import { observeRequestDuration } from "../lib/ops/metrics";
import { listenToEndedLogins } from "../lib/setup/listen-to-ended-logins";
import { BodyTooLargeError, toWebRequest, writeDocument, writeWebResponse } from "./node-adapter";
import { matchProtocolRoute, notFoundResponse, routeIssuerContext, runInIssuerContext, type RouteMatch } from "../lib/endpoints/protocol-routes";
import { misdirectedResponse, publicUrlContextOf, type IssuerContext } from "../lib/tenants/issuer-context";
import { pageRequestRefusalResponse, refusePageRequest } from "../lib/http/page-request-guard";
import { pageLocaleOfHeaders } from "../lib/http/page-locale";
import type { Locale } from "../lib/i18n/locales";

export interface PortaServerOptions {
  port: number;
  host?: string;
  /** Serve pages through Next.js (needs a production build). Off for protocol-only instances. */
  ui: boolean;
  dir?: string;
}

export interface DrainOptions {
  /** How long requests keep being served after readiness turned 503 (SHUTDOWN_DELAY_S). */
  delayMs: number;
  /** How long requests already received may take once the listener closed; then their connections are cut. */
  graceMs: number;
}

export interface RunningServer {
  server: Server;
  url: string;
  /** Closes at once: the listener and every connection (tests). */
  close(): Promise<void>;
  /** The drain of a graceful shutdown; resolves when the last connection has closed. */
  drain(options: DrainOptions): Promise<void>;
  /** How many requests the server has received since it started. */
  requestsReceived(): number;
}

/** While connections wait to close, how often idle ones (their last request answered) are closed. */
const IDLE_SWEEP_MS = 100;

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

async function nextHandler(dir: string, port: number, hostname: string): Promise<NodeHandler> {
  const { default: next } = await import("next");
  // Next needs its own address for internal requests (server action redirects).
  const app = next({ dev: false, dir, port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  return (req, res) => handle(req, res);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The language of Porta's small pages answered here without a Web Request (404, a refused request). */
function localeOf(req: IncomingMessage): Locale {
  return pageLocaleOfHeaders({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
}

/**
 * Request ids: a random per-process prefix and a counter — unique across instances in practice,
 * and no random bytes to draw per request.
 */
const REQUEST_ID_PREFIX = randomToken(6);
let requestCounter = 0;
function newRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${REQUEST_ID_PREFIX}-${requestCounter.toString(36)}`;
}

function writeJson(res: ServerResponse, status: number, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "Content-Length": String(Buffer.byteLength(text)) });
  res.end(text);
}

/** A request the routing table matched, with what answering it needs. */
interface MatchedRequest {
  req: IncomingMessage;
  res: ServerResponse;
  route: RouteMatch;
  url: string;
  queryAt: number;
  origin: string;
  requestId: string;
  socketAddress: string;
}

/**
 * Answers a matched protocol request in its issuer context: a cached document straight to the
 * socket (undefined: answered already, no promise), any other route through a Web Request.
 * (A module-level function: a closure per request would cost more on the hot paths.)
 */
function serveMatched(m: MatchedRequest, context: IssuerContext | null | undefined): Promise<void> | undefined {
  const { req, res, route } = m;
  const document = route.document;
  if (context === undefined) {
    if (document) res.setHeader("X-Request-Id", m.requestId);
    return writeWebResponse(res, misdirectedResponse(), req.method === "HEAD");
  }
  if (document) {
    const doc = runInIssuerContext(context, () => document(m.queryAt < 0 ? "" : m.url.slice(m.queryAt + 1)));
    if (!(doc instanceof Promise)) {
      writeDocument(req, res, doc, m.requestId);
      return undefined;
    }
    return doc.then((answer) => writeDocument(req, res, answer, m.requestId));
  }
  return runInIssuerContext(context, () =>
    // The id this response carries (for lib/'s own log lines about the request) and the socket
    // address replace any copy the client sent.
    toWebRequest(req, context && context.kind === "tenant" ? context.issuer : m.origin, { "x-request-id": m.requestId, [CLIENT_SOCKET_HEADER]: m.socketAddress })
      .then((request) => route.handler(request, route.params))
      .then((response) => writeWebResponse(res, response, req.method === "HEAD")),
  );
}

/** A request being answered, for its duration, its log line and its error answer. */
interface Answering {
  req: IncomingMessage;
  res: ServerResponse;
  routeName: string;
  requestId: string;
  path: string;
  started: number;
}

/** Times the answer into the histogram and writes the access log line (when `info` is on). */
function answered(a: Answering): void {
  const seconds = (performance.now() - a.started) / 1000;
  observeRequestDuration(a.routeName, a.req.method, seconds);
  if (logger.isLevelEnabled("info")) logger.info({ reqId: a.requestId, method: a.req.method, path: loggableTarget(a.path), status: a.res.statusCode, ms: Math.round(seconds * 1e4) / 10 }, "request");
}

function failed(a: Answering, error: unknown): void {
  const { res } = a;
  if (error instanceof BodyTooLargeError) {
    res.shouldKeepAlive = false;
    res.setHeader("X-Request-Id", a.requestId);
    writeJson(res, 413, { error: "invalid_request", error_description: "The request body is too large" });
    return;
  }
  logger.error({ err: error, reqId: a.requestId, path: loggableTarget(a.path) }, "request failed");
  if (!res.headersSent) {
    res.setHeader("X-Request-Id", a.requestId);
    writeJson(res, 500, { error: "server_error", error_description: "The server could not complete the request" });
  } else res.destroy();
}

export async function startPortaServer(options: PortaServerOptions): Promise<RunningServer> {
  const cfg = config();
  const origin = new URL(cfg.issuer).origin;
  const ui = options.ui ? await nextHandler(options.dir ?? process.cwd(), options.port, "localhost") : undefined;

  // Every request of this process passes here, so lib/ may read the socket address header.
  trustClientSocketHeader();
  // The logins that end in this process reach the analytics and the metrics.
  listenToEndedLogins();
  let received = 0;
  const server = createServer((req, res) => {
    received++;
    // The socket address for lib/ (lib/http/client-ip.ts), replacing any copy the client sent:
    // in req.headers for Next.js, and set again on the Web Request below (built from rawHeaders).
    const started = performance.now();
    const socketAddress = req.socket.remoteAddress ?? "";
    req.headers[CLIENT_SOCKET_HEADER] = socketAddress;
    noteForwardedFor(req.headers["x-forwarded-for"], cfg.trustProxy);
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    // Draining: this answer ends its connection, so the client's next request opens a new one,
    // which a load balancer sends to another instance.
    if (isDraining()) res.shouldKeepAlive = false;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const route = matchProtocolRoute(req.method ?? "GET", path);
    // A document's answer names its id in writeHead's own list (Node's fast path); any other now.
    if (!route?.document) res.setHeader("X-Request-Id", requestId);
    // The metrics label: the route's name, never the path (bounded series).
    const a: Answering = { req, res, routeName: route ? route.name : ui ? "next" : "not_found", requestId, path, started };
    let work: Promise<void> | undefined;
    if (route) {
      // The issuer the Host names (one issuer per tenant domain): PUBLIC_URL's (known at once, the common case),
      // a tenant domain's (looked up), or none (421).
      const matched: MatchedRequest = { req, res, route, url, queryAt, origin, requestId, socketAddress };
      const known = route.anyHost ? null : publicUrlContextOf(req.headers.host);
      if (known === undefined) work = routeIssuerContext(route, req.headers.host).then((context) => serveMatched(matched, context));
      else {
        try {
          work = serveMatched(matched, known);
        } catch (error) {
          work = Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    } else if (ui) {
      const refusal = refusePageRequest({ method: req.method ?? "GET", rawPath: path, contentLength: req.headers["content-length"], transferEncoding: req.headers["transfer-encoding"], contentType: req.headers["content-type"] });
      if (refusal) {
        // Its body is never read: the connection closes after the answer.
        if (refusal.status === 413 || refusal.status === 411) res.shouldKeepAlive = false;
        work = writeWebResponse(res, pageRequestRefusalResponse(refusal, req.headers.accept, localeOf(req)), req.method === "HEAD");
      } else {
        work = ui(req, res);
      }
    } else {
      // Protocol-only instance: the same 404 as the catch-all route gives under Next.js.
      work = writeWebResponse(res, notFoundResponse(req.headers.accept, localeOf(req)), req.method === "HEAD");
    }
    // A cached document was written at once; anything else is timed when its answer is written.
    if (work === undefined) answered(a);
    else
      work.then(
        () => answered(a),
        (error: unknown) => {
          failed(a, error);
          answered(a);
        },
      );
  });
  server.keepAliveTimeout = 65_000;
  // Requests Node's parser refuses (an unknown method, headers over 16 KiB, broken framing) never
  // reach the handler above: they still get a JSON error rather than Node's bare 400.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const description = status === 431 ? "The request's headers are too large" : error.code === "HPE_INVALID_METHOD" ? "Unknown HTTP method" : "The request is not valid HTTP";
    // A HEAD request's answer has no body (the client would read it as the next response).
    const isHead = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
    const body = isHead ? "" : JSON.stringify({ error: "invalid_request", error_description: description });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://localhost:${address.port}`,
    requestsReceived: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    async drain({ delayMs, graceMs }) {
      startDraining();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await new Promise<void>((resolve) => {
        // Whatever connects from now on is refused; close() answers once every connection is gone.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        const cut = setTimeout(() => {
          logger.warn({ graceMs }, "requests still running after the shutdown grace period: closing their connections");
          server.closeAllConnections();
        }, graceMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
