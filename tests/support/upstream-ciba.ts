/**
 * An upstream eID provider with CIBA for tests: node-oidc-provider on loopback with its `ciba`
 * feature in poll mode, as a Norwegian BankID broker could run it, and Porta registered as its
 * CIBA client. The test plays the person's device: it approves (with an acr) or declines the
 * latest backchannel request. `ciba: false` runs the same provider without CIBA.
 *
 * To play a failing provider the test can script what the next requests to an endpoint get
 * instead of the provider's answer (an HTTP answer, or silence until the caller gives up), name
 * an `interval` in the backchannel answers, and shorten how long backchannel requests live.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { errors } from "oidc-provider";

export const CIBA_BROKER_ACR = "https://broker.example/acr/nobankid-high";

/** The provider's people, found by their fødselsnummer in the login_hint. */
export const CIBA_BROKER_PEOPLE: Record<string, Record<string, unknown>> = {
  "nb-person-1": { name: "Ingrid Hansen", given_name: "Ingrid", family_name: "Hansen", birthdate: "1987-04-22", "no.nnin": "22048712359" },
  "nb-person-2": { name: "Magnus Berg", given_name: "Magnus", family_name: "Berg", birthdate: "1963-10-05", "no.nnin": "05106334570" },
};

export interface BackchannelRequestSeen {
  id: string;
  accountId: string;
  params: Record<string, unknown>;
}

/** What a scripted request gets instead of the provider's answer; `silent` never answers. */
export type ScriptedAnswer = { status: number; body: string; contentType?: string } | "silent";

export interface CibaBroker {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The backchannel authentication requests received, in order. */
  requests: BackchannelRequestSeen[];
  /** Token requests seen (CIBA grant polls), scripted ones included. */
  tokenRequests: number;
  /** When each token request arrived (ms since the epoch), in order. */
  tokenRequestTimes: number[];
  /** The `interval` the backchannel answers name (none: the provider's default, no interval). */
  interval: number | undefined;
  /** How long a new backchannel request lives, in seconds. */
  requestTtlS: number;
  /** Answers the next requests to paths starting with `path` get, one each, in order. */
  script(path: string, ...answers: ScriptedAnswer[]): void;
  /** Resolves once the next token request has been answered (or dropped). */
  tokenAnswered(): Promise<void>;
  /** Back to the provider's own behaviour: no scripts, no interval, requests living 300 s. */
  reset(): void;
  /** The person approves the latest request on their device. */
  approve(acr?: string): Promise<void>;
  /** The person declines the latest request. */
  decline(): Promise<void>;
  close(): Promise<void>;
}

export async function startCibaBroker(options: { ciba?: boolean } = {}): Promise<CibaBroker> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const providerJwk: JWK = { ...(await exportJWK(privateKey)), kid: "ciba-broker-1", alg: "RS256", use: "sig" };
  const clientSecret = "ciba-broker-client-secret-0123456789abcdef0123";
  const withCiba = options.ciba ?? true;
  const requests: BackchannelRequestSeen[] = [];
  const scripts: { path: string; answers: ScriptedAnswer[] }[] = [];
  const tokenWaiters: (() => void)[] = [];

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "porta",
        client_secret: clientSecret,
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: withCiba ? ["urn:openid:params:grant-type:ciba"] : ["authorization_code"],
        response_types: withCiba ? [] : ["code"],
        redirect_uris: withCiba ? [] : ["https://porta.example/login/callback"],
        ...(withCiba ? { backchannel_token_delivery_mode: "poll" } : {}),
      },
    ],
    jwks: { keys: [providerJwk] },
    acrValues: [CIBA_BROKER_ACR],
    scopes: ["openid", "profile", "nnin"],
    claims: { openid: ["sub"], profile: ["name", "given_name", "family_name", "birthdate"], nnin: ["no.nnin"], acr: null },
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      ciba: {
        enabled: withCiba,
        deliveryModes: ["poll"],
        processLoginHint: (_ctx, loginHint) => {
          const found = Object.entries(CIBA_BROKER_PEOPLE).find(([, person]) => person["no.nnin"] === loginHint);
          if (!found) throw new errors.UnknownUserId("no such person");
          return found[0];
        },
        validateBindingMessage: () => undefined,
        validateRequestContext: () => undefined,
        verifyUserCode: () => undefined,
        triggerAuthenticationDevice: (_ctx, request, account) => {
          requests.push({ id: request.jti, accountId: account.accountId, params: { ...request.params } });
          return Promise.resolve();
        },
      },
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...(CIBA_BROKER_PEOPLE[sub] ?? {}) }) }),
    ttl: { AccessToken: 300, IdToken: 600, Grant: 600, BackchannelAuthenticationRequest: () => broker.requestTtlS },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.path === "/backchannel" && ctx.status === 200 && body?.auth_req_id && broker.interval !== undefined) body.interval = broker.interval;
  });
  const callback = provider.callback();

  const broker: CibaBroker = {
    issuer,
    clientId: "porta",
    clientSecret,
    requests,
    tokenRequests: 0,
    tokenRequestTimes: [],
    interval: undefined,
    requestTtlS: 300,
    script(path, ...answers) {
      scripts.push({ path, answers });
    },
    tokenAnswered: () => new Promise<void>((resolve) => tokenWaiters.push(resolve)),
    reset() {
      scripts.length = 0;
      broker.interval = undefined;
      broker.requestTtlS = 300;
    },
    async approve(acr = CIBA_BROKER_ACR) {
      const seen = requests.at(-1);
      if (!seen) throw new Error("no backchannel request to approve");
      const request = await provider.BackchannelAuthenticationRequest.find(seen.id);
      if (!request) throw new Error("the backchannel request is gone");
      const grant = new provider.Grant({ accountId: seen.accountId, clientId: request.clientId });
      grant.addOIDCScope(String(request.scope));
      await grant.save();
      await provider.backchannelResult(request, grant, { acr, authTime: Math.floor(Date.now() / 1000) });
    },
    async decline() {
      const seen = requests.at(-1);
      if (!seen) throw new Error("no backchannel request to decline");
      await provider.backchannelResult(seen.id, new errors.AccessDenied("the person declined"));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  server.on("request", (req, res) => {
    if (req.url?.startsWith("/token")) {
      broker.tokenRequests += 1;
      broker.tokenRequestTimes.push(Date.now());
      res.on("close", () => tokenWaiters.splice(0).forEach((resolve) => resolve()));
    }
    const script = scripts.find((s) => req.url?.startsWith(s.path) && s.answers.length > 0);
    const scripted = script?.answers.shift();
    if (scripted === "silent") return; // the caller's time limit ends the exchange
    if (scripted) {
      req.resume();
      res.writeHead(scripted.status, { "Content-Type": scripted.contentType ?? "application/json" }).end(scripted.body);
      return;
    }
    void callback(req, res);
  });
  return broker;
}
