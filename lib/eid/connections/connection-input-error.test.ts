import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { OAuthError } from "../../oauth/errors";
import { connectionIssueError, ConnectionInputError } from "./connection-input-error";
import { ZOidcSecretsSchema, ZOidcSettingsSchema } from "../connection-kinds/oidc/schemas";
import { ZBankIdSecretsSchema } from "../connection-kinds/se-bankid/schemas";

const OIDC = { issuer: "https://broker.example", clientId: "porta", clientAuth: "client_secret_basic", scopes: "openid" };

function issueError(result: z.ZodSafeParseResult<unknown>, refineField?: string) {
  if (result.success) throw new Error("expected the schema to refuse the input");
  return connectionIssueError(result.error, refineField);
}

describe("connectionIssueError", () => {
  it("names the setting the issue's path starts with, and where inside it", () => {
    const error = issueError(ZOidcSettingsSchema.safeParse({ ...OIDC, claimMapping: { uuid: "a b" } }));
    expect(error).toBeInstanceOf(ConnectionInputError);
    expect(error).toMatchObject({ code: "invalid_request", field: "claimMapping", path: ["uuid"], reason: "a claim name has no spaces" });
    expect(error.description).toBe("claimMapping.uuid: a claim name has no spaces");
  });

  it("puts a refine about the whole object at the field the caller names", () => {
    const error = issueError(ZBankIdSecretsSchema.safeParse({ pkcs12: "AA==", certificatePem: "c", privateKeyPem: "k" }), "pkcs12");
    expect(error).toMatchObject({ field: "pkcs12", reason: undefined, description: "give the client certificate either as PKCS#12 or as PEM certificate and key" });
  });

  it("an unknown member is about no setting: a plain invalid_request", () => {
    const error = issueError(ZOidcSecretsSchema.safeParse({ somethingElse: "x" }), "clientSecret");
    expect(error).not.toBeInstanceOf(ConnectionInputError);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error.code).toBe("invalid_request");
  });
});
