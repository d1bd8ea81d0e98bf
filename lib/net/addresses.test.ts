import { describe, expect, it } from "vitest";
import { bareHostname, isLoopbackHostname, isNonPublicAddress } from "./addresses";

describe("isNonPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "192.168.255.255",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "::1",
    "::",
    "0:0:0:0:0:0:0:1",
    "fc00::",
    "fd12:3456::1",
    "fe80::",
    "fe80::1%eth0",
    "FE80::1",
    "ff02::1",
    "2001:db8::1",
    "64:ff9b::a00:1",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "0:0:0:0:0:ffff:c0a8:0101",
  ])("%s is not public", (ip) => {
    expect(isNonPublicAddress(ip)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "11.0.0.1", "2606:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8", "::ffff:808:808"])(
    "%s is public",
    (ip) => {
      expect(isNonPublicAddress(ip)).toBe(false);
    },
  );

  it.each(["localhost", "example.com", "", "999.1.1.1", "10.0.0"])("%s is no address literal, so not classified here", (value) => {
    expect(isNonPublicAddress(value)).toBe(false);
  });
});

describe("isLoopbackHostname", () => {
  it.each(["localhost", "localhost.", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])("%s is loopback", (host) => {
    expect(isLoopbackHostname(host)).toBe(true);
  });

  it.each(["example.com", "10.0.0.1", "127.0.0.1.example.com", "localhost.example.com"])("%s is not loopback", (host) => {
    expect(isLoopbackHostname(host)).toBe(false);
  });
});

describe("bareHostname", () => {
  it("drops IPv6 brackets and keeps other hosts as they are", () => {
    expect(bareHostname(new URL("https://[::1]:8443/x"))).toBe("::1");
    expect(bareHostname(new URL("https://[::ffff:10.0.0.1]/"))).toBe("::ffff:a00:1");
    expect(bareHostname(new URL("https://Example.COM/x"))).toBe("example.com");
  });

  it("gives a literal that isNonPublicAddress classifies, whatever form the URL used", () => {
    for (const url of ["https://[::ffff:127.0.0.1]/", "https://2130706433/", "https://0x7f.1/", "https://[0:0:0:0:0:0:0:1]/"]) {
      expect(isNonPublicAddress(bareHostname(new URL(url))), url).toBe(true);
    }
  });
});
