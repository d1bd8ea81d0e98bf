import { describe, expect, it } from "vitest";
import { PAGE_STYLE_HASH } from "./page-style";
import { languageSwitch, loginIdOf, nextPageCsp, nextPageHeaders, PAGE_SECURITY_HEADERS, pageSecurityHeaders, selfContainedPageCsp } from "./page-headers";

const LOGIN_ID = "0b6f6a3e-5a43-4f55-9d4b-1f2e3d4c5b6a";

describe("page security headers", () => {
  it("every page, Next's or the protocol's own, is unframeable, sends no referrer and is not cached", () => {
    expect(nextPageHeaders({ nonce: "n" })).toMatchObject(PAGE_SECURITY_HEADERS);
    expect(PAGE_SECURITY_HEADERS).toEqual({ "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
    for (const csp of [nextPageCsp({ nonce: "n" }), selfContainedPageCsp()]) expect(csp).toContain("frame-ancestors 'none'");
  });

  it("an http issuer gets no HSTS (the unit tests' issuer is http://localhost)", () => {
    expect(pageSecurityHeaders()).not.toHaveProperty("Strict-Transport-Security");
  });

  it("Next pages run their own scripts and those carrying this response's nonce; never inline or eval in production", () => {
    const csp = nextPageCsp({ nonce: "abc123" });
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive("style-src")).toBe(`style-src 'self' 'nonce-abc123' '${PAGE_STYLE_HASH}'`);
    expect(directive("style-src-attr")).toBe("style-src-attr 'none'");
    expect(csp).not.toContain("unsafe-");
    expect(nextPageCsp({ nonce: "abc123", isDevelopment: true })).toContain("'unsafe-eval'");
  });

  it("a self-contained page runs only its hashed script and style, and posts only where it says", () => {
    expect(selfContainedPageCsp()).toContain("script-src 'none'");
    expect(selfContainedPageCsp()).toContain(`style-src '${PAGE_STYLE_HASH}'`);
    expect(selfContainedPageCsp()).toContain("form-action 'self'");
    const formPost = selfContainedPageCsp({ scriptHash: "sha256-xyz", formAction: "https://rp.example" });
    expect(formPost).toContain("script-src 'sha256-xyz'");
    expect(formPost).toContain("form-action https://rp.example");
    expect(formPost).not.toContain("unsafe-");
  });
});

describe("hosted login pages", () => {
  it("names the login of /login/<id> paths only", () => {
    expect(loginIdOf(`/login/${LOGIN_ID}`)).toBe(LOGIN_ID);
    expect(loginIdOf(`/login/${LOGIN_ID}/eid`)).toBe(LOGIN_ID);
    expect(loginIdOf("/login/callback")).toBeUndefined();
    expect(loginIdOf(`/dashboard/${LOGIN_ID}`)).toBeUndefined();
  });

  it("?lang= on a login page sets the language cookie and returns to the page without it", () => {
    const switched = languageSwitch("GET", new URL(`http://localhost/login/${LOGIN_ID}/eid?lang=da&x=1`));
    expect(switched?.location).toBe(`http://localhost/login/${LOGIN_ID}/eid?x=1`);
    expect(switched?.cookie).toBe("porta_locale=da; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000");
  });

  it("an unsupported language only drops the parameter; POSTs and other pages are left alone", () => {
    expect(languageSwitch("GET", new URL(`http://localhost/login/${LOGIN_ID}?lang=xx`))).toEqual({ location: `http://localhost/login/${LOGIN_ID}` });
    expect(languageSwitch("POST", new URL(`http://localhost/login/${LOGIN_ID}?lang=da`))).toBeUndefined();
    expect(languageSwitch("GET", new URL("http://localhost/dashboard?lang=da"))).toBeUndefined();
    expect(languageSwitch("GET", new URL(`http://localhost/login/${LOGIN_ID}`))).toBeUndefined();
  });
});
