/**
 * Requests from the test to Porta under another Host: a tenant domain such as acme.localhost:<port>,
 * which Chromium reaches on loopback but Node does not resolve. The request goes to 127.0.0.1 with
 * that Host, as a browser's would.
 */
import { request as httpRequest } from "node:http";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export interface HostAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** One request to Porta on 127.0.0.1 with `host` as Host; a JSON or form body. */
export function callOnHost(host: string, method: string, path: string, body?: { json?: unknown; form?: Record<string, string> }, headers: Record<string, string> = {}): Promise<HostAnswer> {
  const text = body?.json !== undefined ? JSON.stringify(body.json) : body?.form ? new URLSearchParams(body.form).toString() : undefined;
  const all: Record<string, string> = { host, ...headers };
  if (text !== undefined) {
    all["content-type"] = body?.json !== undefined ? "application/json" : "application/x-www-form-urlencoded";
    all["content-length"] = String(Buffer.byteLength(text));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: E2E_PORT, method, path, headers: all }, (res) => {
      let answer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (answer += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(answer || "{}") as Record<string, unknown> }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(text);
  });
}
