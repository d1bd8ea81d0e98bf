/**
 * Plain SQL statements composed of parts that each belong to the store owning their rows (a code
 * redemption holds the abuse-limit read and the jti insert; a login's move holds the new SSO
 * session's insert). No part chooses or knows another's parameter numbers: the builder numbers them.
 * - `defineStatement`: parts name their parameters, numbered `$1`, `$2`, … in order of first use,
 *   one number per name. Such a statement is built once, when its module loads: its text is the
 *   same for every request, so PostgreSQL prepares it once per connection (lib/db/client.ts).
 * - `StatementParams`: for a statement whose text depends on its values (a move writes the columns
 *   it changes), each value is numbered as it is added.
 */

/** The placeholder (`$n`) of the parameter `name` in the statement being built. */
export type Param<Name extends string> = (name: Name) => string;

export interface Statement<Name extends string> {
  readonly text: string;
  /** The parameters' values in the order of their placeholders. */
  values(named: Readonly<Record<Name, unknown>>): unknown[];
  /**
   * The same from two parts that between them name every parameter (the statement's own values
   * and those of a part another module owns), read where they are: merging them into one object
   * first cost a hot path more than the rest of its bookkeeping.
   */
  valuesFrom<Own extends Name>(own: Readonly<Record<Own, unknown>>, rest: Readonly<Record<Exclude<Name, Own>, unknown>>): unknown[];
}

export function defineStatement<Name extends string>(build: (param: Param<Name>) => string): Statement<Name> {
  const names: Name[] = [];
  const text = build((name) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return {
    text,
    values: (named) => names.map((name) => named[name]),
    valuesFrom: (own, rest) => names.map((name) => (name in own ? (own as Record<string, unknown>)[name] : (rest as Record<string, unknown>)[name])),
  };
}

/** The parameters of a statement built for its values: each added value gets the next number. */
export class StatementParams {
  readonly values: unknown[] = [];

  /** `value` as the statement's next parameter; returns its placeholder (`$n`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
