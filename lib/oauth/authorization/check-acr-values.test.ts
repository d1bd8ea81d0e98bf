import { describe, expect, it } from "vitest";
import type { ApplicationRecord } from "../../clients/application-record";
import { OAuthError } from "../errors";
import { checkIdTokenEncryption } from "./check-acr-values";
import type { CheckContext } from "./context";

const FTN = "urn:grn:authn:fi:bank-id";
const FTN_MOBILE = "urn:grn:authn:fi:mobile-id";
const MITID = "urn:grn:authn:dk:mitid:substantial";

function context(acrValues: string[], acrRequested: boolean, app: { environment: "test" | "production"; alg: string | null }): CheckContext {
  const client = { tenant: { environment: app.environment }, idTokenEncryptedResponseAlg: app.alg } as unknown as ApplicationRecord;
  return { endpoint: "authorize", params: new Map(), duplicated: new Set(), client, request: { acrValues, acrRequested }, isPushed: false };
}

function refusal(ctx: CheckContext): OAuthError {
  try {
    checkIdTokenEncryption(ctx);
  } catch (error) {
    if (error instanceof OAuthError) return error;
    throw error;
  }
  throw new Error("expected an OAuthError");
}

describe("checkIdTokenEncryption (FTN, in test tenants as in production)", () => {
  const unencrypted = { environment: "production", alg: null } as const;

  it.each(["test", "production"] as const)("FTN asked for by an application of a %s tenant without encrypted ID tokens → invalid_request", (environment) => {
    const error = refusal(context([MITID, FTN], true, { environment, alg: null }));
    expect(error.code).toBe("invalid_request");
    expect(error.description).toBe("acr_values: Finnish bank ID requires encrypted ID tokens, and this application has no id_token_encrypted_response_alg");
  });

  it("among the eIDs it did not name, FTN is not offered (a test tenant's too)", () => {
    for (const environment of ["test", "production"] as const) {
      const ctx = context([MITID, FTN, FTN_MOBILE], false, { environment, alg: null });
      checkIdTokenEncryption(ctx);
      expect(ctx.request.acrValues).toEqual([MITID]);
    }
  });

  it("when FTN is all it has → invalid_request", () => {
    expect(refusal(context([FTN], false, unencrypted)).description).toBe("No eID of this application can be used: Finnish bank ID requires encrypted ID tokens");
  });

  it("an application with encrypted ID tokens keeps FTN, in either environment", () => {
    for (const app of [{ environment: "production", alg: "RSA-OAEP-256" }, { environment: "test", alg: "ECDH-ES" }] as const) {
      const ctx = context([FTN, MITID], true, app);
      checkIdTokenEncryption(ctx);
      expect(ctx.request.acrValues).toEqual([FTN, MITID]);
    }
  });
});
