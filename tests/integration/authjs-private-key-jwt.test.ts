/**
 * Auth.js (`@auth/core`, the library behind next-auth) as a relying party with private_key_jwt: a
 * whole sign-in through its own request handler, against Porta on loopback. Auth.js sends its
 * client assertion with `aud: [issuer, token endpoint]`, which Porta accepts because the array
 * holds the issuer and otherwise only Porta's own endpoint URLs (README, "private_key_jwt").
 */
import { Auth, type AuthConfig } from "@auth/core";
import { exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/browser";
import { recordClientAuthFailures, type ClientAuthFailureLog } from "../support/client-auth-log";
import { registerClient, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

const MOCK = "urn:grn:authn:mock";
/** The relying party's origin: Auth.js runs here in the test's process, reached only through `Auth()`. */
const RP = "https://rp.example";
const CALLBACK = `${RP}/auth/callback/porta`;

let porta: TestPorta;
let authLog: ClientAuthFailureLog;
/** The relying party as registered at Porta, and the key Auth.js signs its assertions with. */
let rp: { client: RegisteredClient; privateKey: CryptoKey };

/** Registers Auth.js's application: private_key_jwt with a new RS256 key, its callback as redirect_uri. */
async function registerAuthJs(): Promise<typeof rp> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "authjs-1", alg: "RS256", use: "sig" };
  const client = await registerClient(porta, { token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [jwk] }, redirect_uris: [CALLBACK] });
  return { client, privateKey };
}

beforeAll(async () => {
  porta = await startTestPorta();
  authLog = recordClientAuthFailures();
  rp = await registerAuthJs();
});

afterAll(async () => {
  await porta.close();
  authLog.stop();
});

function authConfig(): AuthConfig {
  return {
    basePath: "/auth",
    secret: "a-test-secret-of-at-least-thirty-two-characters",
    trustHost: true,
    session: { strategy: "jwt" },
    providers: [
      {
        id: "porta",
        name: "Porta",
        type: "oidc",
        issuer: porta.issuer,
        clientId: rp.client.client_id,
        client: { token_endpoint_auth_method: "private_key_jwt" },
        token: { clientPrivateKey: rp.privateKey },
        checks: ["pkce", "state"],
        authorization: { params: { scope: "openid", acr_values: MOCK } },
      },
    ],
  };
}

/** The cookies a response sets, as `name=value` pairs for the next request's Cookie header. */
function setCookies(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

describe("Auth.js signs in through Porta with private_key_jwt", () => {
  it("from its sign-in button to a session: the token request with aud = [issuer, token endpoint] is accepted", async () => {
    const jar = new Map<string, string>();
    const csrf = await Auth(new Request(`${RP}/auth/csrf`), authConfig());
    setCookies(csrf, jar);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };

    const signIn = await Auth(
      new Request(`${RP}/auth/signin/porta`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
        body: new URLSearchParams({ csrfToken, callbackUrl: `${RP}/account` }).toString(),
      }),
      authConfig(),
    );
    setCookies(signIn, jar);
    const authorizeUrl = new URL(signIn.headers.get("location") ?? "");
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${porta.issuer}/oauth2/authorize`);

    // The mock eID answers at once: Porta sends the browser back to Auth.js's callback.
    const hop = await new TestBrowser(porta.issuer).get(`${authorizeUrl.pathname}${authorizeUrl.search}`);
    expect(hop.status, hop.text.slice(0, 300)).toBe(303);
    expect(hop.location).toMatch(new RegExp(`^${CALLBACK}\\?`));

    const callback = await Auth(new Request(hop.location!, { headers: { cookie: cookieHeader(jar) } }), authConfig());
    setCookies(callback, jar);
    expect(callback.headers.get("location")).toBe(`${RP}/account`);
    expect([...jar.keys()].some((name) => name.endsWith("authjs.session-token"))).toBe(true);
    expect(authLog.takeNew()).toEqual([]);
  });
});
