import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  earningEventSchema,
  ruleTypeSchema,
  type ConditionOperator,
  type EarningEventDeclaration,
  type RuleTypeDeclaration,
} from '@schemas/config/rule-type.schema';
import type { Rule } from '@schemas/entities/incentives.schema';
import { earningEvents } from '@schemas/incentives/events';
import { ruleTypes, type RuleParams, type RuleType } from '@schemas/incentives/rule-types';
import { assertJsonSchema, validationMessages, type FieldMessage } from '@engine/server';
import { routeAjv } from './route-ajv';

/** What an event tells the earning rules: named scalar values (its catalogue entry's `facts`). */
export type Facts = Readonly<Record<string, string | number | boolean>>;

/** A declared rule type made ready to judge and pay events. */
export interface CompiledRuleType {
  declaration: RuleType;
  /** Whether an event's facts meet the type's condition with a rule's parameter values. */
  matches(facts: Facts, params: RuleParams): boolean;
  /** The event key: the declaration's `{fact}` placeholders filled in. */
  eventKey(facts: Facts): string;
  /** The ledger note: the declaration's `note` filled in, or its label. */
  note(facts: Facts): string;
}

/** The earning events and rule types, checked, with the rule types each event feeds. */
export interface EarningCatalogue {
  events: ReadonlyMap<string, { declaration: EarningEventDeclaration; facts: ValidateFunction }>;
  ruleTypes: ReadonlyMap<string, CompiledRuleType & { params: ValidateFunction }>;
  /** The rule types of each event, in declared order (events no rule type names are absent). */
  byEvent: ReadonlyMap<string, readonly CompiledRuleType[]>;
}

const PLACEHOLDER = /\{([a-z][a-z0-9_]*)\}/g;
const ORDERED: readonly ConditionOperator[] = ['gt', 'gte', 'lt', 'lte'];

function compare(op: ConditionOperator, left: unknown, right: unknown): boolean {
  switch (op) {
    case 'eq':
      return left === right;
    case 'ne':
      return left !== right;
    default: {
      // Numbers compare as numbers, dates (YYYY-MM-DD) and other texts as texts.
      if (typeof left !== typeof right || (typeof left !== 'number' && typeof left !== 'string'))
        return false;
      const a = left;
      const b = right as number | string;
      return op === 'gt' ? a > b : op === 'gte' ? a >= b : op === 'lt' ? a < b : a <= b;
    }
  }
}

const fill = (template: string, facts: Facts) =>
  template.replace(PLACEHOLDER, (_, name: string) => String(facts[name] ?? ''));

const placeholders = (template: string) => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);

const listed = (names: readonly string[]) => (names.length ? names.join(', ') : 'none');

function schemaProblems(where: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${where}${e.instancePath}: ${e.message ?? 'is not valid'}`);
}

/**
 * Checks the earning events and rule types against their meta-schemas and each other, and makes
 * them ready to use: the server runs it when it starts, so a rule type naming an event, a fact or
 * a parameter that is not declared stops the start with a message that names the rule type and
 * what is known, instead of a rule that nothing ever pays.
 *
 * @throws Error listing every problem
 * @example
 * checkedEarningCatalogue(earningEvents, [{ ...declared, when: [{ fact: 'dayz', op: 'gte', value: 2 }] }]);
 * // Error: … rule type "login_streak": its condition names the fact "dayz", which the event "signed_in" does not carry (its facts: day, …)
 */
export function checkedEarningCatalogue(
  eventDeclarations: readonly EarningEventDeclaration[],
  typeDeclarations: readonly RuleType[],
): EarningCatalogue {
  const ajv = routeAjv();
  const problems: string[] = [];
  const checkEvent = ajv.compile(earningEventSchema);
  const checkType = ajv.compile(ruleTypeSchema);

  const events = new Map<
    string,
    { declaration: EarningEventDeclaration; facts: ValidateFunction }
  >();
  eventDeclarations.forEach((declared, index) => {
    const where = `event "${declared.event ?? index}"`;
    if (!checkEvent(declared)) {
      problems.push(...schemaProblems(where, checkEvent.errors));
      return;
    }
    if (events.has(declared.event)) problems.push(`${where}: declared twice`);
    try {
      assertJsonSchema(declared.facts);
      events.set(declared.event, { declaration: declared, facts: ajv.compile(declared.facts) });
    } catch (error) {
      problems.push(`${where}: its facts schema does not compile: ${(error as Error).message}`);
    }
  });
  const knownEvents = [...events.keys()];

  const compiled = new Map<string, CompiledRuleType & { params: ValidateFunction }>();
  typeDeclarations.forEach((declared, index) => {
    const where = `rule type "${declared.type ?? index}"`;
    const { defaults: _defaults, ...shape } = declared;
    if (!checkType({ ...shape, defaults: _defaults && omitParams(_defaults) })) {
      problems.push(...schemaProblems(where, checkType.errors));
      return;
    }
    if (compiled.has(declared.type)) problems.push(`${where}: declared twice`);
    const event = events.get(declared.event);
    if (!event) {
      problems.push(
        `${where}: names the event "${declared.event}", which is not declared (events: ${listed(knownEvents)})`,
      );
      return;
    }
    const facts = event.declaration.facts.properties;
    const knownFacts = Object.keys(facts);
    const params = declared.params?.properties ?? {};
    const knownParams = Object.keys(params);
    let valid = true;
    const problem = (text: string) => {
      valid = false;
      problems.push(`${where}: ${text}`);
    };
    for (const test of declared.when ?? []) {
      const fact = facts[test.fact];
      if (!fact) {
        problem(
          `its condition names the fact "${test.fact}", which the event "${declared.event}" does not carry (its facts: ${listed(knownFacts)})`,
        );
        continue;
      }
      if ('param' in test && !params[test.param])
        problem(
          `its condition names the parameter "${test.param}", which it does not declare (its parameters: ${listed(knownParams)})`,
        );
      if (ORDERED.includes(test.op) && fact.type === 'boolean')
        problem(`its condition compares the yes-or-no fact "${test.fact}" with "${test.op}"`);
    }
    for (const [field, template] of [
      ['eventKey', declared.eventKey],
      ['note', declared.note ?? ''],
    ] as const)
      for (const name of placeholders(template))
        if (!facts[name])
          problem(
            `its ${field} names the fact "{${name}}", which the event "${declared.event}" does not carry (its facts: ${listed(knownFacts)})`,
          );
    for (const [name, field] of Object.entries(params))
      if (field.default === undefined) problem(`its parameter "${name}" needs a default`);
    let validateParams: ValidateFunction | undefined;
    try {
      const paramsSchema = declared.params ?? { type: 'object', properties: {} };
      assertJsonSchema(paramsSchema);
      validateParams = ajv.compile(paramsSchema);
      if (!validateParams({ ...declared.defaults.params }))
        problem(`the defaults of its parameters do not fit their schema`);
    } catch (error) {
      problem(`its parameter schema does not compile: ${(error as Error).message}`);
    }
    if (!valid || !validateParams) return;
    const when = declared.when ?? [];
    compiled.set(declared.type, {
      declaration: declared,
      params: validateParams,
      matches: (eventFacts, values) =>
        when.every((test) =>
          compare(
            test.op,
            eventFacts[test.fact],
            'param' in test ? values[test.param] : test.value,
          ),
        ),
      eventKey: (eventFacts) => fill(declared.eventKey, eventFacts),
      note: (eventFacts) => (declared.note ? fill(declared.note, eventFacts) : declared.label),
    });
  });

  if (problems.length)
    throw new Error(
      `The earning events and rule types (schemas/incentives/) are not valid:\n${problems
        .map((p) => `- ${p}`)
        .join('\n')}`,
    );

  const byEvent = new Map<string, CompiledRuleType[]>();
  for (const type of compiled.values()) {
    const list = byEvent.get(type.declaration.event) ?? [];
    list.push(type);
    byEvent.set(type.declaration.event, list);
  }
  return { events, ruleTypes: compiled, byEvent };
}

function omitParams(defaults: RuleType['defaults']): RuleTypeDeclaration['defaults'] {
  const { params: _params, ...rest } = defaults;
  return rest;
}

/** The project's earning events and rule types, checked when the server starts. */
export const earningCatalogue = checkedEarningCatalogue(earningEvents, ruleTypes);

/**
 * Checks the parameters of saved rules against their types' schemas, filling in the declared
 * defaults of those left out (in place). Rules of unknown types are left to the caller. Returns
 * field messages with bracket paths (`rules[4][params][days]`).
 */
export function ruleParamProblems(rules: readonly Rule[]): FieldMessage[] {
  const messages: FieldMessage[] = [];
  rules.forEach((rule, index) => {
    const type = earningCatalogue.ruleTypes.get(rule.type);
    if (!type) return;
    const params = (rule as { params?: Record<string, unknown> }).params ?? {};
    (rule as { params?: Record<string, unknown> }).params = params;
    if (type.params(params)) return;
    messages.push(
      ...validationMessages(
        (type.params.errors ?? []).map((e) => ({
          ...e,
          instancePath: `/rules/${index}/params${e.instancePath}`,
        })),
      ),
    );
  });
  return messages;
}
