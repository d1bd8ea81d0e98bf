import { describe, expect, it } from "vitest";
import { EidFailure } from "./connector";

describe("EidFailure: what the relying party reads", () => {
  it("a server_error carries a fixed description per reason; the connector's words stay in detail", () => {
    const failure = new EidFailure("server_error", "unavailable", "The eID provider could not be reached (discovery: connect ECONNREFUSED 10.0.0.7:443)");
    expect(failure.description).toBe("The eID provider could not be reached");
    expect(failure.detail).toContain("ECONNREFUSED 10.0.0.7:443");
    expect(failure.toJSON()).not.toMatchObject({ error_description: expect.stringContaining("10.0.0.7") as unknown });
  });

  it("an access_denied keeps Porta's own sentence; upstream text goes to detail", () => {
    const failure = new EidFailure("access_denied", "cancelled", "The person cancelled or was refused at the eID", { detail: "upstream: access_denied: user pressed cancel at 10.1.2.3" });
    expect(failure.description).toBe("The person cancelled or was refused at the eID");
    expect(failure.detail).toContain("10.1.2.3");
  });
});
