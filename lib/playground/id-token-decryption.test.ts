import { CompactEncrypt, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { openIdToken, type ExpectedEncryption } from "./id-token-decryption";
import { generatePlaygroundKey, PLAYGROUND_KEY_ALG, PLAYGROUND_KID_PREFIX, type NewPlaygroundKey } from "./playground-key";

let playgroundKey: NewPlaygroundKey;
let expected: ExpectedEncryption;
let signed: string;

async function encryptTo(jwk: JWK, alg = PLAYGROUND_KEY_ALG, enc = "A256GCM"): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(signed))
    .setProtectedHeader({ alg, enc, cty: "JWT", ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .encrypt(await importJWK(jwk, alg));
}

beforeAll(async () => {
  playgroundKey = await generatePlaygroundKey();
  expected = { alg: PLAYGROUND_KEY_ALG, enc: "A256GCM", kid: playgroundKey.kid, key: (await importJWK(playgroundKey.privateJwk, PLAYGROUND_KEY_ALG)) as CryptoKey };
  const signing = await generateKeyPair("RS256");
  signed = await new SignJWT({ acr: "urn:grn:authn:fi:bank-id" }).setProtectedHeader({ alg: "RS256" }).setIssuer("https://porta.example").sign(signing.privateKey);
});

describe("the playground's key", () => {
  it("registers a public RSA key for encryption only, named by its thumbprint", () => {
    const { publicJwk, kid } = playgroundKey;
    expect(publicJwk).toEqual({ kty: "RSA", n: expect.any(String), e: "AQAB", kid, use: "enc", alg: "RSA-OAEP-256" });
    expect(kid.startsWith(PLAYGROUND_KID_PREFIX)).toBe(true);
    expect(playgroundKey.privateJwk.d).toBeTruthy();
  });
});

describe("opening an ID token (nested JWT)", () => {
  it("an ID token encrypted to the registered key opens to the signed token, with its JWE header", async () => {
    const opened = await openIdToken(await encryptTo(playgroundKey.publicJwk), expected);
    expect(opened.jws).toBe(signed);
    expect(opened.encryption).toEqual({ alg: "RSA-OAEP-256", enc: "A256GCM", cty: "JWT", kid: playgroundKey.kid });
  });

  it("an unencrypted ID token when encryption was registered → refused", async () => {
    await expect(openIdToken(signed, expected)).rejects.toThrow("The ID token is not encrypted, though the application registered id_token_encrypted_response_alg RSA-OAEP-256");
  });

  it("an encrypted ID token when no encryption was registered → refused", async () => {
    await expect(openIdToken(await encryptTo(playgroundKey.publicJwk), undefined)).rejects.toThrow("The ID token is encrypted, but the application registered no id_token_encrypted_response_alg");
  });

  it("an unencrypted ID token without registered encryption passes as it is", async () => {
    expect(await openIdToken(signed, undefined)).toEqual({ jws: signed, encryption: undefined });
  });

  it("a JWE to another key, or with an algorithm the application did not register → refused", async () => {
    const stranger = await generatePlaygroundKey();
    await expect(openIdToken(await encryptTo(stranger.publicJwk), expected)).rejects.toThrow(/does not open with the playground's key/);
    const { alg: _alg, ...anyRsaAlg } = playgroundKey.publicJwk;
    await expect(openIdToken(await encryptTo(anyRsaAlg, "RSA-OAEP"), expected)).rejects.toThrow(/does not open with the playground's key/);
    await expect(openIdToken(await encryptTo(playgroundKey.publicJwk, PLAYGROUND_KEY_ALG, "A128GCM"), expected)).rejects.toThrow(/does not open with the playground's key/);
  });
});
