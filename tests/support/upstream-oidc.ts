/**
 * An upstream eID broker for tests: node-oidc-provider on loopback, as a MitID broker would run
 * it (code flow, PKCE, PAR, RS256 ID tokens carrying identity claims, acr values), with Porta as
 * its registered client. A small front proxy can alter the ID token in token responses (re-signed
 * with the provider's own key or a foreign one) to play a broken or hostile provider, and can be
 * made slow or stopped.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from "jose";
import Provider from "oidc-provider";
import type { ConnectionInput } from "../../lib/eid/connections/service";
import { oidcConnection } from "./oidc-connection";

const MITID_SUBSTANTIAL = "urn:grn:authn:dk:mitid:substantial";

export const BROKER_ACR_SUBSTANTIAL = "https://broker.example/acr/mitid-substantial";
export const BROKER_ACR_LOW = "https://broker.example/acr/mitid-low";

/** Identity claims of the broker's people (MitID as a broker typically sends it). */
export const BROKER_PEOPLE: Record<string, Record<string, unknown>> = {
  "person-1": {
    name: "Karen Nielsen",
    given_name: "Karen",
    family_name: "Nielsen",
    birthdate: "1985-07-01",
    "dk.cpr": "0107852344",
    "dk.mitid.uuid": "6b0f0a8e-3c57-4f8e-9a56-1f0c6f7e2a11",
  },
  "person-2": {
    name: "Jens Hansen",
    given_name: "Jens",
    family_name: "Hansen",
    birthdate: "1970-02-14",
    "dk.cpr": "1402701237",
    "dk.mitid.uuid": "0c9a3f55-91d2-4b8b-8d6c-2a4e7d5b6c90",
  },
};

export type NextLogin = { accountId: string; acr?: string } | { error: string; description?: string };

/** Changes the ID token of the next token responses: new claims, and which key signs it. */
export interface Tamper {
  claims?: (claims: JWTPayload) => JWTPayload;
  signWith?: "provider" | "foreign";
}

export interface UpstreamBroker {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the next interaction does: log a person in (with an acr), or answer an error. */
  nextLogin: NextLogin;
  tamper: Tamper | undefined;
  /** Delay before the broker's answers on paths starting with `path`. */
  delay: { path: string; ms: number } | undefined;
  /** Requests seen by path (e.g. "/request" for PAR, "/token"). */
  seen: string[];
  /** The authorization parameters of each login the broker ran (pushed ones included), in order. */
  authorizations: Record<string, unknown>[];
  close(): Promise<void>;
}

export interface BrokerOptions {
  /** Porta's issuer: the client's redirect URI is `<portaIssuer>/login/callback`. */
  portaIssuer: string;
  clientAuth?: "client_secret_basic" | "client_secret_post" | "private_key_jwt";
  /** Porta's public JWKS for private_key_jwt. */
  clientJwks?: { keys: JWK[] };
  par?: boolean;
  /** Put identity claims in the ID token (true) or only at userinfo (false). */
  claimsInIdToken?: boolean;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startUpstreamBroker(options: BrokerOptions): Promise<UpstreamBroker> {
  const front = createServer();
  const frontPort = await listen(front);
  const issuer = `http://127.0.0.1:${frontPort}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const providerJwk: JWK = { ...(await exportJWK(privateKey)), kid: "broker-1", alg: "RS256", use: "sig" };
  const foreign = (await generateKeyPair("RS256")).privateKey;
  const clientAuth = options.clientAuth ?? "client_secret_basic";
  const clientSecret = "broker-client-secret-0123456789abcdef0123456789";
  const claimsInIdToken = options.claimsInIdToken ?? true;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "porta",
        ...(clientAuth === "private_key_jwt" ? { jwks: options.clientJwks ?? { keys: [] } } : { client_secret: clientSecret }),
        token_endpoint_auth_method: clientAuth,
        redirect_uris: [`${options.portaIssuer}/login/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [providerJwk] },
    acrValues: [BROKER_ACR_LOW, BROKER_ACR_SUBSTANTIAL],
    scopes: ["openid", "profile", "ssn"],
    claims: { openid: ["sub"], profile: ["name", "given_name", "family_name", "birthdate"], ssn: ["dk.cpr", "dk.mitid.uuid"], acr: null },
    conformIdTokenClaims: !claimsInIdToken,
    features: { devInteractions: { enabled: false }, pushedAuthorizationRequests: { enabled: options.par ?? true } },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...(BROKER_PEOPLE[sub] ?? {}) }) }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600, PushedAuthorizationRequest: 60 },
  });
  const callback = provider.callback();

  const broker: UpstreamBroker = {
    issuer,
    clientId: "porta",
    clientSecret,
    nextLogin: { accountId: "person-1", acr: BROKER_ACR_SUBSTANTIAL },
    tamper: undefined,
    delay: undefined,
    seen: [],
    authorizations: [],
    close: async () => {
      front.closeAllConnections();
      inner.closeAllConnections();
      await Promise.all([new Promise((r) => front.close(r)), new Promise((r) => inner.close(r))]);
    },
  };

  // The provider itself, behind the front proxy.
  const inner = createServer((req, res) => {
    void (async () => {
      if (req.url?.startsWith("/interaction/")) {
        const details = await provider.interactionDetails(req, res);
        broker.authorizations.push({ ...details.params });
        const next = broker.nextLogin;
        if ("error" in next) {
          await provider.interactionFinished(req, res, { error: next.error, error_description: next.description }, { mergeWithLastSubmission: false });
          return;
        }
        const grant = new provider.Grant({ accountId: next.accountId, clientId: details.params.client_id as string });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: next.accountId, acr: next.acr }, consent: { grantId } }, { mergeWithLastSubmission: false });
        return;
      }
      await callback(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  const innerPort = await listen(inner);

  async function tampered(body: Buffer): Promise<Buffer> {
    const tamper = broker.tamper;
    if (!tamper) return body;
    const json = JSON.parse(body.toString("utf8")) as { id_token?: string };
    if (!json.id_token) return body;
    const claims = tamper.claims ? tamper.claims(decodeJwt(json.id_token)) : decodeJwt(json.id_token);
    const key = tamper.signWith === "foreign" ? foreign : await importJWK(providerJwk, "RS256");
    json.id_token = await new SignJWT(claims).setProtectedHeader({ ...decodeProtectedHeader(json.id_token), alg: "RS256", kid: "broker-1" }).sign(key);
    return Buffer.from(JSON.stringify(json));
  }

  front.on("request", (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      broker.seen.push(new URL(req.url ?? "/", issuer).pathname);
      const body = await readBody(req);
      const delay = broker.delay;
      if (delay && req.url?.startsWith(delay.path)) await new Promise((r) => setTimeout(r, delay.ms));
      const proxied = httpRequest({ host: "127.0.0.1", port: innerPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        void (async () => {
          let payload = await readBody(answer);
          const headers = { ...answer.headers };
          if (req.url?.startsWith("/token") && answer.statusCode === 200) {
            payload = await tampered(payload);
            headers["content-length"] = String(payload.length);
          }
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(payload);
        })();
      });
      proxied.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      proxied.end(body);
    })();
  });
  return broker;
}

/**
 * A MitID connection to `broker` as a production tenant saves it: client_secret_basic, the
 * broker's substantial acr for MitID substantial, the CPR number and MitID UUID mapped, the UUID
 * as the person's key. `settings` replace single settings.
 */
export function brokerConnection(broker: UpstreamBroker, settings: Record<string, unknown> = {}, secrets?: Record<string, string>): ConnectionInput {
  return oidcConnection(
    "dk-mitid",
    broker,
    {
      scopes: "openid profile ssn",
      acrValues: { [MITID_SUBSTANTIAL]: BROKER_ACR_SUBSTANTIAL },
      claimMapping: { cprNumberIdentifier: "dk.cpr", uuid: "dk.mitid.uuid" },
      personKeyClaim: "dk.mitid.uuid",
      timeoutMs: 2000,
      ...settings,
    },
    secrets,
  );
}
