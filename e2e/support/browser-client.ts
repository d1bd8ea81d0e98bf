/**
 * A browser-only OpenID Connect client for end-to-end tests: a page on its own loopback origin
 * that talks to Porta from the browser with oauth4webapi (served from node_modules as an ES
 * module, no bundler): discovery, PAR with PKCE as a public client, the redirect to Porta, and on
 * its callback the code exchange, ID token validation (claims and signature) and userinfo.
 * Each step crosses origins, so only Porta's CORS answers let the page read them.
 * The page shows its progress in data-testid hooks. No traffic leaves 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface BrowserClientSettings {
  issuer: string;
  clientId: string;
  /** Where Porta sends the browser back; the registered redirect URI (defaults to this origin's /cb). */
  redirectUri?: string;
  scope: string;
  acr: string;
}

export interface BrowserClient {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** `${origin}/cb` */
  callback: string;
  configure(settings: BrowserClientSettings): void;
  close(): Promise<void>;
}

const OAUTH4WEBAPI = readFileSync(path.join(process.cwd(), "node_modules/oauth4webapi/build/index.js"), "utf8");

/** The page's whole program: `/` starts a login, `/cb` finishes it. */
const APP = `import * as oauth from "/oauth4webapi.js";

const config = JSON.parse(document.getElementById("config").textContent);
const hook = (id) => document.querySelector('[data-testid="' + id + '"]');
let step = "start";
const at = (name) => { step = name; hook("step").textContent = name; };
// Porta's test server speaks plain http on loopback.
const options = { [oauth.allowInsecureRequests]: true };
const client = { client_id: config.clientId };
const authentication = oauth.None();

async function discover() {
  at("discovery");
  const issuer = new URL(config.issuer);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
}

async function start() {
  const as = await discover();
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  sessionStorage.setItem("login", JSON.stringify({ verifier, state, nonce }));
  at("par");
  const parameters = {
    redirect_uri: config.redirectUri, response_type: "code", scope: config.scope, acr_values: config.acr, state, nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256",
  };
  const pushed = await oauth.processPushedAuthorizationResponse(as, client, await oauth.pushedAuthorizationRequest(as, client, authentication, parameters, options));
  at("authorize");
  const authorize = new URL(as.authorization_endpoint);
  authorize.searchParams.set("client_id", client.client_id);
  authorize.searchParams.set("request_uri", pushed.request_uri);
  location.assign(authorize.href);
}

async function finish() {
  const as = await discover();
  const { verifier, state, nonce } = JSON.parse(sessionStorage.getItem("login"));
  sessionStorage.removeItem("login");
  at("callback");
  const callback = oauth.validateAuthResponse(as, client, new URL(location.href), state);
  at("token");
  const response = await oauth.authorizationCodeGrantRequest(as, client, authentication, callback, config.redirectUri, verifier, options);
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
  at("id-token");
  await oauth.validateApplicationLevelSignature(as, response, options);
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  hook("id-token").textContent = JSON.stringify(claims);
  at("userinfo");
  const userinfo = await oauth.processUserInfoResponse(as, client, claims.sub, await oauth.userInfoRequest(as, client, tokens.access_token, options));
  hook("userinfo").textContent = JSON.stringify(userinfo);
  at("done");
}

const fail = (error) => { hook("error").textContent = step + ": " + error.name + ": " + error.message; };
if (location.pathname === "/cb") finish().catch(fail);
else {
  hook("start").addEventListener("click", () => start().catch(fail));
  hook("start").disabled = false;
}
`;

function page(settings: BrowserClientSettings & { redirectUri: string }): string {
  const config = JSON.stringify(settings).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Browser client</title>
<script type="application/json" id="config">${config}</script>
<h1>Browser client</h1>
<button type="button" data-testid="start" disabled>Log in with Porta</button>
<p>Step: <span data-testid="step"></span></p>
<p>Error: <span data-testid="error"></span></p>
<pre data-testid="id-token"></pre>
<pre data-testid="userinfo"></pre>
<script type="module" src="/app.js"></script>
</html>`;
}

export async function startBrowserClient(): Promise<BrowserClient> {
  let settings: (BrowserClientSettings & { redirectUri: string }) | undefined;
  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET") return void res.writeHead(405).end();
    if ((pathname === "/" || pathname === "/cb") && settings) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(page(settings));
    } else if (pathname === "/app.js") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" }).end(APP);
    } else if (pathname === "/oauth4webapi.js") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" }).end(OAUTH4WEBAPI);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    callback: `${origin}/cb`,
    configure(next) {
      settings = { ...next, redirectUri: next.redirectUri ?? `${origin}/cb` };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
