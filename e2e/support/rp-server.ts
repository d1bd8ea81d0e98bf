/**
 * A relying party on loopback for end-to-end tests: it receives the authorization response the
 * way a real RP does (query, fragment relayed by its page's script, or form_post), and lets the
 * test read what arrived. No traffic leaves 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RelyingParty {
  callback: string;
  origin: string;
  /** Resolves with the parameters of the next authorization response. */
  nextResponse(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const RELAY = `<!doctype html><meta charset="utf-8"><title>RP</title><p id="rp">RP callback</p>
<script>
if (location.hash.length > 1) {
  fetch("/received", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: location.hash.slice(1) })
    .then(function () { document.getElementById("rp").textContent = "RP received the response"; });
} else { document.getElementById("rp").textContent = "RP received the response"; }
</script>`;

export async function startRelyingParty(): Promise<RelyingParty> {
  const waiting: ((params: Record<string, string>) => void)[] = [];
  const queued: Record<string, string>[] = [];
  const deliver = (params: Record<string, string>) => {
    const next = waiting.shift();
    if (next) next(params);
    else queued.push(params);
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (url.pathname === "/callback" && req.method === "GET") {
        if ([...url.searchParams.keys()].length > 0) deliver(Object.fromEntries(url.searchParams));
        res.writeHead(200, { "Content-Type": "text/html" }).end(RELAY);
      } else if ((url.pathname === "/callback" || url.pathname === "/received") && req.method === "POST") {
        deliver(Object.fromEntries(new URLSearchParams(body)));
        res.writeHead(200, { "Content-Type": "text/html" }).end(`<!doctype html><p id="rp">RP received the response</p>`);
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    callback: `${origin}/callback`,
    nextResponse: () =>
      new Promise((resolve, reject) => {
        const ready = queued.shift();
        if (ready) return resolve(ready);
        const timer = setTimeout(() => reject(new Error("the RP received no authorization response")), 20_000);
        waiting.push((p) => {
          clearTimeout(timer);
          resolve(p);
        });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
