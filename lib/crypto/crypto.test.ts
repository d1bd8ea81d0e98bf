import { describe, expect, it } from "vitest";
import { decryptAtRest, encryptAtRest } from "./encryption";
import { constantTimeEqual, hashToken } from "./hash";
import { hashPassword, verifyPassword } from "./password";
import { randomBytesPooled, randomHex128, randomToken } from "./random";

const SECRET = "unit-test-instance-secret-0123456789-abcdefghij";
const OTHER_SECRET = "another-instance-secret-0123456789-abcdefghijkl";

/** Flips one bit of the decoded bytes of part `index` of a sealed value. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[0] = bytes[0]! ^ 0x01;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

describe("encryptAtRest / decryptAtRest", () => {
  it("round-trips text under the same secret and context", () => {
    const plaintext = '{"kty":"RSA","d":"private ✓"}';
    const sealed = encryptAtRest(plaintext, "signing-key:abc", SECRET);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("private");
    expect(decryptAtRest(sealed, "signing-key:abc", SECRET)).toBe(plaintext);
  });

  it("round-trips the empty string", () => {
    expect(decryptAtRest(encryptAtRest("", "ctx", SECRET), "ctx", SECRET)).toBe("");
  });

  it("uses a fresh IV each time, so equal plaintexts seal differently", () => {
    const a = encryptAtRest("same", "ctx", SECRET);
    const b = encryptAtRest("same", "ctx", SECRET);
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
  });

  it("refuses a value sealed for another context", () => {
    const sealed = encryptAtRest("secret", "signing-key:abc", SECRET);
    expect(() => decryptAtRest(sealed, "signing-key:xyz", SECRET)).toThrow();
  });

  it("refuses a value sealed under another secret", () => {
    const sealed = encryptAtRest("secret", "ctx", SECRET);
    expect(() => decryptAtRest(sealed, "ctx", OTHER_SECRET)).toThrow();
  });

  it.each([
    ["IV", 1],
    ["ciphertext", 2],
    ["tag", 3],
  ])("refuses a tampered %s", (_part, index) => {
    const sealed = encryptAtRest("a longer secret value", "ctx", SECRET);
    const changed = tamper(sealed, index);
    expect(changed).not.toBe(sealed);
    expect(() => decryptAtRest(changed, "ctx", SECRET)).toThrow();
  });

  it.each([4, 8, 12, 15])("refuses the true tag cut to %i bytes (only 16-byte tags are checked)", (bytes) => {
    const sealed = encryptAtRest("a longer secret value", "ctx", SECRET);
    const parts = sealed.split(".");
    parts[3] = Buffer.from(parts[3]!, "base64url").subarray(0, bytes).toString("base64url");
    expect(() => decryptAtRest(parts.join("."), "ctx", SECRET)).toThrow(/unrecognised encrypted value/);
  });

  it.each(["", "secret", "v2.a.b.c", "v1.a.b", "v1..b.c", "v1.a.b.c.d"])("refuses the unrecognised format %j", (value) => {
    expect(() => decryptAtRest(value, "ctx", SECRET)).toThrow(/unrecognised encrypted value/);
  });
});

// Each check costs about a second of scrypt (N=2^16, r=8, p=2), more on a busy machine.
describe("hashPassword / verifyPassword", { timeout: 30_000 }, () => {
  it("accepts the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$65536\$8\$2\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain("correct horse");
    await expect(verifyPassword("correct horse battery staple", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse battery stapler", stored)).resolves.toBe(false);
    await expect(verifyPassword("", stored)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    await expect(verifyPassword("same password", b)).resolves.toBe(true);
  });

  it("compares passwords after NFKC normalisation", async () => {
    const stored = await hashPassword("Cafe\u0301 ﬁle");
    await expect(verifyPassword("Café file", stored)).resolves.toBe(true);
  });

  it.each(["", "plain", "bcrypt$1$2$3$a$b", "scrypt$32768$8$1$salt"])("rejects the malformed stored value %j", async (stored) => {
    await expect(verifyPassword("anything", stored)).resolves.toBe(false);
  });
});

describe("constantTimeEqual", () => {
  it.each([
    ["abc", "abc", true],
    ["", "", true],
    ["abc", "abd", false],
    ["abc", "abcd", false],
    ["abc", "", false],
    ["é", "e\u0301", false],
  ])("%j vs %j → %s", (a, b, expected) => {
    expect(constantTimeEqual(a, b)).toBe(expected);
    expect(constantTimeEqual(b, a)).toBe(expected);
  });
});

describe("hashToken and random values", () => {
  it("hashToken is SHA-256 in base64url: deterministic, 43 characters, never the input", () => {
    expect(hashToken("token")).toBe(hashToken("token"));
    expect(hashToken("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken("token")).not.toBe(hashToken("token2"));
    expect(hashToken("abc")).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
  });

  it("randomToken carries the requested entropy and differs each time", () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(18)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(randomToken()).not.toBe(randomToken());
    expect(randomHex128()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("pooled random bytes are never handed out twice, and stay as they were across refills", () => {
    // 3000 draws of 32 bytes cross about 23 refills of the 4 KiB block.
    const drawn = Array.from({ length: 3000 }, () => randomBytesPooled(32));
    const copies = drawn.map((b) => Buffer.from(b).toString("hex"));
    expect(new Set(copies).size).toBe(drawn.length);
    expect(drawn.map((b) => b.toString("hex"))).toEqual(copies);
    expect(drawn.every((b) => b.length === 32)).toBe(true);
    // Consecutive draws do not overlap: 8 bytes of 12-byte IVs never repeat across 10 000 of them.
    const ivs = new Set(Array.from({ length: 10_000 }, () => randomBytesPooled(12).subarray(0, 8).toString("hex")));
    expect(ivs.size).toBe(10_000);
    const large = randomBytesPooled(1000);
    expect(large.length).toBe(1000);
    expect(large.buffer.byteLength).toBe(1000);
  });

  it("no two sealed values share an IV", () => {
    const ivs = new Set(Array.from({ length: 2000 }, () => encryptAtRest("same", "ctx", SECRET).split(".")[1]));
    expect(ivs.size).toBe(2000);
  });
});
