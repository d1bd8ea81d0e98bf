/** A comparable description of a database schema: columns, constraints, indexes and enums. */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export interface SchemaDescription {
  columns: unknown[];
  constraints: unknown[];
  indexes: unknown[];
  enums: unknown[];
}

export async function describeSchema(query: Query): Promise<SchemaDescription> {
  const notHistory = (column: string) => `${column} <> '_prisma_migrations'`;
  return {
    columns: await query(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public' AND ${notHistory("table_name")} ORDER BY 1, 2`,
    ),
    constraints: await query(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND ${notHistory("conrelid::regclass::text")}
       ORDER BY 1, 2`,
    ),
    indexes: await query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND ${notHistory("tablename")} ORDER BY 1, 2`,
    ),
    enums: await query(
      `SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public' ORDER BY 1, 3`,
    ),
  };
}
