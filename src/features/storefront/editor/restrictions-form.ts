import type {
  RestrictionItem,
  StorefrontRestrictionOptions,
} from '@schemas/entities/storefront.schema';

/** The restrictions form's data: one value (or list) per restriction type. */
export type RestrictionsForm = Record<string, RestrictionItem['value'] | undefined>;

const isNumeric = (options: StorefrontRestrictionOptions) =>
  options.options.length > 0 && options.options.every((o) => typeof o.value === 'number');

/**
 * The JSON Schema of a section's restrictions form: one field per restriction type the layout
 * offers and the section type allows (and that has options), a select or a multi-select as the
 * layout says. Every field is optional: an empty one restricts nothing.
 */
export function restrictionsFormSchema(
  offered: readonly StorefrontRestrictionOptions[],
  allowed: readonly string[],
): { type: 'object'; title: string; properties: Record<string, object> } {
  const properties: Record<string, object> = {};
  for (const r of offered) {
    if (!allowed.includes(r.type) || r.options.length === 0) continue;
    const choice = {
      type: isNumeric(r) ? 'integer' : 'string',
      oneOf: r.options.map((o) => ({ const: o.value, title: o.label })),
    };
    properties[r.type] = r.multiple
      ? { type: 'array', title: r.label, uniqueItems: true, items: choice }
      : { ...choice, title: r.label };
  }
  return { type: 'object', title: 'Who sees this section', properties };
}

/** A section's restriction items as the form's data. */
export function restrictionsToForm(
  items: readonly RestrictionItem[],
  offered: readonly StorefrontRestrictionOptions[],
): RestrictionsForm {
  const form: RestrictionsForm = {};
  for (const item of items) {
    const r = offered.find((o) => o.type === item.type);
    if (!r) continue;
    const values = Array.isArray(item.value) ? item.value : [item.value];
    form[item.type] = r.multiple ? values : values[0];
  }
  return form;
}

/**
 * The form's data as restriction items (rule `and`), in the order the layout offers the types.
 * Items of types the form does not show are kept as they were.
 */
export function formToRestrictions(
  form: RestrictionsForm,
  previous: readonly RestrictionItem[],
  offered: readonly StorefrontRestrictionOptions[],
  allowed: readonly string[],
): RestrictionItem[] {
  const shown = new Set(
    offered.filter((r) => allowed.includes(r.type) && r.options.length > 0).map((r) => r.type),
  );
  const kept = previous.filter((item) => !shown.has(item.type as never));
  const items: RestrictionItem[] = [];
  for (const r of offered) {
    if (!shown.has(r.type)) continue;
    const value = form[r.type];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    items.push({ rule: 'and', type: r.type, value });
  }
  return [...items, ...kept];
}

/**
 * A section's restrictions in words, one `Label: a, b` line per item, with option labels where
 * the layout knows them. Labels are returned as English sources for `t()`.
 */
export function describeRestrictions(
  items: readonly RestrictionItem[],
  offered: readonly StorefrontRestrictionOptions[],
): { label: string; values: string[] }[] {
  return items.map((item) => {
    const r = offered.find((o) => o.type === item.type);
    const values = (Array.isArray(item.value) ? item.value : [item.value]).map(
      (v) => r?.options.find((o) => String(o.value) === String(v))?.label ?? String(v),
    );
    return { label: r?.label ?? item.type, values };
  });
}
