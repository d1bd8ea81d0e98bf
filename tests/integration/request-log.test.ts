/**
 * What Porta's server logs about the requests it receives (TRUST_PROXY unset, as by default): the
 * access log line of each request never holds a bearer value (an invitation token, a resume
 * token, a code or a request_uri), and the first request that carries X-Forwarded-For gets one
 * warning naming TRUST_PROXY, without the header's addresses: behind a proxy every client would
 * otherwise share the proxy's address, and so one budget of every per-IP limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../../lib/log";
import { startTestPorta, type TestPorta } from "../support/test-server";

interface Line {
  level: "info" | "warn";
  fields: Record<string, unknown>;
  message: string | undefined;
}

const lines: Line[] = [];
const SECRET = "s3cr3t-Bearer-Value-0123456789abcdef";

let porta: TestPorta;

beforeAll(async () => {
  // The tests run with LOG_LEVEL=silent: the access log is written as at "info", into `lines`.
  vi.spyOn(logger, "isLevelEnabled").mockImplementation((level) => level === "info" || level === "warn");
  for (const level of ["info", "warn"] as const) {
    vi.spyOn(logger, level).mockImplementation(((fields: Record<string, unknown>, message?: string) => {
      lines.push({ level, fields, message });
    }) as typeof logger.info);
  }
  porta = await startTestPorta();
});

afterAll(async () => {
  await porta.close();
  vi.restoreAllMocks();
});

/** The access log lines written since `from`. */
function requestLines(from: number): Line[] {
  return lines.slice(from).filter((line) => line.message === "request");
}

/** The TRUST_PROXY warnings written since `from`. */
function proxyWarnings(from = 0): Line[] {
  return lines.slice(from).filter((line) => line.level === "warn" && /TRUST_PROXY/.test(line.message ?? ""));
}

/** Waits for the access log line of a request just answered (written as the answer ends). */
async function loggedRequests(from: number, count: number): Promise<Line[]> {
  await vi.waitFor(() => expect(requestLines(from)).toHaveLength(count));
  return requestLines(from);
}

describe("the access log", () => {
  it("cuts the invitation token and the resume token out of the path, keeping the route's shape", async () => {
    const from = lines.length;
    await fetch(`${porta.issuer}/invite/${SECRET}`);
    await fetch(`${porta.issuer}/login/resume/${SECRET}`);
    const [invite, resume] = await loggedRequests(from, 2);
    expect(invite!.fields.path).toBe("/invite/[redacted]");
    expect(resume!.fields.path).toBe("/login/resume/[redacted]");
    expect(JSON.stringify(lines.slice(from))).not.toContain(SECRET);
  });

  it("never holds a code, request_uri or login_hint sent in a query", async () => {
    const from = lines.length;
    const query = new URLSearchParams({ client_id: "rp", code: SECRET, request_uri: `urn:ietf:params:oauth:request_uri:${SECRET}`, login_hint: SECRET });
    await fetch(`${porta.issuer}/oauth2/authorize?${query}`, { redirect: "manual" });
    await fetch(`${porta.issuer}/login/resume/${SECRET}?code=${SECRET}`);
    const logged = await loggedRequests(from, 2);
    expect(logged.map((line) => line.fields.path)).toEqual(["/oauth2/authorize", "/login/resume/[redacted]"]);
    expect(JSON.stringify(lines.slice(from))).not.toContain(SECRET);
  });
});

describe("X-Forwarded-For while TRUST_PROXY is 0", () => {
  it("the first such request logs one warning naming TRUST_PROXY, without the addresses; later ones none", async () => {
    // Requests without the header warn of nothing.
    await fetch(`${porta.issuer}/healthz`);
    expect(proxyWarnings()).toEqual([]);
    await fetch(`${porta.issuer}/healthz`, { headers: { "X-Forwarded-For": "198.51.100.23, 203.0.113.9" } });
    const [warning, ...more] = proxyWarnings();
    expect(more).toEqual([]);
    expect(warning!.message).toMatch(/TRUST_PROXY/);
    expect(JSON.stringify(warning)).not.toMatch(/198\.51\.100\.23|203\.0\.113\.9/);
    const from = lines.length;
    await fetch(`${porta.issuer}/healthz`, { headers: { "X-Forwarded-For": "198.51.100.24" } });
    await fetch(`${porta.issuer}/oauth2/token`, { method: "POST", headers: { "X-Forwarded-For": "198.51.100.25" } });
    await loggedRequests(from, 2);
    expect(proxyWarnings(from)).toEqual([]);
  });
});
