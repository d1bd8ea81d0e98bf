/**
 * Address classification for the outbound guard (safe-fetch.ts): loopback, private, link-local,
 * unique-local, CGNAT, multicast and unspecified addresses are not public.
 */
import { isIP } from "node:net";

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

const V4_BLOCKS: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

function inV4Block(ip: string, [base, bits]: [string, number]): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (ipv4ToInt(ip) & mask) === (ipv4ToInt(base) & mask);
}

/** An IPv6 literal in the one canonical form URLs use: lowercase, zeros compressed, no zone. */
function canonicalIPv6(ip: string): string {
  const withoutZone = ip.split("%")[0] ?? ip;
  return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
}

/** True when `ip` (a literal address) is not a public unicast address. */
export function isNonPublicAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) return V4_BLOCKS.some((block) => inV4Block(ip, block));
  if (version === 6) {
    const lower = canonicalIPv6(ip);
    // IPv4-mapped (::ffff:0:0/96): URL hostnames write the IPv4 part in hex ([::ffff:7f00:1]).
    const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
    if (mapped?.[1] && mapped[2]) {
      const high = parseInt(mapped[1], 16);
      const low = parseInt(mapped[2], 16);
      return isNonPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return (
      lower === "::" ||
      lower === "::1" ||
      /^f[cd]/.test(lower) || // unique local fc00::/7
      /^fe[89ab]/.test(lower) || // link local fe80::/10
      /^ff/.test(lower) || // multicast
      lower.startsWith("2001:db8") || // documentation
      lower.startsWith("64:ff9b") // NAT64 can reach private IPv4
    );
  }
  return false;
}

export function isLoopbackHostname(hostname: string): boolean {
  // "localhost." is the same name as "localhost" (a fully qualified name with the root label).
  const host = hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  return host === "localhost" || host === "::1" || (isIP(host) === 4 && host.startsWith("127."));
}

/** The hostname of a URL without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}
