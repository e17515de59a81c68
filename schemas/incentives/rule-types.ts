/**
 * The kinds of earning rules. Each names the catalogue event that feeds it and the key that
 * makes one event pay once (`event_key`: e.g. the training id for a completion, the day for a
 * daily login). Adding a type: declare it here, emit its event where it happens in the server
 * (`app.repos.earning.award(uid, type, eventKey)`, or `awardSafely` in a request hook), and give it Arabic in the translations.
 */
export interface RuleTypeDeclaration {
  readonly type: string;
  /** English label of the rules page. */
  readonly label: string;
  readonly description: string;
  /** What one event is, so the same one never pays twice. */
  readonly eventKey: string;
  readonly defaults: {
    readonly enabled: boolean;
    readonly points: number;
    readonly cooldown_hours: number;
    readonly cap: number | null;
    readonly cap_period: 'day' | 'week' | 'month' | 'year';
  };
}

export const ruleTypes: readonly RuleTypeDeclaration[] = [
  {
    type: 'training_completed',
    label: 'Training completed',
    description: 'Points when a learner finishes every video of a training.',
    eventKey: 'the training',
    defaults: { enabled: true, points: 100, cooldown_hours: 0, cap: null, cap_period: 'month' },
  },
  {
    type: 'training_subscribed',
    label: 'Training started',
    description: 'Points when a learner subscribes to a training for the first time.',
    eventKey: 'the training',
    defaults: { enabled: true, points: 10, cooldown_hours: 0, cap: 10, cap_period: 'week' },
  },
  {
    type: 'daily_login',
    label: 'Daily login',
    description: 'Points for the first sign-in of a day.',
    eventKey: 'the day',
    // Off until an administrator turns it on: signing in alone should not move balances.
    defaults: { enabled: false, points: 5, cooldown_hours: 20, cap: 7, cap_period: 'week' },
  },
  {
    type: 'profile_completed',
    label: 'Profile completed',
    // Every field of their own profile form they fill in themselves (names, language, time
    // zone); job title and country are set by administrators, so they do not count.
    description: 'Points once a learner has filled in every field of their own profile.',
    eventKey: 'once',
    defaults: { enabled: true, points: 50, cooldown_hours: 0, cap: null, cap_period: 'year' },
  },
] as const;
