import type { RuleTypeDeclaration, ScalarObjectSchema } from '../config/rule-type.schema';

export type { RuleTypeDeclaration } from '../config/rule-type.schema';

/**
 * The kinds of earning rules, in the order of the rules page. Each names the event that feeds it
 * (events.ts), the condition its facts must meet, the key that makes one event pay once (the
 * training for a completion, the UTC day for a daily login, the first day of a run of sign-ins
 * for a streak) and the parameters administrators set. One earning engine pays them all: adding
 * a type is a declaration here and its Arabic strings in translations/interface-ar.json (see the
 * README, "Add an earning rule type").
 */
export const ruleTypeDeclarations = [
  {
    type: 'training_completed',
    label: 'Training completed',
    description: 'Points when a learner finishes every video of a training.',
    event: 'training_completed',
    eventKey: '{training_id}',
    note: '{title}',
    defaults: { enabled: true, points: 100, cooldown_hours: 0, cap: null, cap_period: 'month' },
  },
  {
    type: 'training_subscribed',
    label: 'Training started',
    description: 'Points when a learner subscribes to a training for the first time.',
    event: 'training_subscribed',
    eventKey: '{training_id}',
    note: '{title}',
    defaults: { enabled: true, points: 10, cooldown_hours: 0, cap: 10, cap_period: 'week' },
  },
  {
    type: 'daily_login',
    label: 'Daily login',
    description: 'Points for the first sign-in of a day.',
    event: 'signed_in',
    eventKey: '{day}',
    // Off until an administrator turns it on: signing in alone should not move balances.
    defaults: { enabled: false, points: 5, cooldown_hours: 20, cap: 7, cap_period: 'week' },
  },
  {
    type: 'profile_completed',
    label: 'Profile completed',
    // Every field of their own profile form they fill in themselves (names, language, time
    // zone); job title and country are set by administrators, so they do not count.
    description: 'Points once a learner has filled in every field of their own profile.',
    event: 'profile_completed',
    eventKey: 'once',
    defaults: { enabled: true, points: 50, cooldown_hours: 0, cap: null, cap_period: 'year' },
  },
  {
    type: 'login_streak',
    label: 'Login streak',
    description: 'Points when a learner has signed in a number of days in a row.',
    event: 'signed_in',
    when: [{ fact: 'days_in_a_row', op: 'gte', param: 'days' }],
    // One award per run of days: signing in on the days after it pays nothing more.
    eventKey: '{streak_start}',
    params: {
      type: 'object',
      required: ['days'],
      additionalProperties: false,
      properties: {
        days: {
          type: 'integer',
          title: 'Days in a row',
          description: 'Days on which the learner signed in, in their time zone, without a gap.',
          minimum: 2,
          maximum: 365,
          default: 7,
        },
      },
    },
    defaults: { enabled: false, points: 50, cooldown_hours: 0, cap: null, cap_period: 'month' },
  },
] as const satisfies readonly RuleTypeDeclaration[];

/** The parameter values of a rule (each a scalar). */
export type RuleParams = Record<string, string | number | boolean>;

/** A declared rule type with the defaults of its parameters filled in from their schema. */
export type RuleType = RuleTypeDeclaration & {
  readonly defaults: RuleTypeDeclaration['defaults'] & { readonly params: RuleParams };
};

/** Each parameter's declared `default` (a parameter without one is left out). */
export function paramDefaults(params: ScalarObjectSchema | undefined): RuleParams {
  const defaults: RuleParams = {};
  for (const [name, field] of Object.entries(params?.properties ?? {}))
    if (field.default !== undefined) defaults[name] = field.default;
  return defaults;
}

/** Every rule type, in declared order, its parameters' defaults among its defaults. */
export const ruleTypes: readonly RuleType[] = ruleTypeDeclarations.map(
  (declared: RuleTypeDeclaration) => ({
    ...declared,
    defaults: { ...declared.defaults, params: paramDefaults(declared.params) },
  }),
);
