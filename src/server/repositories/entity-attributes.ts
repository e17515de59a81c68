/** A JSON Schema of an object, as far as its attributes are concerned. */
interface ObjectSchema {
  readonly properties: Readonly<Record<string, unknown>>;
}

/** What is stored in an entity's `attributes` column. */
export type Attributes = Record<string, unknown>;

/**
 * The fields of an entity's schema that its table has no column for, kept together in a jsonb
 * `attributes` column: a field added to the schema is stored, served and checked (by the route's
 * body schema) with no change to the table or the repository.
 *
 * @example
 * const attributes = attributeFields(productInputSchema, ['title', 'price']);
 * attributes.split({ title: 'Mug', price: 5, max_per_order: 2 }); // { max_per_order: 2 }
 * attributes.merge({}); // { max_per_order: null }: the declared default
 */
export function attributeFields(schema: ObjectSchema, columns: readonly string[]) {
  const fields = Object.keys(schema.properties).filter((name) => !columns.includes(name));
  const defaults: Attributes = {};
  for (const name of fields) {
    const field = schema.properties[name];
    if (typeof field === 'object' && field !== null && 'default' in field)
      defaults[name] = field.default;
  }
  return {
    /** The declared fields without a column, in the schema's order. */
    fields,
    /** What to store of an input: its values of the fields without a column (others left out). */
    split(input: object): Attributes {
      const values = input as Attributes;
      return Object.fromEntries(
        fields.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]),
      );
    },
    /**
     * The stored attributes as served: each declared field's value, else its `default` (a field
     * declared after the row was saved). Those no longer declared, or not among `only`, are left
     * out.
     */
    merge(stored: Attributes | null, only?: ObjectSchema): Attributes {
      const served: Attributes = {};
      for (const name of fields) {
        if (only && !(name in only.properties)) continue;
        const value = stored && name in stored ? stored[name] : defaults[name];
        if (value !== undefined) served[name] = value;
      }
      return served;
    },
  };
}
