import type { FromSchema } from 'json-schema-to-ts';
import { ruleSchema } from '../entities/incentives.schema';

const rule = ruleSchema.properties;

/** How a rule's condition compares an event's fact with a value or a parameter of the rule. */
export const conditionOperators = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

/** The JSON Schema types a fact or a parameter may have: single values a condition compares. */
const scalarTypes = ['integer', 'number', 'string', 'boolean'] as const;

/** A fact of an event or a parameter of a rule type: one scalar value, with a title to show. */
const scalarSchema = {
  type: 'object',
  required: ['type', 'title'],
  properties: {
    type: { type: 'string', enum: scalarTypes },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string', maxLength: 500 },
  },
} as const;

/** An object of named scalars: the facts of an event, the parameters of a rule type. */
const scalarObjectSchema = {
  type: 'object',
  required: ['type', 'properties'],
  properties: {
    type: { const: 'object' },
    properties: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
      additionalProperties: scalarSchema,
    },
    required: { type: 'array', items: { type: 'string' } },
    additionalProperties: { type: 'boolean' },
  },
} as const;

/**
 * The meta-schema of an earning event (schemas/incentives/events.ts): something the server tells
 * the earning rules about a user, such as signing in. Its key, the English label and description
 * of the rules page, and the JSON Schema of the facts it carries, which rule types test in their
 * conditions and fill their event keys from. The server checks every declared event against it
 * when it starts.
 */
export const earningEventSchema = {
  $id: 'atrium:config:earning-event',
  type: 'object',
  required: ['event', 'label', 'description', 'facts'],
  additionalProperties: false,
  properties: {
    event: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string', minLength: 1, maxLength: 500 },
    facts: scalarObjectSchema,
  },
} as const;
export type EarningEventConfig = FromSchema<typeof earningEventSchema>;

/**
 * The meta-schema of an earning rule type (schemas/incentives/rule-types.ts). A type names the
 * event that feeds it, a condition over the event's facts (every test must hold; a test compares
 * a fact with a fixed `value` or with a `param` of the rule, which administrators set), the
 * event key that makes one event pay once (`{fact}` placeholders filled from the facts, e.g.
 * `{training_id}`, or fixed text such as `once`), the ledger note (default: the label), the JSON
 * Schema of its parameters (each with a `title` and a `default`) and its defaults. The server
 * checks every declared type against it when it starts, and that each names only known events,
 * facts and parameters.
 */
export const ruleTypeSchema = {
  $id: 'atrium:config:rule-type',
  type: 'object',
  required: ['type', 'label', 'description', 'event', 'eventKey', 'defaults'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string', minLength: 1, maxLength: 500 },
    event: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    when: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['fact', 'op'],
        additionalProperties: false,
        properties: {
          fact: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
          op: { type: 'string', enum: conditionOperators },
          value: { type: ['integer', 'number', 'string', 'boolean'] },
          param: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
        },
        oneOf: [{ required: ['value'] }, { required: ['param'] }],
      },
    },
    eventKey: { type: 'string', minLength: 1, maxLength: 200 },
    note: { type: 'string', minLength: 1, maxLength: 200 },
    params: scalarObjectSchema,
    defaults: {
      type: 'object',
      required: ['enabled', 'points', 'cooldown_hours', 'cap', 'cap_period'],
      additionalProperties: false,
      // The rule an administrator starts from: the fields of a stored rule, as it declares them.
      properties: {
        enabled: rule.enabled,
        points: rule.points,
        cooldown_hours: rule.cooldown_hours,
        cap: rule.cap,
        cap_period: rule.cap_period,
      },
    },
  },
} as const;
export type RuleTypeConfig = FromSchema<typeof ruleTypeSchema>;

/** A scalar's JSON Schema as an `as const` declaration holds it. */
export interface ScalarSchema {
  readonly type: (typeof scalarTypes)[number];
  readonly title: string;
  readonly description?: string;
  readonly default?: string | number | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly (string | number)[];
  readonly format?: string;
}

/** The facts of an event or the parameters of a rule type, as an `as const` declaration holds them. */
export interface ScalarObjectSchema {
  readonly type: 'object';
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly properties: Readonly<Record<string, ScalarSchema>>;
}

/** A declared earning event as TypeScript sees an `as const` declaration. */
export interface EarningEventDeclaration {
  readonly event: string;
  readonly label: string;
  readonly description: string;
  readonly facts: ScalarObjectSchema;
}

/** One test of a rule type's condition. */
export type RuleCondition =
  | {
      readonly fact: string;
      readonly op: ConditionOperator;
      readonly value: string | number | boolean;
    }
  | { readonly fact: string; readonly op: ConditionOperator; readonly param: string };

/** A declared earning rule type as TypeScript sees an `as const` declaration. */
export interface RuleTypeDeclaration {
  readonly type: string;
  /** English label of the rules page, and the ledger note of an award unless `note` says. */
  readonly label: string;
  readonly description: string;
  /** The event that feeds it (schemas/incentives/events.ts). */
  readonly event: string;
  /** Every test must hold for an event to pay; none: every event of its kind pays. */
  readonly when?: readonly RuleCondition[];
  /** What one event is, so the same one never pays twice: `{fact}` placeholders and text. */
  readonly eventKey: string;
  /** The ledger note of an award: `{fact}` placeholders and text (default: the label). */
  readonly note?: string;
  /** Parameters administrators set on the rules page (each with a `title` and `default`). */
  readonly params?: ScalarObjectSchema;
  readonly defaults: {
    readonly enabled: boolean;
    readonly points: number;
    readonly cooldown_hours: number;
    readonly cap: number | null;
    readonly cap_period: 'day' | 'week' | 'month' | 'year';
  };
}
