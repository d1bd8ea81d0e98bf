import { describe, expect, it } from "vitest";
import {
  connectionInputOf,
  EidFormInputError,
  eidFormSecrets,
  eidFormValues,
  formErrorOf,
  initialEidFormValues,
  MAX_PKCS12_BYTES,
  storedSecretsOf,
  type FamilyFormSpec,
} from "./eid-connection-form-data";
import type { z } from "zod";
import { connectionIssueError, ConnectionInputError } from "@/lib/eid/connections/connection-input-error";
import { acrMappingProblem, ZOidcSecretsSchema, ZOidcSettingsSchema } from "@/lib/eid/connection-kinds/oidc/schemas";
import { ZBankIdSecretsSchema, ZBankIdSettingsSchema } from "@/lib/eid/connection-kinds/se-bankid/schemas";
import type { Connection } from "@/lib/eid/connections/service";

const MITID: FamilyFormSpec = {
  family: "dk-mitid",
  name: "Danish MitID",
  kinds: ["oidc"],
  acrs: ["urn:grn:authn:dk:mitid:low", "urn:grn:authn:dk:mitid:substantial", "urn:grn:authn:dk:mitid:high"],
  claims: ["cprNumberIdentifier", "uuid", "name"],
};
const BANKID: FamilyFormSpec = { family: "se-bankid", name: "Swedish BankID", kinds: ["se-bankid", "oidc"], acrs: ["urn:grn:authn:se:bankid"], claims: ["ssn"] };

function form(entries: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const OIDC_FORM = {
  kind: "oidc",
  enabled: "on",
  issuer: " https://broker.example ",
  clientId: "porta",
  clientAuth: "client_secret_basic",
  scopes: "openid profile ssn",
  personKeyClaim: "dk.mitid.uuid",
  usePar: "on",
  timeoutMs: "5000",
  "acrValues[urn:grn:authn:dk:mitid:substantial]": "https://broker.example/acr/substantial",
  "acrValues[urn:grn:authn:dk:mitid:low]": "",
  "claimMapping[cprNumberIdentifier]": "dk.cpr",
  "claimMapping[uuid]": " ",
};

function thrown(run: () => unknown): EidFormInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof EidFormInputError) return error;
    throw error;
  }
  throw new Error("expected an EidFormInputError");
}

describe("eID connection form → service input", () => {
  it("turns an OpenID Connect form into settings: rows with values only, checkboxes, numbers", async () => {
    const data = form({ ...OIDC_FORM, clientSecret: "s3cret", $ACTION_ID_x: "" });
    const input = connectionInputOf(eidFormValues(data), await eidFormSecrets(data), MITID, null);
    expect(input).toEqual({
      family: "dk-mitid",
      kind: "oidc",
      enabled: true,
      secrets: { clientSecret: "s3cret" },
      settings: {
        issuer: "https://broker.example",
        clientId: "porta",
        clientAuth: "client_secret_basic",
        scopes: "openid profile ssn",
        acrValues: { "urn:grn:authn:dk:mitid:substantial": "https://broker.example/acr/substantial" },
        claimMapping: { cprNumberIdentifier: "dk.cpr" },
        personKeyClaim: "dk.mitid.uuid",
        useUserinfo: false,
        usePar: true,
        forwardLoginHint: false,
        timeoutMs: 5000,
      },
    });
  });

  it("never puts a secret into the values sent back to the browser", () => {
    const values = eidFormValues(form({ ...OIDC_FORM, clientSecret: "s3cret", passphrase: "pw", privateKeyPem: "-----BEGIN PRIVATE KEY-----" }));
    expect(JSON.stringify(values)).not.toMatch(/s3cret|pw|PRIVATE KEY/);
    expect(values.issuer).toBe(" https://broker.example ");
  });

  it("an unchecked box is false, an empty timeout and person key take the defaults", () => {
    const input = connectionInputOf({ ...OIDC_FORM, enabled: "", usePar: "", timeoutMs: " ", personKeyClaim: "" } as Record<string, string>, { clientSecret: "x" }, MITID, null);
    expect(input.enabled).toBe(false);
    expect(input.settings).toMatchObject({ usePar: false, timeoutMs: undefined, personKeyClaim: undefined });
  });

  it("unknown acr: an acr value of another eID is refused at the acr mapping", () => {
    const error = thrown(() => connectionInputOf({ ...OIDC_FORM, "acrValues[urn:grn:authn:se:bankid]": "x" }, { clientSecret: "x" }, MITID, null));
    expect(error.field).toBe("acrValues");
    expect(error.message).toBe("urn:grn:authn:se:bankid is not an acr value of Danish MitID");
  });

  it("bad mapping: a claim name with spaces is refused at the claim mapping", () => {
    const error = thrown(() => connectionInputOf({ ...OIDC_FORM, "claimMapping[cpr number]": "dk.cpr" }, { clientSecret: "x" }, MITID, null));
    expect(error.field).toBe("claimMapping");
  });

  it("bad number: a timeout that is not a whole number names the field", () => {
    expect(thrown(() => connectionInputOf({ ...OIDC_FORM, timeoutMs: "5s" }, { clientSecret: "x" }, MITID, null)).field).toBe("timeoutMs");
  });

  it("missing secret: a new secret-based connection without a client secret is refused", () => {
    const error = thrown(() => connectionInputOf(OIDC_FORM, {}, MITID, null));
    expect(error.field).toBe("clientSecret");
  });

  it("an empty secret keeps the stored one, but not one stored for another kind", () => {
    expect(connectionInputOf(OIDC_FORM, {}, MITID, { kind: "oidc", names: ["clientSecret"] }).secrets).toEqual({});
    expect(thrown(() => connectionInputOf({ ...OIDC_FORM, kind: "oidc" }, {}, BANKID, { kind: "se-bankid", names: ["pkcs12"] })).field).toBe("clientSecret");
  });

  it("private_key_jwt needs no client secret (Porta generates its key)", () => {
    expect(connectionInputOf({ ...OIDC_FORM, clientAuth: "private_key_jwt" }, {}, MITID, null).secrets).toEqual({});
  });

  it("a kind the family cannot use is refused", () => {
    expect(thrown(() => connectionInputOf({ ...OIDC_FORM, kind: "se-bankid" }, {}, MITID, null)).field).toBe("kind");
  });
});

describe("Swedish BankID form", () => {
  const BANKID_FORM = { kind: "se-bankid", enabled: "on", endpoint: "https://appapi2.test.bankid.com/rp/v6.0", caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", timeoutMs: "" };

  it("base64s the uploaded PKCS#12 file server-side and passes its password", async () => {
    const p12 = new Uint8Array([0x30, 0x82, 0x01, 0xff, 0x00]);
    const data = form({ ...BANKID_FORM, pkcs12: new File([p12], "rp.p12"), passphrase: "qwerty123" });
    const input = connectionInputOf(eidFormValues(data), await eidFormSecrets(data), BANKID, null);
    expect(input.kind).toBe("se-bankid");
    expect(input.secrets).toEqual({ pkcs12: Buffer.from(p12).toString("base64"), passphrase: "qwerty123" });
    expect(input.settings).toEqual({ endpoint: "https://appapi2.test.bankid.com/rp/v6.0", caCertificate: BANKID_FORM.caCertificate, timeoutMs: undefined });
  });

  it("no file chosen is no secret (the stored certificate is kept)", async () => {
    const data = form({ ...BANKID_FORM, pkcs12: new File([], ""), passphrase: "" });
    const secrets = await eidFormSecrets(data);
    expect(secrets).toEqual({});
    expect(connectionInputOf(eidFormValues(data), secrets, BANKID, { kind: "se-bankid", names: ["pkcs12", "passphrase"] }).secrets).toEqual({});
  });

  it("missing secret: no certificate given or stored is refused at the file input", () => {
    expect(thrown(() => connectionInputOf(BANKID_FORM, {}, BANKID, null)).field).toBe("pkcs12");
  });

  it("a PEM certificate without its key, or both forms at once, is refused", () => {
    expect(thrown(() => connectionInputOf(BANKID_FORM, { certificatePem: "c" }, BANKID, null)).field).toBe("privateKeyPem");
    expect(thrown(() => connectionInputOf(BANKID_FORM, { privateKeyPem: "k" }, BANKID, null)).field).toBe("certificatePem");
    expect(thrown(() => connectionInputOf(BANKID_FORM, { pkcs12: "AA==", certificatePem: "c", privateKeyPem: "k" }, BANKID, null)).field).toBe("pkcs12");
  });

  it("a file too large for the store is refused before reading it", async () => {
    const data = form({ pkcs12: new File([new Uint8Array(MAX_PKCS12_BYTES + 1)], "big.p12") });
    await expect(eidFormSecrets(data)).rejects.toMatchObject({ field: "pkcs12" });
  });
});

describe("service errors → the form field and the message there", () => {
  const OIDC = { issuer: "https://broker.example", clientId: "porta", clientAuth: "client_secret_basic", scopes: "openid" };
  const BANKID_SETTINGS = { caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----" };
  /** The error saveConnection throws for input the schema refuses. */
  const refusal = (schema: z.ZodType, input: unknown, refineField?: string) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error("expected the schema to refuse the input");
    const error = connectionIssueError(parsed.error, refineField);
    if (!(error instanceof ConnectionInputError)) throw new Error(`expected a ConnectionInputError, got ${error.description}`);
    return error;
  };
  const clientSecretMissing = () => {
    const reason = "the client secret is required for this client authentication";
    return new ConnectionInputError(`clientSecret: ${reason}`, { field: "clientSecret", reason });
  };

  it.each<[string, () => ConnectionInputError, string, string | RegExp]>([
    ["an issuer that is not a URL", () => refusal(ZOidcSettingsSchema, { ...OIDC, issuer: "broker" }), "issuer", "Invalid URL"],
    ["scopes without openid", () => refusal(ZOidcSettingsSchema, { ...OIDC, scopes: "profile" }), "scopes", "The scopes must include openid"],
    ["a timeout below 1 s", () => refusal(ZOidcSettingsSchema, { ...OIDC, timeoutMs: 10 }), "timeoutMs", /^Too small/],
    ["no client secret", clientSecretMissing, "clientSecret", "The client secret is required for this client authentication"],
    ["an acr value of another eID", () => new ConnectionInputError(acrMappingProblem("dk-mitid", { "urn:grn:authn:se:bankid": "x" })!, { field: "acrValues" }), "acrValues", "urn:grn:authn:se:bankid is not an acr value of this eID"],
    ["an empty upstream acr value", () => refusal(ZOidcSettingsSchema, { ...OIDC, acrValues: { "urn:grn:authn:dk:mitid:low": " " } }), "acrValues", /^Too small: expected string to have >=1 characters/],
    ["an upstream claim name with spaces", () => refusal(ZOidcSettingsSchema, { ...OIDC, claimMapping: { uuid: "dk mitid uuid" } }), "claimMapping.uuid", "A claim name has no spaces"],
    ["a CA certificate that is not PEM", () => refusal(ZBankIdSettingsSchema, { caCertificate: "MIIB" }), "caCertificate", "A PEM certificate (-----BEGIN CERTIFICATE-----)"],
    ["a BankID endpoint over http", () => refusal(ZBankIdSettingsSchema, { ...BANKID_SETTINGS, endpoint: "http://appapi2.bankid.com/rp/v6.0" }), "endpoint", "Invalid URL"],
    ["a certificate as PKCS#12 and PEM at once", () => refusal(ZBankIdSecretsSchema, { pkcs12: "AA==", certificatePem: "c", privateKeyPem: "k" }, "pkcs12"), "pkcs12", "give the client certificate either as PKCS#12 or as PEM certificate and key"],
    ["a stored key that is not a JWK (no input of its own)", () => refusal(ZOidcSecretsSchema, { privateJwk: "x" }), "form", /^privateJwk: /],
  ])("%s → %s", (_what, error, field, message) => {
    const shown = formErrorOf(error());
    expect(shown.field).toBe(field);
    expect(shown.message).toMatch(message);
  });

  it("keeps the description the service always gave", () => {
    expect(refusal(ZOidcSettingsSchema, { ...OIDC, issuer: "broker" }).description).toBe("issuer: Invalid URL");
    expect(refusal(ZOidcSettingsSchema, { ...OIDC, claimMapping: { uuid: "a b" } }).description).toBe("claimMapping.uuid: a claim name has no spaces");
  });
});

describe("starting values", () => {
  const base = { id: "c1", tenantId: "t1", family: "dk-mitid" as const, enabled: false, updatedAt: new Date(), lastCheckedAt: null, lastCheckOk: null, lastCheckNote: null };
  const stored: Connection = {
    ...base,
    kind: "oidc",
    settings: {
      issuer: "https://broker.example",
      clientId: "porta",
      clientAuth: "private_key_jwt",
      scopes: "openid",
      acrValues: { "urn:grn:authn:dk:mitid:high": "high" },
      claimMapping: { uuid: "dk.mitid.uuid" },
      personKeyClaim: "sub",
      useUserinfo: true,
      usePar: false,
      forwardLoginHint: true,
      timeoutMs: 3000,
    },
    secrets: { clientSecret: "old-secret-value", privateJwk: { kty: "RSA", d: "private-exponent" } },
  };

  it("a new connection starts enabled with PAR and the defaults", () => {
    expect(initialEidFormValues(MITID, null)).toMatchObject({ kind: "oidc", enabled: "on", usePar: "on", scopes: "openid", personKeyClaim: "sub", timeoutMs: "10000" });
  });

  it("a stored connection's settings fill the form; its secrets do not", () => {
    const values = initialEidFormValues(MITID, stored);
    expect(values).toMatchObject({ enabled: "", clientAuth: "private_key_jwt", useUserinfo: "on", usePar: "", forwardLoginHint: "on", timeoutMs: "3000", "acrValues[urn:grn:authn:dk:mitid:high]": "high", "claimMapping[uuid]": "dk.mitid.uuid" });
    expect(JSON.stringify(values)).not.toMatch(/old-secret-value|private-exponent/);
    expect(storedSecretsOf(stored)).toEqual({ kind: "oidc", names: ["clientSecret"] });
  });
});
