/**
 * One list of secrets per connection kind (its `secretFields`), read the same way everywhere: the
 * admin API's answer and the dashboard's form say which of the operator's secrets are set and
 * never show a value, Porta's own key (privateJwk) included, and a form never echoes one back.
 */
import { describe, expect, it } from "vitest";
import { allSecretNames, CONNECTION_KINDS, connectionKindOf, operatorSecretNames, type Connection, type ConnectionKindName } from "@/lib/eid/connection-kinds";
import { toConnection } from "@/lib/admin-api/resources/eid-connections";
import { eidFormSecrets, eidFormValues, initialEidFormValues, storedSecretsOf, type FamilyFormSpec } from "./eid-connection-form-data";

const base = { id: "7a1c7c1e-1111-4111-8111-111111111111", tenantId: "t1", enabled: true, updatedAt: new Date(), lastCheckedAt: null, lastCheckOk: null, lastCheckNote: null };
const marker = (name: string) => `SECRET-VALUE-OF-${name}`;

/** A stored connection of each kind with every secret of its kind set. */
const STORED: { [K in ConnectionKindName]: Extract<Connection, { kind: K }> } = {
  oidc: {
    ...base,
    family: "dk-mitid",
    kind: "oidc",
    settings: { issuer: "https://broker.example", clientId: "porta", clientAuth: "private_key_jwt", scopes: "openid", acrValues: {}, claimMapping: {}, personKeyClaim: "sub", useUserinfo: false, usePar: true, forwardLoginHint: false, timeoutMs: 10000 },
    secrets: { clientSecret: marker("clientSecret"), privateJwk: { kty: "RSA", n: "modulus", e: "AQAB", d: marker("privateJwk"), kid: "k1" } },
  },
  "se-bankid": {
    ...base,
    family: "se-bankid",
    kind: "se-bankid",
    settings: { endpoint: "https://appapi2.bankid.com/rp/v6.0", caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", timeoutMs: 10000 },
    secrets: { pkcs12: marker("pkcs12"), passphrase: marker("passphrase"), certificatePem: marker("certificatePem"), privateKeyPem: marker("privateKeyPem") },
  },
};

const spec = (connection: Connection): FamilyFormSpec => ({ family: connection.family, name: connection.family, kinds: [connection.kind], acrs: [], claims: [] });

describe.each(CONNECTION_KINDS.map((k) => [k.name, STORED[k.name]] as const))("%s secrets", (_name, connection) => {
  const kind = connectionKindOf(connection);

  it("every secret of the kind is set in the sample", () => {
    expect(Object.keys(connection.secrets).sort()).toEqual(Object.keys(kind.secretFields).sort());
  });

  it("the admin API answers which of the operator's secrets are set, and no value", () => {
    const answer = toConnection(connection);
    expect(JSON.stringify(answer)).not.toContain("SECRET-VALUE-OF-");
    expect(answer.secrets_set.sort()).toEqual(operatorSecretNames(kind).sort());
  });

  it("the dashboard's form starts without a value and knows the same secrets as set", () => {
    expect(JSON.stringify(initialEidFormValues(spec(connection), connection))).not.toContain("SECRET-VALUE-OF-");
    expect(storedSecretsOf(connection)?.names.sort()).toEqual(toConnection(connection).secrets_set.sort());
  });
});

describe("a posted form", () => {
  const posted = () => {
    const form = new FormData();
    form.append("kind", "oidc");
    for (const name of allSecretNames()) form.append(name, marker(name));
    return form;
  };

  it("never sends a secret of any kind back to the browser, Porta's own key included", () => {
    expect(allSecretNames()).toContain("privateJwk");
    expect(JSON.stringify(eidFormValues(posted()))).not.toContain("SECRET-VALUE-OF-");
  });

  it("gives the service the operator's secrets only: never one that Porta makes", async () => {
    expect(Object.keys(await eidFormSecrets(posted())).sort()).toEqual(operatorSecretNames().sort());
  });
});
