/**
 * Malformed input the fuzzer (fuzz.test.ts) once turned into 500s, each sent on purpose: NUL and
 * invalid UTF-8 are refused where a request is read (never reaching PostgreSQL), broken
 * percent-encoding in a path parameter is a 400, oversized bodies are refused before they are
 * read, and requests Node's parser refuses still get a JSON error.
 */
import { request as httpRequest } from "node:http";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "../../proxy";
import { errorPageCode, TestBrowser } from "../support/browser";
import { basicAuth, registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { register, startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let rp: RegisteredClient;

beforeAll(async () => {
  porta = await startTestPorta();
  rp = await registerClient(porta);
});

afterAll(async () => {
  await porta.close();
});

const NUL_TEXT = /NUL character or text that is not valid UTF-8/;

async function postRaw(path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; json: Record<string, unknown> }> {
  const response = await fetch(`${porta.issuer}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });
  const type = response.headers.get("content-type") ?? "";
  return { status: response.status, type, json: type.startsWith("application/json") ? ((await response.json()) as Record<string, unknown>) : {} };
}

describe("NUL and invalid UTF-8 are refused at the input boundary", () => {
  it("authorize: a NUL in client_id → the error page, 400 invalid_request", async () => {
    const hop = await new TestBrowser(porta.issuer).get(`/oauth2/authorize?client_id=${encodeURIComponent(rp.client_id)}%00&redirect_uri=${encodeURIComponent(RP_CALLBACK)}&response_type=code&scope=openid`);
    expect(hop.status).toBe(400);
    expect(hop.location).toBeNull();
    expect(errorPageCode(hop.text)).toBe("invalid_request");
  });

  it("registration: an unpaired surrogate (\\ud800) in a redirect URI → 400 invalid_client_metadata", async () => {
    const response = await register(porta, { client_name: "x", redirect_uris: [`${RP_CALLBACK}\ud800`] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_client_metadata", error_description: expect.stringMatching(/^redirect_uris\[0\] holds/) as unknown });
  });

  it("logout: a NUL in client_id → 400 page", async () => {
    const hop = await new TestBrowser(porta.issuer).get(`/oauth2/logout?client_id=a%00b&post_logout_redirect_uri=${encodeURIComponent("https://rp.example/logged-out")}`);
    expect(hop.status).toBe(400);
  });

  it.each([
    ["token", "/oauth2/token", "grant_type=authorization_code&code=x&client_id=a%00b&client_secret=s"],
    ["PAR", "/oauth2/par", "client_id=a%00b&client_secret=s&response_type=code"],
    ["CIBA", "/ciba/bc-authorize", "client_id=a%00b&client_secret=s&scope=openid"],
    ["headless", "/headless/authorize", "client_id=%00&client_secret=s&scope=openid"],
  ])("%s: a NUL in client_id → 400 invalid_request as JSON", async (_name, path, body) => {
    const answer = await postRaw(path, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: "invalid_request" });
    expect(answer.json.error_description).toMatch(NUL_TEXT);
  });

  it("token: a NUL in the Basic client_id → invalid_client JSON, not a 500", async () => {
    const answer = await postRaw("/oauth2/token", "grant_type=authorization_code&code=x", { Authorization: basicAuth("a\u0000b", "secret") });
    expect(answer.status).toBeLessThan(500);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.json.error).toBe("invalid_client");
  });

  it("token: a client assertion whose iss/sub hold a NUL → invalid_client JSON", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const jwt = `${b64({ alg: "RS256" })}.${b64({ iss: "a\u0000", sub: "a\u0000", aud: porta.issuer, exp: 9999999999, jti: "\u0000" })}.c2ln`;
    const answer = await postRaw("/oauth2/token", new URLSearchParams({ grant_type: "authorization_code", code: "x", client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", client_assertion: jwt }).toString());
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.json.error).toBe("invalid_client");
  });

  it("registration: a NUL in client_name → 400 invalid_client_metadata naming the field", async () => {
    const response = await register(porta, { client_name: "Bad\u0000Name", redirect_uris: [RP_CALLBACK] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, string>;
    expect(body.error).toBe("invalid_client_metadata");
    expect(body.error_description).toMatch(/^client_name holds a NUL character/);
  });

  it("a body that is not UTF-8 → 400 invalid_request", async () => {
    const response = await fetch(`${porta.issuer}/oauth2/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new Uint8Array([0x61, 0x3d, 0xff, 0xfe]) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", error_description: "The request body is not valid UTF-8" });
  });
});

describe("paths and bodies", () => {
  it.each(["%", "%C0%80", "%FF%FE%FD", "%00"])("a client_id path parameter %s → 400 invalid_request JSON", async (raw) => {
    const response = await fetch(`${porta.issuer}/oauth2/register/${raw}`, { headers: { Authorization: "Bearer x" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });

  it("a multipart body with a broken boundary to a login form post → 400, not a 500", async () => {
    const response = await fetch(`${porta.issuer}/login/00000000-0000-4000-8000-000000000000/select`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ", Origin: porta.issuer },
      body: "--ABC\r\nbroken",
      redirect: "manual",
    });
    expect(response.status).toBe(400);
  });

  it("a dashboard form post whose multipart body does not parse → 400 before Next's action parser; a good one passes on", async () => {
    const post = (body: string) =>
      proxy(
        new NextRequest(`${porta.issuer}/dashboard/signin`, {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=XYZ", "Content-Length": String(Buffer.byteLength(body)), Accept: "text/html" },
          body,
        }),
      );
    for (const broken of ["--ABC\r\nbroken", "--XYZ\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nadmin@porta.local", "garbage"]) {
      const refused = await post(broken);
      expect(refused.status, broken).toBe(400);
      expect(await refused.text()).toContain("multipart body does not parse");
    }
    const good = await post('--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nadmin@porta.local\r\n--XYZ--\r\n');
    expect(good.status).toBe(200);
    expect(good.headers.get("x-middleware-next")).toBe("1");
  });

  it("a 10 MiB body to a login form post → 413 before it is read", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(porta.issuer);
      const outgoing = httpRequest(
        { host: url.hostname, port: url.port, method: "POST", path: "/login/00000000-0000-4000-8000-000000000000/select", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(10 * 1024 * 1024) } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on("error", reject);
      // Only the headers: the answer must not wait for the body.
      outgoing.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it("an unknown method Node's parser refuses → 400 with a JSON error", async () => {
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const url = new URL(porta.issuer);
      const outgoing = httpRequest({ host: url.hostname, port: url.port, method: "FOO", path: "/oauth2/token" }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), body }));
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "invalid_request", error_description: "Unknown HTTP method" });
  });
});
