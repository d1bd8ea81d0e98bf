/**
 * The columns prisma/schema.prisma declares, for tests that check a hand-written SQL store against
 * the schema: a migration that adds, drops or retypes a column fails them instead of leaving a
 * column list behind.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** A column as plain SQL meets it: how it is cast, and timestamps (read as dates). */
export type SchemaColumnKind = "uuid" | "text" | "int" | "boolean" | "json" | "timestamp" | "date" | { enum: string } | { list: SchemaColumnKind };

export interface SchemaColumn {
  name: string;
  kind: SchemaColumnKind;
  optional: boolean;
  /** The database fills it when an insert leaves it out (`@default`; `@updatedAt` is Prisma's, not the database's). */
  hasDatabaseDefault: boolean;
}

const SCHEMA = path.resolve(__dirname, "../../prisma/schema.prisma");

function blocks(schema: string, keyword: "model" | "enum"): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of schema.matchAll(new RegExp(`^${keyword} (\\w+) \\{\\n([\\s\\S]*?)^\\}`, "gm"))) {
    found.set(match[1]!, match[2]!.split("\n"));
  }
  return found;
}

function kindOf(type: string, attributes: string, enums: Set<string>): SchemaColumnKind {
  if (enums.has(type)) return { enum: type };
  switch (type) {
    case "String":
      return attributes.includes("@db.Uuid") ? "uuid" : "text";
    case "Int":
      return "int";
    case "Boolean":
      return "boolean";
    case "Json":
      return "json";
    case "DateTime":
      return attributes.includes("@db.Date") ? "date" : "timestamp";
    default:
      throw new Error(`prisma-schema.ts does not know the type ${type}: teach it`);
  }
}

/** The columns of `model` (relation fields are not columns), in the schema's order. */
export function schemaColumns(model: string): SchemaColumn[] {
  const schema = readFileSync(SCHEMA, "utf8");
  const models = blocks(schema, "model");
  const enums = new Set(blocks(schema, "enum").keys());
  const lines = models.get(model);
  if (!lines) throw new Error(`prisma/schema.prisma has no model ${model}`);
  const columns: SchemaColumn[] = [];
  for (const line of lines) {
    const field = /^\s+(\w+)\s+(\w+)(\[\]|\?)?(.*)$/.exec(line);
    if (!field) continue; // blank, a comment (///) or a block attribute (@@id, @@index)
    const [, name, type, modifier, attributes] = field as unknown as [string, string, string, string | undefined, string];
    if (models.has(type)) continue;
    const kind = kindOf(type, attributes, enums);
    columns.push({
      name,
      kind: modifier === "[]" ? { list: kind } : kind,
      optional: modifier === "?",
      hasDatabaseDefault: attributes.includes("@default("),
    });
  }
  return columns;
}

/** The columns of `model` as `{ name: kind }`, to compare with a store's own column map. */
export function schemaColumnKinds(model: string): Record<string, SchemaColumnKind> {
  return Object.fromEntries(schemaColumns(model).map((c) => [c.name, c.kind]));
}

/** The columns an insert into `model` must name: required, without a database default. */
export function columnsAnInsertMustName(model: string): string[] {
  return schemaColumns(model)
    .filter((c) => !c.optional && !c.hasDatabaseDefault)
    .map((c) => c.name);
}

/** The column list of the first `INSERT INTO "<table>" (...)` in `sql`, unquoted. */
export function insertedColumns(sql: string, table: string): string[] {
  const match = new RegExp(`INSERT INTO "${table}"\\s*\\(([^)]*)\\)`).exec(sql);
  if (!match) throw new Error(`no INSERT INTO "${table}" in the statement`);
  return match[1]!.split(",").map((c) => c.trim().replace(/^"(.*)"$/, "$1"));
}
