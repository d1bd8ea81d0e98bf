import { describe, expect, it } from "vitest";
import { PAGE_MAX_BODY_BYTES, pageRequestRefusalResponse, refusePageRequest } from "./page-request-guard";

const LOGIN_ID = "00000000-0000-4000-8000-000000000000";
const head = (method: string, rawPath: string, contentLength?: string, transferEncoding?: string) => ({ method, rawPath, contentLength, transferEncoding });

describe("refusePageRequest (what never reaches Next.js)", () => {
  it.each(["/login/%", "/login/%C0%80", "/login/%FF%FE%FD", "/login/%00", "/dashboard/%E0%A4%A"])("a path with broken encoding %s → 400", (path) => {
    expect(refusePageRequest(head("GET", path))?.status).toBe(400);
  });

  it("a POST to a hosted-login page (no server actions there) → 405 with Allow", () => {
    const refusal = refusePageRequest(head("POST", `/login/${LOGIN_ID}`, "10"));
    expect(refusal).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD" } });
  });

  it("a body declared over the limit → 413; a chunked body → 411", () => {
    expect(refusePageRequest(head("POST", "/dashboard/signin", String(10 * 1024 * 1024)))?.status).toBe(413);
    expect(refusePageRequest(head("POST", "/dashboard/signin", String(PAGE_MAX_BODY_BYTES)))).toBeUndefined();
    expect(refusePageRequest(head("POST", "/dashboard/signin", undefined, "chunked"))?.status).toBe(411);
    expect(refusePageRequest(head("POST", "/dashboard/signin", "-1"))?.status).toBe(400);
  });

  it("a multipart body without a usable boundary → 400", () => {
    const multipart = (contentType: string) => refusePageRequest({ ...head("POST", "/dashboard/signin", "10"), contentType });
    expect(multipart("multipart/form-data")?.status).toBe(400);
    expect(multipart("multipart/form-data; boundary=")?.status).toBe(400);
    expect(multipart(`multipart/form-data; boundary=${"x".repeat(71)}`)?.status).toBe(400);
    expect(multipart("multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW")).toBeUndefined();
    expect(multipart('multipart/form-data; boundary="a b"')).toBeUndefined();
  });

  it("leaves ordinary page requests alone", () => {
    expect(refusePageRequest(head("GET", `/login/${LOGIN_ID}`))).toBeUndefined();
    expect(refusePageRequest(head("GET", "/login/%C3%A9"))).toBeUndefined();
    expect(refusePageRequest(head("POST", "/dashboard/t/x/keys", "120"))).toBeUndefined();
  });

  it("answers JSON, or a page for browsers", async () => {
    const refusal = refusePageRequest(head("GET", "/login/%"))!;
    const json = pageRequestRefusalResponse(refusal, "application/json");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await json.json()).toMatchObject({ error: "invalid_request" });
    const page = pageRequestRefusalResponse(refusal, "text/html");
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  });
});
