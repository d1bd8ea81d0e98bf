/**
 * The PostgreSQL project holds a file for every lib/ module with hand-written SQL
 * (tests/postgres-files.ts): a module that gains such SQL fails here until the files that drive
 * it are listed, and a listing that names a file which is gone, or a module without SQL, fails too.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HAND_WRITTEN_SQL, holdsHandWrittenSql, postgresProjectFiles } from "./postgres-files";

const ROOT = path.resolve(__dirname, "..");

function libModules(dir = "lib"): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return relative === "lib/db/generated" ? [] : libModules(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("the PostgreSQL project's files", () => {
  it("every lib/ module with hand-written SQL is listed, and every listed module has some", () => {
    const withSql = libModules().filter((file) => holdsHandWrittenSql(readFileSync(path.join(ROOT, file), "utf8")));
    expect(withSql.length).toBeGreaterThan(0);
    expect(Object.keys(HAND_WRITTEN_SQL).sort()).toEqual(withSql.sort());
  });

  it("every listed file exists and is an integration or a PostgreSQL test", () => {
    for (const files of Object.values(HAND_WRITTEN_SQL)) {
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        expect(file).toMatch(/^tests\/(integration|postgres)\/[a-z0-9-]+\.test\.ts$/);
        expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      }
    }
  });

  it("the project takes tests/postgres and each listed integration file once", () => {
    const files = postgresProjectFiles();
    expect(files[0]).toBe("tests/postgres/**/*.test.ts");
    expect(new Set(files).size).toBe(files.length);
    expect(files).toContain("tests/integration/login-rows.test.ts");
  });

  it("the heuristic sees the forms Porta's SQL takes, and not Prisma's query builder", () => {
    expect(holdsHandWrittenSql('const SQL = `UPDATE "LoginTransaction" SET "state" = $1`;')).toBe(true);
    expect(holdsHandWrittenSql("await tx.$queryRaw`SELECT 1`;")).toBe(true);
    expect(holdsHandWrittenSql("await (await db()).query<Row>(SQL, [id]);")).toBe(true);
    expect(holdsHandWrittenSql("INSERT INTO \"SeenJti\" VALUES ($1) ON CONFLICT DO NOTHING")).toBe(true);
    expect(holdsHandWrittenSql("await db.login.updateMany({ where, data });")).toBe(false);
    expect(holdsHandWrittenSql("// Select the eID, then update the login.")).toBe(false);
  });
});
