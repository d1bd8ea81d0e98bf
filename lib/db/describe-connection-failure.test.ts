import { describe, expect, it } from "vitest";
import { describeConnectionFailure } from "./describe-connection-failure";

const URL_WITH_PASSWORD = "postgresql://porta:s3cret@db.internal:6543/porta";

function errorWithCode(code: string, message = `connect ${code} 10.0.0.5:6543`): Error {
  return Object.assign(new Error(message), { code });
}

describe("describeConnectionFailure", () => {
  it("names the variable, the server and the network error, never the password", () => {
    const line = describeConnectionFailure(URL_WITH_PASSWORD, errorWithCode("ECONNREFUSED"));
    expect(line).toBe("DATABASE_URL: no PostgreSQL answers at db.internal:6543 (connect ECONNREFUSED)");
    expect(line).not.toContain("s3cret");
  });

  it("reads the code of the first address when a name resolves to several", () => {
    const error = new AggregateError([errorWithCode("ECONNREFUSED"), errorWithCode("ECONNREFUSED")]);
    expect(describeConnectionFailure("postgresql://postgres@localhost/x", error)).toBe("DATABASE_URL: no PostgreSQL answers at localhost:5432 (connect ECONNREFUSED)");
  });

  it("says when the server answered but refused entry", () => {
    expect(describeConnectionFailure(URL_WITH_PASSWORD, errorWithCode("28P01", "password authentication failed"))).toMatch(/^DATABASE_URL: PostgreSQL at db\.internal:6543 refused the connection: the password was refused/);
  });

  it("leaves other errors alone", () => {
    expect(describeConnectionFailure(URL_WITH_PASSWORD, new Error("migration failed"))).toBeUndefined();
    expect(describeConnectionFailure(URL_WITH_PASSWORD, errorWithCode("42P01"))).toBeUndefined();
  });
});
