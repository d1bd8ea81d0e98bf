/**
 * The key a client IP is counted under by every per-IP abuse limit.
 *
 * - IPv4: the address itself.
 * - IPv6: its /64 network. One subscriber line or one cloud server is routinely handed a whole
 *   /64 (RFC 6177 §2), so keying by the full address would give anyone there 2^64 budgets.
 * - IPv4-mapped IPv6 (`::ffff:192.0.2.1`, RFC 4291 §2.5.5.2): the IPv4 address it carries, so a
 *   dual-stack socket and a proxy writing plain IPv4 count the same client once.
 *
 * Anything that is no IP address (never a value lib/http/client-ip.ts returns) stays as it is.
 */
import { isIP } from "node:net";

/** The limit key of a client IP (see above). */
export function ipLimitKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (isIP said so), zone index dropped. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, "");
  // A dotted IPv4 tail (`::ffff:192.0.2.1`, `64:ff9b::198.51.100.7`) is two groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return undefined;
  const groups = [...left, ...Array<number>(missing).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}
