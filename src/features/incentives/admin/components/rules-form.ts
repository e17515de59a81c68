import type { Rule, Rules } from '@schemas/entities/incentives.schema';
import type { RuleType } from '@schemas/incentives/rule-types';

/**
 * One rule per declared type, in the declared order: the stored rule where there is one, the
 * type's defaults otherwise, its parameters over their declared defaults. Stored rules of types
 * no longer declared are kept at the end so a save never drops them.
 */
export function rulesForEditing(stored: Rules, types: readonly RuleType[]): Rule[] {
  const byType = new Map(stored.rules.map((rule) => [rule.type, rule]));
  const declared = types.map((type) => {
    const rule = byType.get(type.type);
    return rule
      ? { ...rule, params: { ...type.defaults.params, ...rule.params } }
      : { type: type.type, ...type.defaults };
  });
  const known = new Set(types.map((type) => type.type));
  return [...declared, ...stored.rules.filter((rule) => !known.has(rule.type))];
}
