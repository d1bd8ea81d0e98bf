import { beforeAll, describe, expect, it } from "vitest";
import { domainDiscoveryUrl, domainLines, MAX_DOMAINS, parseDomains, TenantFieldError } from "./domains";

beforeAll(() => {
  // Read by config() on first use: PUBLIC_URL's host may not be a tenant domain.
  process.env.PUBLIC_URL = "https://porta.example.com";
});

/** The field error parseDomains throws for one value. */
function problemOf(value: unknown): TenantFieldError {
  try {
    parseDomains([value]);
  } catch (error) {
    if (error instanceof TenantFieldError) return error;
    throw error;
  }
  throw new Error(`${String(value)} was accepted`);
}

describe("tenant domain values", () => {
  it("accepts host names and *.localhost names with a port, lower-cased and trimmed", () => {
    expect(parseDomains(["Login.Example.COM", "  acme.localhost:3000 ", "xn--bcher-kva.example", "a-b.c9.example.dk"])).toEqual([
      "login.example.com",
      "acme.localhost:3000",
      "xn--bcher-kva.example",
      "a-b.c9.example.dk",
    ]);
    expect(parseDomains([])).toEqual([]);
  });

  it.each([
    ["https://login.example.com", /without a scheme/],
    ["http://acme.localhost:3000", /without a scheme/],
    ["login.example.com/oidc", /no path/],
    ["login.example.com/", /no path/],
    ["*.example.com", /Wildcard/],
    ["127.0.0.1", /IP addresses/],
    ["10.0.0.1:8080", /IP addresses/],
    ["[::1]", /IP addresses/],
    ["::1", /IP addresses/],
    ["2001:db8::1", /IP addresses/],
    ["localhost", /localhost itself/],
    ["localhost:3000", /localhost itself/],
    ["LOCALHOST", /localhost itself/],
    ["porta.example.com", /PUBLIC_URL's host/],
    ["Porta.Example.com", /PUBLIC_URL's host/],
    ["login.example.com:8443", /port is allowed only on \*\.localhost/],
    ["acme.localhost:0", /port must be a number from 1 to 65535/],
    ["acme.localhost:70000", /port must be a number from 1 to 65535/],
    ["acme.localhost:", /port must be a number/],
    [`${"a".repeat(64)}.example.com`, /at most 63 characters/],
    [`${"abcdefghij.".repeat(25)}example.com`, /at most 253 characters/],
    ["", /cannot be empty/],
    ["   ", /cannot be empty/],
    ["example", /full host name with a dot/],
    ["login..example.com", /no empty labels/],
    ["login.example.com.", /no empty labels/],
    ["-login.example.com", /only letters a–z, digits and inner hyphens/],
    ["login_1.example.com", /only letters a–z, digits and inner hyphens/],
    ["bücher.example", /xn-- form/],
    ["user@login.example.com", /without query, fragment, user name or spaces/],
    ["login.example.com?x=1", /without query/],
  ])("refuses %j", (value, message) => {
    const error = problemOf(value);
    expect(error.field).toBe("domains");
    expect(error.message).toMatch(message);
  });

  it("names the bad value as it was given", () => {
    expect(problemOf("Login.Example.com/x").message).toBe('"Login.Example.com/x": A domain holds no path: give the host name only');
  });

  it("refuses a list that is not a list of strings, a value twice, or too many", () => {
    expect(() => parseDomains("login.example.com")).toThrow(/list of host names/);
    expect(() => parseDomains([42])).toThrow(/A domain is a string/);
    expect(() => parseDomains(["a.example.com", "A.example.com"])).toThrow(/"A.example.com": a.example.com is listed twice/);
    const many = Array.from({ length: MAX_DOMAINS + 1 }, (_, i) => `t${i}.example.com`);
    expect(() => parseDomains(many)).toThrow(`A tenant has at most ${MAX_DOMAINS} domains`);
  });
});

describe("issuer of a domain", () => {
  it("has its discovery document under the issuer (https, http only for *.localhost names)", () => {
    expect(domainDiscoveryUrl("login.example.com")).toBe("https://login.example.com/.well-known/openid-configuration");
    expect(domainDiscoveryUrl("acme.localhost")).toBe("http://acme.localhost/.well-known/openid-configuration");
  });

  it("reads one domain per line, skipping blank lines", () => {
    expect(domainLines(" a.example.com\r\n\n b.example.com \n")).toEqual(["a.example.com", "b.example.com"]);
  });
});
