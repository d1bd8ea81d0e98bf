import { afterEach, describe, expect, it } from "vitest";
import { resetProcessState } from "../process/state";
import { generateRsaKeyPair, generateSigningKey, useRsaKeysMadeAheadForTests } from "./generate-key";

afterEach(() => resetProcessState());

describe("generateSigningKey", () => {
  it("RSA pairs made ahead are each handed out once, with a new kid and the requested alg; then keys are made", async () => {
    const ahead = [await generateRsaKeyPair()];
    useRsaKeysMadeAheadForTests(ahead);
    const first = await generateSigningKey("PS256");
    expect(first.publicJwk).toMatchObject({ kty: "RSA", n: ahead[0]!.publicJwk.n, kid: first.kid, alg: "PS256", use: "sig" });
    expect(first.privateJwk).toMatchObject({ d: ahead[0]!.privateJwk.d, kid: first.kid, alg: "PS256" });
    const second = await generateSigningKey("RS256");
    expect(second.publicJwk.n).not.toBe(ahead[0]!.publicJwk.n);
    expect(second.kid).not.toBe(first.kid);
  });

  it("ES256 keys never come from the RSA pairs; a reset forgets the pairs", async () => {
    const ahead = [await generateRsaKeyPair()];
    useRsaKeysMadeAheadForTests(ahead);
    expect((await generateSigningKey("ES256")).publicJwk).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256" });
    resetProcessState();
    expect((await generateSigningKey("RS256")).publicJwk.n).not.toBe(ahead[0]!.publicJwk.n);
  });
});
