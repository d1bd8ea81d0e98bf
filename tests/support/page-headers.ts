/** Assertions on the page headers (README, Security, "Headers"), shared by the HTTP tests of every page kind. */
import { expect } from "vitest";

/** One CSP directive of the response (`name …`), if it has it. */
export function cspDirective(headers: Headers, name: string): string | undefined {
  return (headers.get("content-security-policy") ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));
}

export function expectPageHeaders(headers: Headers, options: { https: boolean }): void {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("cache-control")).toContain("no-store");
  const scripts = cspDirective(headers, "script-src");
  expect(scripts, csp).toMatch(/^script-src( 'self')? ('nonce-[A-Za-z0-9_+/=-]+'|'sha256-[A-Za-z0-9+/=]+'|'none')$/);
  expect(csp).not.toContain("'unsafe-inline'");
  expect(csp).not.toContain("'unsafe-eval'");
  if (options.https) expect(headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  else expect(headers.get("strict-transport-security")).toBeNull();
}
