/**
 * A ping-mode relying party's notification endpoint (CIBA §10.2) on loopback: records every ping
 * (its Authorization header and body) and lets a test wait for the next one.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface Ping {
  authorization: string | undefined;
  body: string;
}

export interface PingReceiver {
  /** The client_notification_endpoint to register. */
  url: string;
  pings: Ping[];
  /** Resolves when the next ping has been answered; ask before the request that causes it. */
  nextPing(): Promise<void>;
  close(): Promise<void>;
}

export async function startPingReceiver(): Promise<PingReceiver> {
  const pings: Ping[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      pings.push({ authorization: req.headers.authorization, body });
      res.writeHead(204).end();
      waiting.splice(0).forEach((resolve) => resolve());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`,
    pings,
    nextPing: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
