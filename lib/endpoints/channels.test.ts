import { describe, expect, it } from "vitest";
import { ApiFieldError } from "../admin-api/api-errors";
import { MemberError } from "../admin/member-error";
import { PageProblem } from "../http/error-page";
import { OAuthError } from "../oauth/errors";
import { inAdminChannel, inBrowserChannel, inNoChannel, inOAuthChannel, type RouteHandler } from "./channels";

const request = () => new Request("http://localhost/somewhere", { headers: { "accept-language": "da", "x-request-id": "req-1" } });
const throwing = (error: unknown): RouteHandler => () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
const secret = new Error("database password is hunter2");

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as Record<string, unknown>;
}

describe("the OAuth channel", () => {
  it("answers an OAuthError as its RFC 6749 JSON, with its status and headers", async () => {
    const refused = new OAuthError("invalid_token", "expired", { headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
    const response = await inOAuthChannel("userinfo", throwing(refused))(request(), {});
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect(await jsonOf(response)).toEqual({ error: "invalid_token", error_description: "expired" });
  });

  it("answers anything else with a generic server_error that echoes nothing of the cause", async () => {
    const response = await inOAuthChannel("token", throwing(secret))(request(), {});
    expect(response.status).toBe(500);
    const body = await jsonOf(response);
    expect(body).toEqual({ error: "server_error", error_description: "The server could not complete the request" });
    expect(JSON.stringify(body)).not.toContain("hunter2");
  });

  it("leaves an answer alone", async () => {
    const answer = new Response("ok");
    expect(await inOAuthChannel("token", () => answer)(request(), {})).toBe(answer);
  });
});

describe("the admin API channel", () => {
  it("names the member at fault, and maps a domain's refusal to its status", async () => {
    const field = await inAdminChannel("adminTenant", throwing(new ApiFieldError("domains", "domains: not a host name")))(request(), {});
    expect(field.status).toBe(400);
    expect(await jsonOf(field)).toEqual({ error: "invalid_request", error_description: "domains: not a host name", field: "domains" });
    const lastOwner = await inAdminChannel("adminAdmin", throwing(new MemberError("last_owner", "A tenant keeps one owner", "role")))(request(), {});
    expect(lastOwner.status).toBe(409);
    expect(await jsonOf(lastOwner)).toMatchObject({ field: "role" });
  });

  it("answers anything else with a generic server_error", async () => {
    const response = await inAdminChannel("adminTenants", throwing(secret))(request(), {});
    expect(response.status).toBe(500);
    expect(await jsonOf(response)).toEqual({ error: "server_error", error_description: "The server could not complete the request" });
  });
});

describe("routes without an error channel (documents, probes)", () => {
  it("refuse nothing: even an OAuthError is an unexpected failure, answered with a generic server_error", async () => {
    const response = await inNoChannel("discovery", throwing(new OAuthError("invalid_request", "no")))(request(), {});
    expect(response.status).toBe(500);
    expect(await jsonOf(response)).toEqual({ error: "server_error", error_description: "The server could not complete the request" });
  });
});

describe("the browser channel", () => {
  it("hands the endpoint the exchange of its request, and answers a PageProblem with the error page in the request's language", async () => {
    const sent = request();
    let seen: Request | undefined;
    const response = await inBrowserChannel("loginSelect", async (exchange) => {
      seen = exchange.request;
      throw new PageProblem("invalid_request", "otherSite", "This form was sent from another site", 403);
    })(sent, {});
    expect(seen).toBe(sent);
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();
    expect(page).toContain('<html lang="da"');
    expect(page).toContain('<code data-testid="error">invalid_request</code>');
  });

  it("answers an unexpected error, before any login is known, with the server_error page and nothing of the cause", async () => {
    const response = await inBrowserChannel("authorize", () => Promise.reject(secret))(request(), {});
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain('<code data-testid="error">server_error</code>');
    expect(page).not.toContain("hunter2");
  });

  it("passes the route's parameters on", async () => {
    const response = await inBrowserChannel("loginProblem", async (_exchange, params) => new Response(params.loginId))(request(), { loginId: "abc" });
    expect(await response.text()).toBe("abc");
  });
});
