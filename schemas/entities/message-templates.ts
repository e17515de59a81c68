/**
 * Translatable messages with values: the server fills an English template's `@name`
 * placeholders in; the interface finds the template again, translates it and puts the same
 * values back.
 */

/**
 * A template with its `@name` placeholders replaced (an unknown name stays as it is).
 *
 * @example
 * fillTemplate('Overlaps @range on the same day', { range: '09:00–12:00' });
 * // 'Overlaps 09:00–12:00 on the same day'
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/@(\w+)/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function that tells which of `templates` a text was filled from, and with which values;
 * undefined for any other text.
 *
 * @example
 * const match = templateMatcher(['Overlaps @range on the same day']);
 * match('Overlaps 09:00–12:00 on the same day');
 * // { template: 'Overlaps @range on the same day', values: { range: '09:00–12:00' } }
 */
export function templateMatcher(
  templates: readonly string[],
): (text: string) => { template: string; values: Record<string, string> } | undefined {
  const matchers = templates.map((template) => ({
    template,
    names: [...template.matchAll(/@(\w+)/g)].map((m) => m[1]!),
    regex: new RegExp(`^${escapeRegExp(template).replace(/@\w+/g, '(.+?)')}$`),
  }));
  return (text) => {
    for (const { template, names, regex } of matchers) {
      const match = regex.exec(text);
      if (match)
        return {
          template,
          values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])),
        };
    }
    return undefined;
  };
}
