/**
 * A plain SQL statement composed of parts that each belong to the store owning their rows (a code
 * redemption holds the abuse-limit read and the jti insert). Parts name their parameters; the
 * builder numbers them (`$1`, `$2`, … in order of first use, one number per name), so no part
 * chooses or knows another's numbers. A statement is built once, when its module loads: its text is
 * the same for every request, so PostgreSQL prepares it once per connection (lib/db/client.ts).
 */

/** The placeholder (`$n`) of the parameter `name` in the statement being built. */
export type Param<Name extends string> = (name: Name) => string;

export interface Statement<Name extends string> {
  readonly text: string;
  /** The parameters' values in the order of their placeholders. */
  values(named: Readonly<Record<Name, unknown>>): unknown[];
}

export function defineStatement<Name extends string>(build: (param: Param<Name>) => string): Statement<Name> {
  const names: Name[] = [];
  const text = build((name) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text, values: (named) => names.map((name) => named[name]) };
}
