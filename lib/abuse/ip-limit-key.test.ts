import { describe, expect, it } from "vitest";
import { ipLimitKey } from "./ip-limit-key";

describe("ipLimitKey", () => {
  it("an IPv4 address is its own key", () => {
    expect(ipLimitKey("192.0.2.1")).toBe("192.0.2.1");
    expect(ipLimitKey("198.51.100.200")).toBe("198.51.100.200");
  });

  it("two addresses of one IPv6 /64 share a key, however they are written; another /64 has its own", () => {
    const key = ipLimitKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(ipLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(key);
    expect(ipLimitKey("2001:0DB8:0001:0002:0000:0000:0000:0abc")).toBe(key);
    expect(ipLimitKey("2001:db8:1:2:a:b:c:d%eth0")).toBe(key);
    expect(ipLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(ipLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(ipLimitKey("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(ipLimitKey("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
  });

  it("an IPv4-mapped IPv6 address is the IPv4 address it carries, dotted or in hex", () => {
    expect(ipLimitKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(ipLimitKey("::FFFF:c000:0201")).toBe("192.0.2.1");
    expect(ipLimitKey("0:0:0:0:0:ffff:198.51.100.20")).toBe("198.51.100.20");
  });

  it("something that is no IP address stays as it is", () => {
    expect(ipLimitKey("not an address")).toBe("not an address");
    expect(ipLimitKey("")).toBe("");
  });
});
