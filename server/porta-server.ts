/**
 * Porta's HTTP server: protocol endpoints on the lean path (server/protocol-routes.ts), everything
 * else (hosted login, dashboard, playground) through Next.js. Logs one JSON line per request with
 * its request id (path only: query strings can carry codes and state).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { config } from "../lib/config";
import { randomToken } from "../lib/crypto/random";
import { jsonResponse } from "../lib/http/responses";
import { logger } from "../lib/log";
import { toWebRequest, writeWebResponse } from "./node-adapter";
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

export async function startPortaServer(options: PortaServerOptions): Promise<RunningServer> {
  const cfg = config();
  const origin = new URL(cfg.issuer).origin;
  const ui = options.ui ? await nextHandler(options.dir ?? process.cwd(), options.port, "localhost") : undefined;

  const server = createServer((req, res) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomToken(9);
    res.setHeader("X-Request-Id", requestId);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ reqId: requestId, method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    const route = matchProtocolRoute(req.method ?? "GET", path);
    const work = route
      ? Promise.resolve(route.handler(toWebRequest(req, origin), route.params)).then((response) =>
          writeWebResponse(res, response, req.method === "HEAD"),
        )
      : ui
        ? ui(req, res)
        : writeWebResponse(res, jsonResponse({ error: "not_found", error_description: "No such endpoint" }, 404), false);
    work.catch((error: unknown) => {
      logger.error({ err: error, reqId: requestId, path }, "request failed");
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: "server_error", error_description: "The server could not complete the request" }));
      } else res.destroy();
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
