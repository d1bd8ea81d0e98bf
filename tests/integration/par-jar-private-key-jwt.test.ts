/**
 * PAR (RFC 9126), JAR (RFC 9101) and private_key_jwt (RFC 7523) driven by openid-client 6's own
 * helpers, end to end; and encrypted ID tokens and userinfo (JWE to the client's "enc" key).
 */
import { compactDecrypt, decodeJwt, exportJWK, generateKeyPair, type CryptoKey } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginId, TestBrowser } from "../support/browser";
import { registerClient, RP_CALLBACK, type RegisteredClient } from "../support/clients";
import { startTestPorta, type TestPorta } from "../support/test-server";

let porta: TestPorta;
let signingKey: CryptoKey;
let encryptionKey: CryptoKey;
let rp: RegisteredClient;
let config: oidc.Configuration;

beforeAll(async () => {
  porta = await startTestPorta();
  const sig = await generateKeyPair("RS256", { extractable: true });
  const enc = await generateKeyPair("RSA-OAEP-256", { extractable: true });
  signingKey = sig.privateKey;
  encryptionKey = enc.privateKey;
  rp = await registerClient(porta, {
    token_endpoint_auth_method: "private_key_jwt",
    jwks: {
      keys: [
        { ...(await exportJWK(sig.publicKey)), kid: "sig-1", use: "sig", alg: "RS256" },
        { ...(await exportJWK(enc.publicKey)), kid: "enc-1", use: "enc", alg: "RSA-OAEP-256" },
      ],
    },
  });
  config = await oidc.discovery(new URL(porta.issuer), rp.client_id, undefined, oidc.PrivateKeyJwt({ key: signingKey, kid: "sig-1" }), {
    execute: [oidc.allowInsecureRequests],
  });
});

afterAll(async () => {
  await porta.close();
});

async function finish(url: URL, identity = "mitid-1"): Promise<URL> {
  const browser = new TestBrowser(porta.issuer);
  const start = await browser.get(url.toString());
  expect(start.status, start.text).toBe(303);
  const done = await browser.post(`/login/${loginId(start.location)}/authenticate`, { identity, decision: "approve" });
  expect(done.status).toBe(303);
  return new URL(done.location!);
}

describe("openid-client 6", () => {
  it("PAR + private_key_jwt: pushes, logs in with only client_id and request_uri, redeems", async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const url = await oidc.buildAuthorizationUrlWithPAR(config, {
      redirect_uri: RP_CALLBACK,
      scope: "openid ssn",
      acr_values: "urn:grn:authn:dk:mitid:substantial",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      nonce,
    });
    expect([...url.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);
    expect(url.searchParams.get("request_uri")).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const tokens = await oidc.authorizationCodeGrant(config, await finish(url), { pkceCodeVerifier: verifier, expectedNonce: nonce, idTokenExpected: true });
    expect(tokens.claims()!.cprNumberIdentifier).toBe("1406851237");
  });

  it("JAR: a signed request object carries the parameters", async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = await oidc.buildAuthorizationUrlWithJAR(
      config,
      {
        redirect_uri: RP_CALLBACK,
        scope: "openid",
        acr_values: "urn:grn:authn:se:bankid",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
      },
      { key: signingKey, kid: "sig-1" },
    );
    expect(url.searchParams.get("request")).toBeTruthy();
    const tokens = await oidc.authorizationCodeGrant(config, await finish(url, "se-bankid-1"), { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()!.acr).toBe("urn:grn:authn:se:bankid");
  });
});

describe("encrypted responses", () => {
  it("ID token and userinfo as JWE (RSA-OAEP-256, A256GCM) to the client's enc key, signed inside", async () => {
    const encrypted = await registerClient(porta, {
      token_endpoint_auth_method: "private_key_jwt",
      jwks: rp.jwks,
      id_token_encrypted_response_alg: "RSA-OAEP-256",
      id_token_encrypted_response_enc: "A256GCM",
      userinfo_signed_response_alg: "RS256",
      userinfo_encrypted_response_alg: "RSA-OAEP-256",
    });
    const encConfig = await oidc.discovery(new URL(porta.issuer), encrypted.client_id, undefined, oidc.PrivateKeyJwt({ key: signingKey, kid: "sig-1" }), {
      execute: [oidc.allowInsecureRequests, (c) => oidc.enableDecryptingResponses(c, undefined, { key: encryptionKey, kid: "enc-1" })],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(encConfig, {
      redirect_uri: RP_CALLBACK,
      scope: "openid ssn",
      acr_values: "urn:grn:authn:no:bankid",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const tokens = await oidc.authorizationCodeGrant(encConfig, await finish(url, "no-bankid-2"), { pkceCodeVerifier: verifier });
    expect(tokens.id_token!.split(".")).toHaveLength(5); // compact JWE
    const { protectedHeader, plaintext } = await compactDecrypt(tokens.id_token!, encryptionKey);
    expect(protectedHeader).toMatchObject({ alg: "RSA-OAEP-256", enc: "A256GCM", cty: "JWT", kid: "enc-1" });
    expect(decodeJwt(new TextDecoder().decode(plaintext)).socialno).toBe("05106334570");
    expect(tokens.claims()!.socialno).toBe("05106334570");
    const info = await oidc.fetchUserInfo(encConfig, tokens.access_token, tokens.claims()!.sub);
    expect(info.socialno).toBe("05106334570");
  });
});
