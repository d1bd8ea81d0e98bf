import { describe, expect, it } from "vitest";
import { loggableTarget } from "./loggable-target";

const TOKEN = "Zm9vYmFyYmF6cXV4cXV1eC1zZWNyZXQ";

describe("loggableTarget", () => {
  it("cuts the invitation token and the resume token out of their paths, keeping the route's shape", () => {
    expect(loggableTarget(`/invite/${TOKEN}`)).toBe("/invite/[redacted]");
    expect(loggableTarget(`/login/resume/${TOKEN}`)).toBe("/login/resume/[redacted]");
    expect(loggableTarget(`/login/resume/${TOKEN}/more`)).toBe("/login/resume/[redacted]/more");
    expect(loggableTarget(`//Invite//${TOKEN}`)).toBe("//Invite//[redacted]");
    expect(loggableTarget(`/login//RESUME/${TOKEN}?x=1`)).toBe("/login//RESUME/[redacted]?x=1");
  });

  it("leaves every other path alone (login ids, client ids, admin ids are no bearer values)", () => {
    for (const path of ["/", "/oauth2/token", "/login/7d0c5b1e-0000-4000-8000-000000000000/select", "/oauth2/register/abc", "/api/v1/tenants/x/tokens/y", "/invitations", "/login/resumes/x"]) {
      expect(loggableTarget(path)).toBe(path);
    }
  });

  it("keeps the names of secret query parameters and cuts their values, whatever their case or encoding", () => {
    const target = `/oauth2/authorize?client_id=rp&code=${TOKEN}&request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3A${TOKEN}&login_hint=sub%3Assn%3A0101011234&state=s1`;
    expect(loggableTarget(target)).toBe("/oauth2/authorize?client_id=rp&code=[redacted]&request_uri=[redacted]&login_hint=[redacted]&state=s1");
    expect(loggableTarget(`/cb?CODE=${TOKEN}&%63lient_secret=${TOKEN}&id_token_hint=a.b.c&client_assertion=a.b.c&request=a.b.c`)).toBe(
      "/cb?CODE=[redacted]&%63lient_secret=[redacted]&id_token_hint=[redacted]&client_assertion=[redacted]&request=[redacted]",
    );
    expect(loggableTarget(`/invite/${TOKEN}?code=${TOKEN}`)).not.toContain(TOKEN);
  });

  it("keeps a query without secrets, a broken percent-encoding and empty pairs as they came", () => {
    expect(loggableTarget("/a?b=1&&c&%zz=2")).toBe("/a?b=1&&c&%zz=2");
    expect(loggableTarget("/a?")).toBe("/a?");
  });
});
