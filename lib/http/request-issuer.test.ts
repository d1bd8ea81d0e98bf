import { describe, expect, it } from "vitest";
import { config } from "../config";
import { cookieName, isHttpsIssuer } from "./cookies";
import { languageSwitch, pageSecurityHeaders } from "./page-headers";
import { currentIssuer, hostIssuer, withPageHost } from "./request-issuer";

// The unit project runs without PUBLIC_URL: the issuer is http://localhost:3000.
const publicHost = () => new URL(config().issuer).host;

describe("hostIssuer", () => {
  it.each([
    ["login.acme.example", "https://login.acme.example"],
    ["acme.localhost:3000", "http://acme.localhost:3000"],
    ["acme.localhost", "http://acme.localhost"],
    ["evillocalhost:3000", "https://evillocalhost:3000"],
  ])("%s → %s", (host, issuer) => {
    expect(hostIssuer(host)).toBe(issuer);
  });
});

describe("a Next-rendered page on a tenant domain (withPageHost)", () => {
  it("on an https domain: HSTS, Secure __Host- cookies (the language switcher's too), though PUBLIC_URL is http", () => {
    expect(config().issuer.startsWith("http:")).toBe(true);
    withPageHost("Login.Acme.Example", () => {
      expect(currentIssuer()).toBe("https://login.acme.example");
      expect(isHttpsIssuer()).toBe(true);
      expect(pageSecurityHeaders()).toHaveProperty("Strict-Transport-Security");
      expect(cookieName("porta_locale")).toBe("__Host-porta_locale");
      const switched = languageSwitch("GET", new URL("https://login.acme.example/login/6f0c4c1e-6b1f-4f3e-9a57-0c1de2a3b4c5/eid?lang=sv"));
      expect(switched?.cookie).toMatch(/^__Host-porta_locale=sv;.*Secure/);
    });
  });

  it("on PUBLIC_URL's host, on no host, and on a *.localhost domain: PUBLIC_URL's plain http rules", () => {
    for (const host of [publicHost(), null, "acme.localhost:3000"]) {
      withPageHost(host, () => {
        expect(isHttpsIssuer()).toBe(false);
        expect(pageSecurityHeaders()).not.toHaveProperty("Strict-Transport-Security");
        expect(cookieName("porta_locale")).toBe("porta_locale");
      });
    }
    withPageHost(null, () => expect(currentIssuer()).toBe(config().issuer));
  });

  it("leaves the request's context when it returns", () => {
    withPageHost("login.acme.example", () => undefined);
    expect(currentIssuer()).toBe(config().issuer);
  });
});
