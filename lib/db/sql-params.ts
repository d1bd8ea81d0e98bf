/**
 * The parameters of one plain SQL statement, numbered as they are added: a fragment takes its
 * placeholders from the statement it is composed into, so no piece depends on where another
 * piece's parameters end.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /** `value` as the statement's next parameter; returns its placeholder (`$n`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
