/**
 * The playground's HTTP endpoints (Request → Response), routes of the routing table
 * (lib/endpoints/protocol-routes.ts, in the browser channel); its pages are Next pages (app/playground).
 * GET /playground/start      build the request, keep its state, send the browser to authorize
 * GET|POST /playground/callback   receive the response (query, form_post, or the fragment relayed by a small page)
 */
import { createHash } from "node:crypto";
import { escapeHtml, htmlPage } from "../http/html";
import { pathOf } from "../http/protocol-paths";
import { readCappedText } from "../http/read-body";
import { OAuthError } from "../oauth/errors";
import { seeOther } from "../http/see-other";
import { logger } from "../log";
import { resolveIssuerContext, withIssuerContext } from "../tenants/issuer-context";
import { findPlaygroundClient, type PlaygroundClient } from "./playground-app";
import { beginLogin, completeLogin, ZPlaygroundRequestSchema, type PendingLogin } from "./relying-party";
import type { PlaygroundResult } from "./relying-party";
import { MAX_SEALED_BYTES, PLAYGROUND_RESULT_COOKIE, PLAYGROUND_STATE_COOKIE, playgroundCookie, readPlaygroundCookie, seal, unseal } from "./session";

/** The playground on a host that serves no issuer, or whose tenant has not turned it on. */
function notHere(): Response {
  return htmlPage({
    title: "Playground",
    status: 404,
    body: "<h1>No playground here</h1><p>The playground is not turned on for this domain. An owner of its tenant turns it on in the dashboard (Domains).</p>",
  });
}

/**
 * Runs a playground endpoint for the request's Host (each tenant domain is its own issuer):
 * PUBLIC_URL with the demo application, a tenant domain with that tenant's playground application.
 */
async function onRequestHost(request: Request, handle: (rp: PlaygroundClient) => Promise<Response>): Promise<Response> {
  const context = await resolveIssuerContext(request.headers.get("host") ?? new URL(request.url).host);
  if (!context) return notHere();
  return withIssuerContext(context, async () => {
    const rp = await findPlaygroundClient(context.kind === "tenant" ? context.tenantId : undefined);
    return rp ? handle(rp) : notHere();
  });
}

/** The playground's relying party on a Host (the playground page), or null when there is none. */
export async function playgroundForHost(host: string | null): Promise<PlaygroundClient | null> {
  const context = await resolveIssuerContext(host);
  if (!context) return null;
  return withIssuerContext(context, () => findPlaygroundClient(context.kind === "tenant" ? context.tenantId : undefined));
}

export function startPlayground(request: Request): Promise<Response> {
  return onRequestHost(request, (rp) => start(request, rp));
}

export function playgroundCallback(request: Request): Promise<Response> {
  return onRequestHost(request, (rp) => callback(request, rp));
}

async function start(request: Request, rp: PlaygroundClient): Promise<Response> {
  const q = new URL(request.url).searchParams;
  const parsed = ZPlaygroundRequestSchema.safeParse({
    acr_values: q.getAll("acr_values"),
    scopes: q.getAll("scopes"),
    login_hint: q.get("login_hint") || undefined,
    prompt: q.get("prompt") ?? "",
    response_type: q.get("response_type") ?? "code",
    response_mode: q.get("response_mode") ?? "",
    pkce: q.get("pkce") === "on",
    max_age: q.get("max_age") ?? "",
    ui_locales: q.get("ui_locales") ?? "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return htmlPage({ title: "Playground", status: 400, body: `<h1>Invalid playground input</h1><p>${issue?.path.join(".")}: ${issue?.message}</p><p><a class="button" href="${pathOf("playgroundPage")}">Back</a></p>` });
  }
  const { url, pending } = await beginLogin(rp, parsed.data);
  return seeOther(url, { "Set-Cookie": playgroundCookie(PLAYGROUND_STATE_COOKIE, seal(pending, "state"), 900) });
}

/** A page that relays the URL fragment (not sent to servers) to this endpoint as a form post. */
function fragmentRelay(): Response {
  const script =
    "var p=new URLSearchParams(location.hash.slice(1));var f=document.forms[0];p.forEach(function(v,k){var i=document.createElement('input');i.type='hidden';i.name=k;i.value=v;f.appendChild(i)});history.replaceState(null,'',location.pathname);f.submit();";
  const hash = `sha256-${createHash("sha256").update(script).digest("base64")}`;
  return htmlPage({
    title: "Playground",
    scriptHash: hash,
    body: `<h1>Reading the response…</h1><form method="post" action="${pathOf("playgroundCallback")}"><input type="hidden" name="_relayed" value="fragment"></form><script>${script}</script>`,
  });
}

/** Seals the result for its cookie, leaving out the optional sections if it would not fit. */
function sealResult(result: PlaygroundResult): string {
  const full = seal(result, "result");
  if (full.length <= MAX_SEALED_BYTES) return full;
  const { userinfo: _u, tokenResponse: _t, idTokenHeader: _h, ...essential } = result;
  return seal({ ...essential, trimmed: true }, "result");
}

async function callback(request: Request, rp: PlaygroundClient): Promise<Response> {
  let parameters: URLSearchParams;
  if (request.method === "POST") {
    try {
      parameters = new URLSearchParams(await readCappedText(request));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return htmlPage({ title: "Playground", status: error.status, body: `<h1>Invalid playground input</h1><p>${escapeHtml(error.description)}</p><p><a class="button" href="${pathOf("playgroundPage")}">Back</a></p>` });
    }
    parameters.delete("_relayed");
  } else {
    parameters = new URL(request.url).searchParams;
    if ([...parameters.keys()].length === 0) return fragmentRelay();
  }
  const pending = unseal<PendingLogin>(readPlaygroundCookie(request, PLAYGROUND_STATE_COOKIE), "state");
  let result: PlaygroundResult;
  if (!pending) {
    result = { ok: false, error: "no_pending_login", errorDescription: "This browser has no playground login in progress (start one from the playground).", responseParameters: {} };
  } else {
    try {
      result = await completeLogin(rp, parameters, pending);
    } catch (error) {
      logger.warn({ err: error }, "playground login failed");
      result = { ok: false, error: "playground_error", errorDescription: (error as Error).message, responseParameters: {} };
    }
  }
  return seeOther(pathOf("playgroundResultPage"), {
    "Set-Cookie": [playgroundCookie(PLAYGROUND_STATE_COOKIE, "", 0), playgroundCookie(PLAYGROUND_RESULT_COOKIE, sealResult(result), 600)],
  });
}
