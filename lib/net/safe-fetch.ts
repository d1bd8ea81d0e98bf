/**
 * The one way Porta calls out (webhooks, client jwks_uri, eID connectors), so that a URL someone
 * registers cannot make Porta reach into its own network (server-side request forgery) or hang on
 * a slow or endless answer (README, `ALLOW_PRIVATE_OUTBOUND`).
 * - The resolved address is checked before any connection: loopback, private, link-local and
 *   other non-public addresses are refused unless ALLOW_PRIVATE_OUTBOUND (then also plain http to
 *   loopback). The connection goes to the address that was checked (no DNS rebinding window).
 * - No redirects are followed; a time limit covers the whole exchange; the body is capped.
 * - Keep-alive agents reuse connections; a peer that needs a TLS client certificate (BankID's
 *   mutual TLS) gets its own agent per configuration, trusting only the CA configured for it.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { createSecureContext } from "node:tls";
import { config } from "../config";
import { isLoopbackHostname, isNonPublicAddress } from "./addresses";

export type OutboundErrorKind = "blocked" | "timeout" | "too_large" | "network" | "tls" | "bad_url";

export class OutboundError extends Error {
  override name = "OutboundError";
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    /** The underlying Node.js or OpenSSL error code, when there is one (ECONNREFUSED, ERR_TLS_CERT_ALTNAME_INVALID, ...). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Mutual TLS towards one peer: the client certificate (PKCS#12, or PEM certificate and key) and
 * the CA certificates the peer's server certificate must chain to (instead of the public roots).
 */
export interface TlsClientOptions {
  /** Names this configuration: connections are kept alive per key. Change it when the material changes. */
  agentKey: string;
  ca: string | string[];
  pfx?: Buffer;
  passphrase?: string;
  cert?: string;
  key?: string;
}

export interface SafeFetchOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  /** Client certificate and trust anchors (https only). */
  tls?: TlsClientOptions;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function allowPrivate(): boolean {
  return config().allowPrivateOutbound;
}

/** DNS lookup that refuses non-public answers (the connection then uses the checked address). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isNonPublicAddress(a.address));
    if (refused && !allowPrivate()) {
      const blocked = Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: "EPORTABLOCKED" });
      return callback(blocked, "", 4);
    }
    if ((options as { all?: boolean }).all) return callback(null, list as never);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 4);
    callback(null, first.address, first.family);
  });
};

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64, lookup: guardedLookup }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64, lookup: guardedLookup }),
};

const MAX_TLS_AGENTS = 32;
const tlsAgents = new Map<string, https.Agent>();

/** The keep-alive agent of one mutual-TLS configuration (the oldest is closed beyond the cap). */
function tlsAgentFor(tls: TlsClientOptions): https.Agent {
  const existing = tlsAgents.get(tls.agentKey);
  if (existing) return existing;
  const material = { ca: tls.ca, ...(tls.pfx ? { pfx: tls.pfx, passphrase: tls.passphrase } : { cert: tls.cert, key: tls.key }) };
  try {
    // Unreadable material fails here, once, rather than inside every connection attempt.
    createSecureContext(material);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new OutboundError("tls", `the client certificate or CA cannot be used: ${message}`, code);
  }
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 64,
    lookup: guardedLookup,
    ...material,
  });
  tlsAgents.set(tls.agentKey, agent);
  if (tlsAgents.size > MAX_TLS_AGENTS) {
    const [oldestKey, oldest] = tlsAgents.entries().next().value as [string, https.Agent];
    tlsAgents.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
}

/** Checks a URL before any I/O: scheme, and literal addresses (names are checked when resolved). */
export function assertOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError("bad_url", "not an absolute URL");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol === "http:") {
    if (!(allowPrivate() && isLoopbackHostname(host))) throw new OutboundError("blocked", "plain http is not allowed");
  } else if (url.protocol !== "https:") {
    throw new OutboundError("bad_url", "only https URLs are called");
  }
  if (!allowPrivate() && (isLoopbackHostname(host) || (isIP(host) && isNonPublicAddress(host)))) {
    throw new OutboundError("blocked", "the address is loopback or private");
  }
  return url;
}

export function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const url = assertOutboundUrl(raw);
  if (options.tls && url.protocol !== "https:") return Promise.reject(new OutboundError("bad_url", "a client certificate is sent over https only"));
  let agent: http.Agent;
  try {
    agent = options.tls ? tlsAgentFor(options.tls) : agents[url.protocol as "http:" | "https:"];
  } catch (error) {
    return Promise.reject(error instanceof OutboundError ? error : new OutboundError("tls", String(error)));
  }
  return exchange(url, agent, options, performance.now() + options.timeoutMs);
}

/**
 * Whether a request that failed may be sent again at once: a GET (safe and idempotent, RFC 9110
 * §9.2.2) that went out on a kept-alive connection which the peer closed before answering. A
 * server closes an idle connection when its keep-alive time runs out; a request written in that
 * moment meets the close (RFC 9112 §9.3.1 lets a client retry such a request). The retry cannot
 * loop: each one uses up an idle connection, and one on a new connection is never retried.
 */
function mayRetry(request: http.ClientRequest, options: SafeFetchOptions, answered: boolean, error: NodeJS.ErrnoException): boolean {
  return request.reusedSocket && !answered && (options.method ?? "GET") === "GET" && error.code === "ECONNRESET";
}

/** One exchange, within the time left until `deadline` (performance.now()); see safeFetch. */
function exchange(url: URL, agent: http.Agent, options: SafeFetchOptions, deadline: number): Promise<SafeResponse> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<SafeResponse>((resolve, reject) => {
    let settled = false;
    let answered = false;
    const fail = (error: OutboundError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new OutboundError("timeout", `no complete answer within ${options.timeoutMs} ms`)),
      Math.max(0, deadline - performance.now()),
    );
    const request = transport.request(
      url,
      {
        method: options.method ?? "GET",
        headers: { "User-Agent": "Porta", ...options.headers, ...(options.body !== undefined ? { "Content-Length": String(Buffer.byteLength(options.body)) } : {}) },
        agent,
      },
      (response) => {
        answered = true;
        const declared = Number(response.headers["content-length"] ?? "0");
        if (declared > options.maxBytes) return fail(new OutboundError("too_large", `the answer exceeds ${options.maxBytes} bytes`));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return fail(new OutboundError("too_large", `the answer exceeds ${options.maxBytes} bytes`));
          chunks.push(chunk);
        });
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
        response.on("error", (error) => fail(new OutboundError("network", error.message)));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!settled && mayRetry(request, options, answered, error)) {
        settled = true;
        clearTimeout(timer);
        return resolve(exchange(url, agent, options, deadline));
      }
      if (error.code === "EPORTABLOCKED") return fail(new OutboundError("blocked", error.message));
      const tls = /CERT|SSL|TLS|self.signed|certificate|PKCS12|mac verify/i.test(`${error.code ?? ""} ${error.message}`);
      if (tls) return fail(new OutboundError("tls", error.message, error.code));
      // Under TLS 1.3 a server that refuses the client certificate does so after the client has
      // finished its side of the handshake: the client then sees the connection reset, unanswered.
      if (options.tls && !request.reusedSocket && error.code === "ECONNRESET") {
        return fail(new OutboundError("tls", `the connection was closed right after the TLS handshake, as when the client certificate is refused (${error.message})`, error.code));
      }
      fail(new OutboundError("network", error.message, error.code));
    });
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}
