import { describe, expect, it } from "vitest";
import { OAuthError } from "../oauth/errors";
import { copyRequest, readCappedText, readForm, readJsonObject, requestWithBufferedBody } from "./read-body";

const FORM = "application/x-www-form-urlencoded";

function buffered(body: string, contentType: string, headers: Record<string, string> = {}): Request {
  return requestWithBufferedBody(new URL("http://localhost/oauth2/token"), { method: "POST", headers: new Headers({ "Content-Type": contentType, ...headers }) }, new TextEncoder().encode(body));
}

async function refusal(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

describe("bodies the server read before making the request", () => {
  it("are read as a form or as JSON, the same as a streamed body", async () => {
    const form = await readForm(buffered("grant_type=authorization_code&code=a%2Bb", FORM));
    expect([...form]).toEqual([
      ["grant_type", "authorization_code"],
      ["code", "a+b"],
    ]);
    expect(await readJsonObject(buffered('{"client_name":"Shop"}', "application/json"), "invalid_client_metadata")).toEqual({ client_name: "Shop" });
  });

  it("a copy reads the same bytes beside the original (CORS gate and handler)", async () => {
    const original = buffered("client_id=spa&code=x", FORM);
    const copy = copyRequest(original);
    expect(copy).not.toBe(original);
    const [a, b] = await Promise.all([readForm(original), readForm(copy)]);
    expect(a.get("client_id")).toBe("spa");
    expect(b.get("client_id")).toBe("spa");
  });

  it("over the endpoint's cap → 413 even when Content-Length understates it", async () => {
    const error = await refusal(readCappedText(buffered("x".repeat(101), FORM, { "Content-Length": "10" }), 100));
    expect(error.status).toBe(413);
    expect(error.description).toBe("The request body exceeds 100 bytes");
    expect(await readCappedText(buffered("x".repeat(100), FORM), 100)).toHaveLength(100);
  });

  it("bytes that are not UTF-8, repeated and NUL parameters → invalid_request", async () => {
    const notUtf8 = requestWithBufferedBody(new URL("http://localhost/oauth2/par"), { method: "POST", headers: new Headers({ "Content-Type": FORM }) }, new Uint8Array([0x61, 0x3d, 0xff]));
    expect((await refusal(readForm(notUtf8))).description).toBe("The request body is not valid UTF-8");
    expect((await refusal(readForm(buffered("code=a&code=b", FORM)))).description).toBe("Parameter code is repeated");
    expect((await refusal(readForm(buffered("code=a%00", FORM)))).code).toBe("invalid_request");
  });

  it("a streamed body's copy still reads beside the original", async () => {
    const streamed = new Request("http://localhost/oauth2/token", { method: "POST", headers: { "Content-Type": FORM }, body: "client_id=spa" });
    const copy = copyRequest(streamed);
    expect((await readForm(copy)).get("client_id")).toBe("spa");
    expect((await readForm(streamed)).get("client_id")).toBe("spa");
  });
});
