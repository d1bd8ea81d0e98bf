/**
 * The login store's hand-written column lists against prisma/schema.prisma: a migration that adds,
 * drops or retypes a column of a login or a session fails here, not on a login's path.
 * (tests/integration/login-rows.test.ts checks the same statements against a real database.)
 */
import { describe, expect, it } from "vitest";
import { columnsAnInsertMustName, insertedColumns, schemaColumnKinds } from "../../tests/support/prisma-schema";
import { INSERT_LOGIN_SQL, INSERTED_LOGIN_COLUMNS, LOGIN_COLUMNS, loginOfRow, SELECT_LOGIN_BY_ID_SQL, SESSION_COLUMNS } from "./login-store";

/** The names a SELECT's list gives its columns (`"c"` or `… AS "c"`). */
function selectedNames(sql: string): string[] {
  const list = /^SELECT (.*) FROM /s.exec(sql)![1]!;
  return list.split(", ").map((item) => /"(\w+)"$/.exec(item)![1]!);
}

describe("login rows", () => {
  it("the store knows every column of Login, no other, each with the schema's type", () => {
    expect(LOGIN_COLUMNS).toEqual(schemaColumnKinds("Login"));
  });

  it("the plain select reads every column", () => {
    expect(selectedNames(SELECT_LOGIN_BY_ID_SQL).sort()).toEqual(Object.keys(schemaColumnKinds("Login")).sort());
  });

  it("the insert names only schema columns, and every one the database cannot fill itself", () => {
    const inserted = insertedColumns(INSERT_LOGIN_SQL, "LoginTransaction");
    expect(inserted).toEqual([...INSERTED_LOGIN_COLUMNS]);
    expect(Object.keys(schemaColumnKinds("Login"))).toEqual(expect.arrayContaining(inserted));
    expect(inserted).toEqual(expect.arrayContaining(columnsAnInsertMustName("Login")));
  });

  it("a selected row maps to what Prisma returns: timestamps as dates, a column the row lacks as null", () => {
    const kinds = schemaColumnKinds("Login");
    const row: Record<string, unknown> = { id: "11111111-1111-4111-8111-111111111111", request: { state: "s" }, version: 2, authTime: 1_764_151_815_123, createdAt: 0 };
    const login = loginOfRow(row) as unknown as Record<string, unknown>;
    expect(Object.keys(login).sort()).toEqual(Object.keys(kinds).sort());
    for (const [column, kind] of Object.entries(kinds)) {
      if (kind === "timestamp" && row[column] !== undefined) expect(login[column], column).toEqual(new Date(row[column] as number));
      else if (row[column] !== undefined) expect(login[column], column).toBe(row[column]);
      else expect(login[column], column).toBeNull();
    }
  });
});

describe("new SSO sessions", () => {
  it("the session insert names schema columns with their types, every one the database cannot fill itself", () => {
    const kinds = schemaColumnKinds("BrowserSession");
    for (const [column, kind] of Object.entries(SESSION_COLUMNS)) expect(kinds[column], column).toEqual(kind);
    expect(Object.keys(SESSION_COLUMNS)).toEqual(expect.arrayContaining(columnsAnInsertMustName("BrowserSession")));
    // A new session has not ended: the only column it leaves out.
    expect(Object.keys(kinds).filter((c) => !(c in SESSION_COLUMNS))).toEqual(["endedAt"]);
  });
});
