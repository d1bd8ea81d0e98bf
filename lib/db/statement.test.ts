import { describe, expect, it } from "vitest";
import { defineStatement, type Param } from "./statement";

/** A part of another store's: it names its parameters and knows nothing of the statement's numbers. */
function windowPart(param: Param<"from" | "until">): string {
  return `at >= ${param("from")} AND at < ${param("until")}`;
}

describe("defineStatement", () => {
  it("numbers parameters in order of first use; a name used twice keeps its number", () => {
    const statement = defineStatement<"id" | "from" | "until">((param) => `SELECT 1 FROM t WHERE id = ${param("id")} AND ${windowPart(param)} AND id <> ${param("id")}`);
    expect(statement.text).toBe("SELECT 1 FROM t WHERE id = $1 AND at >= $2 AND at < $3 AND id <> $1");
    expect(statement.values({ until: "u", id: 7, from: "f" })).toEqual([7, "f", "u"]);
  });

  it("a part placed first takes the first numbers: the caller never chooses them", () => {
    const statement = defineStatement<"id" | "from" | "until">((param) => `SELECT 1 FROM t WHERE ${windowPart(param)} AND id = ${param("id")}`);
    expect(statement.text).toBe("SELECT 1 FROM t WHERE at >= $1 AND at < $2 AND id = $3");
    expect(statement.values({ id: 7, from: "f", until: "u" })).toEqual(["f", "u", 7]);
  });

  it("valuesFrom reads the statement's own part and another's without merging them; a null of its own stays null", () => {
    const statement = defineStatement<"id" | "from" | "until">((param) => `SELECT 1 FROM t WHERE id = ${param("id")} AND ${windowPart(param)}`);
    expect(statement.valuesFrom<"id">({ id: null }, { from: "f", until: "u" })).toEqual([null, "f", "u"]);
    expect(statement.valuesFrom<"from" | "until">({ from: "f", until: undefined }, { id: 7 })).toEqual([7, "f", undefined]);
  });

  it("the text is built once: every request sends the same text", () => {
    let builds = 0;
    const statement = defineStatement<"id">((param) => {
      builds++;
      return `SELECT ${param("id")}`;
    });
    statement.values({ id: 1 });
    statement.values({ id: 2 });
    expect(builds).toBe(1);
    expect(statement.text).toBe("SELECT $1");
  });
});
