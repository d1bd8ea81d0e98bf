/**
 * Porta's HTTP server: protocol endpoints on the lean path (server/protocol-routes.ts), everything
 * else (hosted login, dashboard, playground) through Next.js. Logs one JSON line per request with
 * its request id (path only: query strings can carry codes and state).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { config } from "../lib/config";
import { randomToken } from "../lib/crypto/random";
import { logger } from "../lib/log";
import { BodyTooLargeError, toWebRequest, writeDocument, writeWebResponse } from "./node-adapter";
import { matchProtocolRoute } from "./protocol-routes";

export interface PortaServerOptions {
  port: number;
  host?: string;
  /** Serve pages through Next.js (needs a production build). Off for protocol-only instances. */
  ui: boolean;
  dir?: string;
}

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

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

export async function startPortaServer(options: PortaServerOptions): Promise<RunningServer> {
  const cfg = config();
  const origin = new URL(cfg.issuer).origin;
  const ui = options.ui ? await nextHandler(options.dir ?? process.cwd(), options.port, "localhost") : undefined;

  const server = createServer((req, res) => {
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    res.setHeader("X-Request-Id", requestId);
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    // The access log line costs a timer and a listener per request: only when it is written.
    if (logger.isLevelEnabled("info")) {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.info({ reqId: requestId, method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
      });
    }
    const route = matchProtocolRoute(req.method ?? "GET", path);
    let work: Promise<void>;
    if (route?.document) {
      work = route.document(new URLSearchParams(queryAt < 0 ? "" : url.slice(queryAt + 1))).then((doc) => writeDocument(req, res, doc));
    } else if (route) {
      work = toWebRequest(req, origin)
        .then((request) => route.handler(request, route.params))
        .then((response) => writeWebResponse(res, response, req.method === "HEAD"));
    } else if (ui) {
      work = ui(req, res);
    } else {
      writeJson(res, 404, { error: "not_found", error_description: "No such endpoint" });
      return;
    }
    work.catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) {
        res.shouldKeepAlive = false;
        writeJson(res, 413, { error: "invalid_request", error_description: "The request body is too large" });
        return;
      }
      logger.error({ err: error, reqId: requestId, path }, "request failed");
      if (!res.headersSent) writeJson(res, 500, { error: "server_error", error_description: "The server could not complete the request" });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://localhost:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
