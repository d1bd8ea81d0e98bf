/**
 * The client's IP address: what every abuse limit counts and what BankID gets as `endUserIp`.
 *
 * - `TRUST_PROXY` unset or 0: the socket address.
 * - `TRUST_PROXY=<n>`: the n-th address from the right of `X-Forwarded-For`, the address the
 *   outermost of the n trusted proxies saw. A client can put anything at the left of that header,
 *   never at its right, so the left-most entry (the one naive code reads) is never used. With
 *   fewer entries than n, the left-most one that a proxy wrote is used.
 *
 * The socket address reaches lib/ in the internal header CLIENT_SOCKET_HEADER, which
 * server/porta-server.ts sets on every request it receives, overwriting whatever the client sent
 * under that name. The header is read only in a process where that server runs
 * (`trustClientSocketHeader`); under Next's own server (`next dev`, a bare `next start`) a
 * client-sent copy is ignored and the right-most `X-Forwarded-For` entry, which Next sets to the
 * socket address when the client sent none, stands in for it.
 *
 * Behind a proxy (a load balancer ending TLS) that appends X-Forwarded-For, TRUST_PROXY must be
 * set: otherwise every request has the proxy's address, and every per-IP limit counts all clients
 * together (a few failed client authentications or dashboard passwords then refuse everyone).
 * Porta's server warns once per process when a request carries the header while it is 0.
 */
import { isIP } from "node:net";
import { config } from "../config";
import { processSingleton } from "../process/state";
import { logger } from "../log";

export const CLIENT_SOCKET_HEADER = "x-porta-client-socket";

const LOOPBACK = "127.0.0.1";

/**
 * Whether Porta's server runs in this process: process state, because the server sets it in its
 * copy of lib/ and Next.js's copy must read it too; kept by a reset, as the server keeps running.
 */
const socketHeader = processSingleton("client-socket-header", () => ({ trusted: false }), { keepOnReset: true });

/** Called by Porta's server: from now on every request in this process carries the header. */
export function trustClientSocketHeader(): void {
  socketHeader().trusted = true;
}

/** The client IP of a request, as its trusted proxies (TRUST_PROXY) report it. */
export function clientIpOf(request: Request, trustProxy = config().trustProxy): string {
  const fromRight = forwardedFor(request).reverse();
  const socket = trustedSocketAddress(request);
  // Nearest first. Without the socket address (Next's own server), Next's entry stands in for it.
  const chain = socket ? [socket, ...fromRight] : fromRight;
  const hops = socket ? trustProxy : Math.max(trustProxy - 1, 0);
  for (let i = Math.min(hops, chain.length - 1); i >= 0; i--) {
    const address = normaliseAddress(chain[i]!);
    if (address) return address;
  }
  return LOOPBACK;
}

function trustedSocketAddress(request: Request): string | undefined {
  if (!socketHeader().trusted) return undefined;
  return normaliseAddress(request.headers.get(CLIENT_SOCKET_HEADER) ?? "");
}

function forwardedFor(request: Request): string[] {
  const header = request.headers.get("x-forwarded-for");
  if (!header) return [];
  return header
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

const untrustedProxyWarning = processSingleton("untrusted-proxy-warning", () => ({ given: false }));

/**
 * Called by Porta's server for each request with its X-Forwarded-For header: the first one that
 * carries it while TRUST_PROXY is 0 logs a warning naming TRUST_PROXY (never the addresses, which
 * are personal data).
 */
export function noteForwardedFor(header: string | string[] | undefined, trustProxy: number): void {
  const warning = untrustedProxyWarning();
  if (warning.given || header === undefined || trustProxy > 0) return;
  warning.given = true;
  logger.warn(
    { trustProxy },
    "A request carries X-Forwarded-For but TRUST_PROXY is 0: every client then has the proxy's address and shares its per-IP abuse limits. Behind a proxy or load balancer, set TRUST_PROXY to the number of proxies that append to X-Forwarded-For (docs/scaling.md)",
  );
}

/** An IP address without port or IPv4-mapped prefix, or undefined when it is none. */
export function normaliseAddress(value: string): string | undefined {
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address)) address = address.slice(7);
  return isIP(address) ? address.toLowerCase() : undefined;
}
