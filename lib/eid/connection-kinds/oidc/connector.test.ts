import { describe, expect, it } from "vitest";
import type { OidcConnection } from "./schemas";
import { mapClaims } from "./upstream-identity";

function connection(claimMapping: Record<string, string>): OidcConnection {
  return {
    id: "c",
    tenantId: "t",
    family: "dk-mitid",
    kind: "oidc",
    enabled: true,
    updatedAt: new Date(),
    lastCheckedAt: null,
    lastCheckOk: null,
    lastCheckNote: null,
    settings: { issuer: "https://b.example", clientId: "p", clientAuth: "client_secret_basic", scopes: "openid", acrValues: {}, claimMapping, personKeyClaim: "sub", useUserinfo: false, usePar: true, forwardLoginHint: false, timeoutMs: 10000 },
    secrets: { clientSecret: "s" },
  };
}

describe("mapClaims", () => {
  const upstream = { iss: "https://b.example", aud: "p", sub: "u-1", nonce: "n", acr: "x", at_hash: "h", name: "Karen", "dk.cpr": "0107852344", birthdate: "1985-07-01" };

  it("drops protocol claims and passes identity claims through", () => {
    expect(mapClaims(connection({}), upstream)).toEqual({ name: "Karen", "dk.cpr": "0107852344", birthdate: "1985-07-01" });
  });

  it("renames mapped claims (the source name does not stay)", () => {
    expect(mapClaims(connection({ cprNumberIdentifier: "dk.cpr", uuid: "sub" }), upstream)).toEqual({ name: "Karen", cprNumberIdentifier: "0107852344", birthdate: "1985-07-01", uuid: "u-1" });
  });

  it("leaves a mapped claim out when the provider did not send it", () => {
    expect(mapClaims(connection({ address: "postal_address" }), upstream)).not.toHaveProperty("address");
  });
});
