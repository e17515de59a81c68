/** How large an organisation the scale benchmark builds: totals after growing the demo site. */
export interface ScaleSize {
  name: 'large' | 'medium';
  /** Every account, the demo's included. */
  users: number;
  organizations: number;
  languages: number;
  trainings: number;
  /** Learners' enrolments (about: a learner's repeated draw of a training is dropped). */
  subscriptions: number;
  /** About: each subscription watches a share of its training's videos (see the generator). */
  watchedVideos: number;
  /** Points ledger rows added; every tenth is an order's redemption. */
  ledgerRows: number;
  /** Reward products. */
  rewards: number;
  /** Sections of each storefront layout. */
  sectionsPerLayout: number;
  /** Users who keep their own availability (trainers and course administrators). */
  trainers: number;
  /** Of the trainers: course administrators, who manage everyone's availability. */
  courseAdmins: number;
  /** Administrators: the audit log's actors, with the course administrators. */
  administrators: number;
  auditRows: number;
  /** Points lots whose expiry date has passed with points left in them. */
  dueLots: number;
}

/** Every tenth ledger row of a user is a redemption, so the orders are a tenth of the rows. */
export const LEDGER_ROWS_PER_ORDER = 10;

/** The organisation the design is for: 100,000 people on one PostgreSQL. */
export const LARGE: ScaleSize = {
  name: 'large',
  users: 100_000,
  organizations: 200,
  languages: 10,
  trainings: 5_000,
  subscriptions: 500_000,
  watchedVideos: 1_360_000,
  ledgerRows: 2_000_000,
  rewards: 2_000,
  sectionsPerLayout: 300,
  trainers: 1_076,
  courseAdmins: 76,
  administrators: 200,
  auditRows: 500_000,
  dueLots: 15_000,
};

/**
 * A tenth of {@link LARGE}, for PGlite (the default database, inside the server's process):
 * the languages and the storefront's sections stay, the rest grows with the people.
 */
export const MEDIUM: ScaleSize = {
  name: 'medium',
  users: 10_000,
  organizations: 20,
  languages: 10,
  trainings: 500,
  subscriptions: 50_000,
  watchedVideos: 136_000,
  ledgerRows: 200_000,
  rewards: 200,
  sectionsPerLayout: 300,
  trainers: 108,
  courseAdmins: 8,
  administrators: 20,
  auditRows: 50_000,
  dueLots: 1_500,
};

/** The sizes by name, for `BENCH_SCALE_SIZE`. */
export const SIZES = { large: LARGE, medium: MEDIUM } as const;
