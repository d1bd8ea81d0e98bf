import { describe, expect, it } from "vitest";
import { jsonResponse, jsonTextOf } from "./responses";

describe("jsonResponse", () => {
  it("reads as the JSON it was made from, through json(), text(), bytes() and the body stream", async () => {
    const body = { request_uri: "urn:ietf:params:oauth:request_uri:abc", expires_in: 120, name: "Åsa" };
    expect(await jsonResponse(body, 201).json()).toEqual(body);
    expect(await jsonResponse(body).text()).toBe(JSON.stringify(body));
    expect(new TextDecoder().decode(await jsonResponse(body).bytes())).toBe(JSON.stringify(body));
    expect(new TextDecoder().decode(await jsonResponse(body).arrayBuffer())).toBe(JSON.stringify(body));
    const stream = jsonResponse(body).body;
    expect(stream).not.toBeNull();
    expect(await new Response(stream).json()).toEqual(body);
    expect(JSON.parse(jsonTextOf(jsonResponse(body))!)).toEqual(body);
  });

  it("keeps its status and headers, including headers set after it was made", async () => {
    const response = jsonResponse({ error: "invalid_request" }, 400, { "Cache-Control": "no-store" });
    response.headers.set("Vary", "Origin");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toBe("Origin");
    expect(response instanceof Response).toBe(true);
    expect(await response.json()).toEqual({ error: "invalid_request" });
  });

  it("is read once, as any Response: bodyUsed, a second read and a clone after it are refused", async () => {
    const response = jsonResponse({ a: 1 });
    expect(response.bodyUsed).toBe(false);
    const copy = response.clone();
    await response.text();
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
    expect(await copy.json()).toEqual({ a: 1 });
    expect(jsonTextOf(copy)).toBe('{"a":1}');
  });
});
