import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_SOCKET_HEADER, clientIpOf, normaliseAddress, trustClientSocketHeader } from "./client-ip";

const request = (headers: Record<string, string>) => new Request("http://porta.test/oauth2/token", { headers });

const TRUSTED = Symbol.for("porta.clientSocketHeaderTrusted");
const untrust = () => delete (globalThis as Record<symbol, unknown>)[TRUSTED];

describe("clientIpOf under Next's own server (no Porta server in the process)", () => {
  beforeAll(untrust);

  it("ignores a client-sent socket-address header and uses the entry Next sets", () => {
    expect(clientIpOf(request({ [CLIENT_SOCKET_HEADER]: "192.0.2.1", "X-Forwarded-For": "198.51.100.4" }), 0)).toBe("198.51.100.4");
    expect(clientIpOf(request({ [CLIENT_SOCKET_HEADER]: "192.0.2.1" }), 0)).toBe("127.0.0.1");
  });

  it("with TRUST_PROXY=1 is the right-most X-Forwarded-For entry (the proxy's)", () => {
    expect(clientIpOf(request({ "X-Forwarded-For": "6.6.6.6, 203.0.113.9" }), 1)).toBe("203.0.113.9");
  });
});

describe("clientIpOf behind Porta's server", () => {
  beforeAll(trustClientSocketHeader);
  afterAll(untrust);

  it("without TRUST_PROXY is the socket address, whatever X-Forwarded-For says", () => {
    expect(clientIpOf(request({ [CLIENT_SOCKET_HEADER]: "192.0.2.1", "X-Forwarded-For": "203.0.113.9" }), 0)).toBe("192.0.2.1");
  });

  it("with TRUST_PROXY=n is the n-th X-Forwarded-For entry from the right, never a client-written one", () => {
    const headers = { [CLIENT_SOCKET_HEADER]: "10.0.0.2", "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.1" };
    expect(clientIpOf(request(headers), 1)).toBe("10.0.0.1");
    expect(clientIpOf(request(headers), 2)).toBe("203.0.113.9");
  });

  it("with fewer entries than trusted proxies is the left-most entry, and with none the socket address", () => {
    expect(clientIpOf(request({ [CLIENT_SOCKET_HEADER]: "10.0.0.2", "X-Forwarded-For": "203.0.113.9" }), 3)).toBe("203.0.113.9");
    expect(clientIpOf(request({ [CLIENT_SOCKET_HEADER]: "10.0.0.2" }), 1)).toBe("10.0.0.2");
  });

  it("skips an entry that is not an IP address for the nearer one", () => {
    expect(clientIpOf(request({ [CLIENT_SOCKET_HEADER]: "10.0.0.2", "X-Forwarded-For": "unknown" }), 1)).toBe("10.0.0.2");
  });
});

describe("normaliseAddress", () => {
  it("drops ports and the IPv4-mapped prefix, refuses what is no address", () => {
    expect(normaliseAddress("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(normaliseAddress("192.0.2.7:4433")).toBe("192.0.2.7");
    expect(normaliseAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normaliseAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(normaliseAddress("evil")).toBeUndefined();
    expect(normaliseAddress("")).toBeUndefined();
  });
});
