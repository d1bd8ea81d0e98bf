import { describe, expect, it } from "vitest";
import { subjectFromSecret } from "./subject";

describe("subjectFromSecret", () => {
  const secret = Buffer.alloc(32, 7);

  it("is a stable RFC 9562 version 8 UUID per (secret, scheme, person)", () => {
    const sub = subjectFromSecret(secret, "sebankid", "197808094515");
    expect(sub).toBe(subjectFromSecret(Buffer.alloc(32, 7), "sebankid", "197808094515"));
    expect(sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("another secret, scheme or person → another sub", () => {
    const sub = subjectFromSecret(secret, "sebankid", "197808094515");
    expect(subjectFromSecret(Buffer.alloc(32, 8), "sebankid", "197808094515")).not.toBe(sub);
    expect(subjectFromSecret(secret, "nobankid", "197808094515")).not.toBe(sub);
    expect(subjectFromSecret(secret, "sebankid", "199003152387")).not.toBe(sub);
  });
});
