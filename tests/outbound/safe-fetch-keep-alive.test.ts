/**
 * Kept-alive connections and the peer's close (lib/net/safe-fetch.ts): a server may close an idle
 * connection just as Porta writes its next request on it. A GET that meets such a close is sent
 * again on a new connection (RFC 9112 §9.3.1) instead of failing as a network error; a POST (a
 * webhook) is not, and a request on a new connection is never sent twice.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { OutboundError, safeFetch, type SafeFetchOptions } from "../../lib/net/safe-fetch";

interface Peer {
  url: string;
  requests: number;
  connections: number;
  close(): Promise<void>;
}

const peers: Peer[] = [];

/**
 * A loopback server that answers the first request of each connection and closes the connection,
 * unanswered, on any later one: the moment a keep-alive timeout meets a request, made certain.
 * `answerNone` closes every connection unanswered.
 */
async function peer(answerNone = false): Promise<Peer> {
  const served = new WeakMap<Socket, number>();
  const state = { requests: 0, connections: 0 };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    state.requests++;
    const before = served.get(request.socket) ?? 0;
    served.set(request.socket, before + 1);
    request.resume();
    if (answerNone || before > 0) return void request.socket.destroy();
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end(`answer ${state.requests}`);
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const made: Peer = {
    url: `http://127.0.0.1:${port}/keys`,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  peers.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const OPTIONS: SafeFetchOptions = { timeoutMs: 5_000, maxBytes: 1024 };

/**
 * Lets the answered connection go back to the agent's idle pool before the next request: Node
 * frees it on the turn of the event loop after the answer ended, so one turn is enough (no timer).
 */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a kept-alive connection the peer closes", () => {
  it("a GET that meets the close is sent again on a new connection and answered", async () => {
    const server = await peer();
    const first = await safeFetch(server.url, OPTIONS);
    expect(first.body.toString()).toBe("answer 1");
    await settle();
    const second = await safeFetch(server.url, OPTIONS);
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe("answer 3");
    expect(server.requests).toBe(3);
    expect(server.connections).toBe(2);
  });

  it("a POST that meets the close fails as a network error and is not sent twice", async () => {
    const server = await peer();
    const post: SafeFetchOptions = { ...OPTIONS, method: "POST", body: "{}", headers: { "Content-Type": "application/json" } };
    expect((await safeFetch(server.url, post)).status).toBe(200);
    await settle();
    const error = await safeFetch(server.url, post).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).kind).toBe("network");
    expect(server.requests).toBe(2);
  });

  it("a GET closed unanswered on a new connection fails as a network error, sent once", async () => {
    const server = await peer(true);
    const error = await safeFetch(server.url, OPTIONS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).kind).toBe("network");
    expect(server.requests).toBe(1);
    expect(server.connections).toBe(1);
  });
});
