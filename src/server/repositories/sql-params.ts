/** Collects positional parameters while a query is assembled: `params.add(v)` returns `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder, with an optional cast (`::int[]`). */
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}
