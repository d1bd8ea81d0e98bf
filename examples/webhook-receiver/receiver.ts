/**
 * A reference webhook for Porta: verifies every request exactly as the spec (§5.3) asks, then
 * answers as its `decide` function says. Run it standalone (see README.md) or embed it.
 *
 * Verification of the bearer token:
 *   1. signature against Porta's extension-service JWKS ({EXTENSIONS_URL}/service/.well-known/jwks)
 *   2. nbf and exp
 *   3. iss = {EXTENSIONS_URL}/service   4. sub = the tenant id   5. aud = the extension id
 *   6. jti never seen before (replay → 401)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, jwtVerify } from "jose";

export interface PostAuthEvent {
  event: "post-auth-event-1.0";
  conversationId: string;
  environment: "test" | "production";
  user: { sub: string; [claim: string]: unknown };
  resumeUrl: string;
}

export interface PostAuthResumeEvent {
  event: "post-auth-resume-event-1.0";
  conversationId: string;
  environment: "test" | "production";
  resumeRequest: { url: string };
}

export type WebhookEvent = PostAuthEvent | PostAuthResumeEvent;

export type Reply =
  | { status: 204 }
  | { status: 200; body: unknown }
  | { status: 303; location: string };

export interface ReceiverOptions {
  /** Porta's extension-service JWKS URL. */
  jwksUrl: string;
  /** {EXTENSIONS_URL}/service */
  issuer: string;
  tenantId: string;
  extensionId: string;
  port?: number;
  decide(event: WebhookEvent, receiver: { origin: string }): Reply | Promise<Reply>;
}

export interface RunningReceiver {
  origin: string;
  /** Every event that passed verification, in order. */
  events: WebhookEvent[];
  /** How many requests were refused, and why. */
  rejections: string[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (chunk: Buffer) => {
      data += chunk.toString("utf8");
      if (data.length > 1_000_000) req.destroy(new Error("body too large"));
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

/** The receiver's own page for the redirect-and-resume demo: the user accepts or declines. */
function confirmPage(resumeUrl: string): string {
  const accept = new URL(resumeUrl);
  accept.searchParams.set("accepted", "true");
  const decline = new URL(resumeUrl);
  decline.searchParams.set("accepted", "false");
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Terms</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:10vh auto;padding:0 1rem}a{display:inline-block;margin-right:1rem;padding:.7rem 1.2rem;border-radius:.5rem;background:#0f766e;color:#fff;text-decoration:none}a.secondary{background:#e2e8f0;color:#0f172a}</style></head>
<body><h1>Accept the terms</h1><p>This page belongs to the application's webhook. Accept to continue your login.</p>
<p><a data-testid="receiver-accept" href="${esc(accept.toString())}">Accept</a><a class="secondary" data-testid="receiver-decline" href="${esc(decline.toString())}">Decline</a></p></body></html>`;
}

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  const seen = new Map<string, number>(); // jti → exp (seconds)
  const events: WebhookEvent[] = [];
  const rejections: string[] = [];
  let origin = "";

  // resumeUrls of verified post-auth events (Porta honours them for 15 minutes): the confirm page
  // links only to these, never to any URL from its own query string (a javascript: link, an open
  // redirect).
  const resumable = new Map<string, number>(); // resumeUrl → expiry (ms)
  const pruneResumable = () => {
    for (const [known, expires] of resumable) if (expires < Date.now()) resumable.delete(known);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", origin);
    if (req.method === "GET" && url.pathname === "/confirm") {
      const resume = url.searchParams.get("resume") ?? "";
      pruneResumable();
      if (!resumable.has(resume)) return send(res, 400, { error: "unknown resume URL" });
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return void res.end(confirmPage(resume));
    }
    if (req.method !== "POST") return send(res, 405);
    const reject = (why: string) => {
      rejections.push(why);
      send(res, 401, { error: why });
    };
    const auth = req.headers.authorization ?? "";
    const token = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!token) return reject("missing bearer token");
    let payload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        algorithms: ["RS256"],
        issuer: options.issuer,
        subject: options.tenantId,
        audience: options.extensionId,
        requiredClaims: ["jti", "exp", "nbf", "iat"],
        clockTolerance: 30, // seconds of clock difference between Porta and this server
      }));
    } catch (error) {
      return reject(`invalid token: ${(error as Error).message}`);
    }
    const now = Math.floor(Date.now() / 1000);
    for (const [jti, exp] of seen) if (exp < now) seen.delete(jti);
    if (seen.has(payload.jti!)) return reject("replayed token (jti already seen)");
    seen.set(payload.jti!, payload.exp!);

    let event: WebhookEvent;
    try {
      event = JSON.parse(await readBody(req)) as WebhookEvent;
    } catch {
      return send(res, 400, { error: "body is not JSON" });
    }
    if (event.event !== "post-auth-event-1.0" && event.event !== "post-auth-resume-event-1.0") return send(res, 400, { error: "unknown event" });
    events.push(event);
    if (event.event === "post-auth-event-1.0" && typeof event.resumeUrl === "string") {
      pruneResumable();
      resumable.set(event.resumeUrl, Date.now() + 15 * 60 * 1000);
    }
    const reply = await options.decide(event, { origin });
    if (reply.status === 204) return send(res, 204);
    if (reply.status === 303) return send(res, 303, undefined, { Location: reply.location });
    return send(res, 200, reply.body);
  };

  // An error in a handler (a bad body, a throwing decide) answers 500 instead of an unhandled rejection.
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: "receiver error" });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    events,
    rejections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The demo behaviour: ask the user on the receiver's page, then record the answer as a claim. */
export function redirectAndResume(event: WebhookEvent, receiver: { origin: string }): Reply {
  if (event.event === "post-auth-event-1.0") {
    return { status: 303, location: `${receiver.origin}/confirm?resume=${encodeURIComponent(event.resumeUrl)}` };
  }
  const accepted = new URL(event.resumeRequest.url).searchParams.get("accepted") === "true";
  if (!accepted) return { status: 200, body: { abort: { error_description: "The user did not accept the terms" } } };
  return { status: 200, body: { claimsOperations: { $set: { "https://example.com/claims/terms-accepted": true } } } };
}
