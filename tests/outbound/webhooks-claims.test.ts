/**
 * Successful webhook answers over HTTP (README, "Login webhooks"): 204, claims operations and
 * the older claims shape reach the ID token and userinfo; abort ends the login with access_denied.
 */
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { TestPorta } from "../support/test-server";
import {
  login,
  loginAndRedeem,
  reply,
  rpParams,
  useWebhookHarness,
} from "./webhook-support";

let porta: TestPorta;
const { webhook } = useWebhookHarness((started) => (porta = started));

const answer = (body: unknown) => (_req: unknown, res: ServerResponse) => reply.json(res, body);

/** Claims the token issuer adds; everything else in an ID token comes from the login's identity claims. */
const ID_TOKEN_PROTOCOL = ["iss", "sub", "aud", "exp", "iat", "nbf", "jti", "auth_time", "nonce", "acr", "amr", "azp", "sid", "at_hash", "c_hash"];
const withoutProtocol = (claims: Record<string, unknown>) => Object.fromEntries(Object.entries(claims).filter(([k]) => !ID_TOKEN_PROTOCOL.includes(k)));

describe("204", () => {
  it("continues unchanged; the event's user has the ID token's sub and exactly its identity claims (CPR with scope ssn)", async () => {
    const { server, client } = await webhook((_req, res) => reply.noContent(res));
    const result = await loginAndRedeem(porta, client, { scope: "openid ssn" });
    expect(server.requests).toHaveLength(1);
    const event = server.requests[0]!.body;
    expect(event).toMatchObject({ event: "post-auth-event-1.0", environment: "test" });
    expect(event.conversationId).toMatch(/^[0-9a-f]{32}$/);
    const user = event.user as Record<string, unknown>;
    expect(user.sub).toBe(result.idToken.sub);
    expect(user).toMatchObject({
      cprNumberIdentifier: "1406851237",
      uuid: "5f0c2a7e-3b1d-4c8e-9a62-1d7e4b9f0a31",
      given_name: "Peter",
      family_name: "Jensen",
      identityscheme: "dkmitid",
      authenticationtype: "urn:grn:authn:dk:mitid:substantial",
    });
    const { sub: _sub, ...identity } = user;
    expect(withoutProtocol(result.idToken)).toEqual(identity);
    expect(result.userinfo).toEqual({ ...identity, sub: result.idToken.sub });
  });

  it("without scope ssn the event carries no national id", async () => {
    const { server, client } = await webhook((_req, res) => reply.noContent(res));
    const result = await loginAndRedeem(porta, client, { scope: "openid" });
    const user = server.requests[0]!.body.user as Record<string, unknown>;
    expect(user).not.toHaveProperty("cprNumberIdentifier");
    expect(user.sub).toBe(result.idToken.sub);
  });
});

describe("200 with claims operations", () => {
  it("$set of namespaced (https and urn) and whitelisted claims reaches the ID token and userinfo", async () => {
    const { client } = await webhook(
      answer({
        claimsOperations: {
          $set: {
            "https://example.com/claims/role": "advisor",
            "urn:example:profile": { tier: "gold", tags: ["a", "b"] },
            email: "peter@example.com",
            name: "Peter J.",
          },
        },
      }),
      { claim_whitelist: ["email", "name"] },
    );
    const { idToken, userinfo } = await loginAndRedeem(porta, client);
    for (const claims of [idToken, userinfo]) {
      expect(claims["https://example.com/claims/role"]).toBe("advisor");
      expect(claims["urn:example:profile"]).toEqual({ tier: "gold", tags: ["a", "b"] });
      expect(claims.email).toBe("peter@example.com");
      expect(claims.name).toBe("Peter J.");
      expect(claims.given_name).toBe("Peter");
    }
  });

  it("$remove as an object removes its keys' claims", async () => {
    const { client } = await webhook(answer({ claimsOperations: { $remove: { given_name: true, birthdate: null } } }));
    const { idToken, userinfo } = await loginAndRedeem(porta, client, { scope: "openid birthdate" });
    for (const claims of [idToken, userinfo]) {
      expect(claims).not.toHaveProperty("given_name");
      expect(claims).not.toHaveProperty("birthdate");
      expect(claims.family_name).toBe("Jensen");
      expect(claims.dateofbirth).toBe("1985-06-14");
    }
  });

  it("$remove as an array removes the named claims; $set in the same answer applies too", async () => {
    const { client } = await webhook(answer({ claimsOperations: { $remove: ["birthdate", "dateofbirth", "age"], $set: { "https://example.com/claims/adult": true } } }));
    const { idToken, userinfo } = await loginAndRedeem(porta, client, { scope: "openid birthdate" });
    for (const claims of [idToken, userinfo]) {
      expect(claims).not.toHaveProperty("birthdate");
      expect(claims).not.toHaveProperty("dateofbirth");
      expect(claims).not.toHaveProperty("age");
      expect(claims["https://example.com/claims/adult"]).toBe(true);
      expect(claims.given_name).toBe("Peter");
    }
  });

  it('the older {"claims": {...}} shape is applied as $set', async () => {
    const { client } = await webhook(answer({ claims: { "https://example.com/claims/customer-number": "C-1001", email: "p@example.com" } }), { claim_whitelist: ["email"] });
    const { idToken, userinfo } = await loginAndRedeem(porta, client);
    for (const claims of [idToken, userinfo]) {
      expect(claims["https://example.com/claims/customer-number"]).toBe("C-1001");
      expect(claims.email).toBe("p@example.com");
    }
  });

  it("an application/json answer with a charset parameter is accepted", async () => {
    const { client } = await webhook((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify({ claimsOperations: { $set: { "urn:example:x": "æøå" } } }));
    });
    const { idToken } = await loginAndRedeem(porta, client);
    expect(idToken["urn:example:x"]).toBe("æøå");
  });

  it("the claims change only this application's login: another client without operations sees none", async () => {
    const { client } = await webhook(answer({ claimsOperations: { $set: { "https://example.com/claims/role": "advisor" } } }));
    const plain = await webhook((_req, res) => reply.noContent(res));
    expect((await loginAndRedeem(porta, client)).idToken["https://example.com/claims/role"]).toBe("advisor");
    expect((await loginAndRedeem(porta, plain.client)).idToken).not.toHaveProperty("https://example.com/claims/role");
  });
});

describe("abort", () => {
  it("ends the login at the RP with access_denied and the webhook's description, no code", async () => {
    const { client } = await webhook(answer({ abort: { error_description: "Your account is locked" } }));
    const result = await login(porta, client);
    expect(rpParams(result.done)).toEqual({ error: "access_denied", error_description: "Your account is locked", state: result.state, iss: porta.issuer });
  });

  it("trims the description and cuts it to 200 characters", async () => {
    const { client } = await webhook(answer({ abort: { error_description: `  ${"x".repeat(250)}  ` } }));
    const result = await login(porta, client);
    expect(rpParams(result.done)).toEqual({ error: "access_denied", error_description: "x".repeat(200), state: result.state, iss: porta.issuer });
  });

  it("a description of thousands of characters is cut to 200 (not a failure), without splitting a character", async () => {
    const { client } = await webhook(answer({ abort: { error_description: `${"x".repeat(199)}😀${"y".repeat(3000)}` } }));
    const result = await login(porta, client);
    expect(rpParams(result.done)).toEqual({ error: "access_denied", error_description: `${"x".repeat(199)}😀`, state: result.state, iss: porta.issuer });
  });

  it.each([
    ["no description", { abort: {} }],
    ["a blank description", { abort: { error_description: "   " } }],
  ])("%s → access_denied with a default description", async (_name, body) => {
    const { client } = await webhook(answer(body));
    const result = await login(porta, client);
    expect(rpParams(result.done)).toEqual({ error: "access_denied", error_description: "The login was stopped by the application", state: result.state, iss: porta.issuer });
  });
});
