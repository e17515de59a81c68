import type { FromSchema } from 'json-schema-to-ts';
import {
  contentTranslationsSchema,
  dateSchema,
  dateTimeSchema,
  embed,
  instantSchema,
  pageQuerySchema,
  seekQuerySchema,
} from './common.schema';
import { fillTemplate, templateMatcher } from './message-templates';
import { restrictionItemSchema } from './storefront.schema';
import { weeklyCounts } from './weekly-counts';

const date = embed(dateSchema);
const dateTime = embed(dateTimeSchema);
const instant = embed(instantSchema);
const nullableDateTime = { anyOf: [dateTime, { type: 'null' }] } as const;
const nullableInstant = { anyOf: [instant, { type: 'null' }] } as const;
const imageSchema = {
  type: 'object',
  title: 'Image',
  required: ['url', 'alt'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', title: 'Image address', maxLength: 2048 },
    alt: { type: 'string', title: 'Image description', maxLength: 300 },
  },
} as const;
/**
 * A reward's picture or the shop's banner: its description, like the texts around it, has a text
 * per site language.
 */
const describedImageSchema = {
  ...imageSchema,
  properties: {
    ...imageSchema.properties,
    alt: { ...imageSchema.properties.alt, 'x-translatable': true },
  },
} as const;

/* ------------------------------------------------------------------ products (admin) */

/** A declared `default` fills a field the server reads, never one a caller must send. */
type DefaultedOptional = { keepDefaultedPropertiesOptional: true };

/**
 * What an administrator enters for a reward product (`POST incentives/products`, and
 * `PATCH incentives/products/{id}` with the whole product minus its id). `stock`,
 * `per_user_limit` and `max_per_order` null mean unlimited; the availability window is optional
 * at both ends.
 *
 * A property added here is stored, served and shown in the product form with nothing else
 * changed: the fields that are not columns of `incentive_products` are kept in its `attributes`
 * (migration 0015), checked against this schema on every save. Learners see those that
 * `shopProductSchema` lists too.
 */
export const productInputSchema = {
  $id: 'atrium:incentive-product-input',
  type: 'object',
  required: ['title', 'price'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', title: 'Title', minLength: 1, maxLength: 200, 'x-translatable': true },
    description: {
      type: 'string',
      title: 'Description',
      maxLength: 20_000,
      'x-translatable': true,
    },
    image: describedImageSchema,
    price: { type: 'integer', title: 'Price in points', minimum: 1, maximum: 1_000_000 },
    stock: {
      type: ['integer', 'null'],
      title: 'Stock (empty: unlimited)',
      minimum: 0,
      maximum: 1_000_000,
    },
    per_user_limit: {
      type: ['integer', 'null'],
      title: 'Limit per person (empty: none)',
      minimum: 1,
      maximum: 1000,
    },
    /** Most units of this product in one order (null: no limit). */
    max_per_order: {
      type: ['integer', 'null'],
      title: 'Most per order (empty: no limit)',
      minimum: 1,
      maximum: 1000,
      default: null,
    },
    available_from: { ...nullableDateTime, title: 'Available from' },
    available_until: { ...nullableDateTime, title: 'Available until' },
    published: { type: 'boolean', title: 'Published in the shop' },
    restrictions: {
      type: 'array',
      title: 'Who may buy it',
      maxItems: 50,
      items: embed(restrictionItemSchema),
    },
  },
} as const;
export type ProductInput = FromSchema<typeof productInputSchema, DefaultedOptional>;

/** `POST|PATCH incentives/products`: a product, with its texts in the other languages. */
export const productBodySchema = {
  ...productInputSchema,
  $id: 'atrium:incentive-product-body',
  properties: {
    ...productInputSchema.properties,
    translations: embed(contentTranslationsSchema),
  },
} as const;

/**
 * The product fields Atrium itself knows: each has its own column of `incentive_products` and
 * its own control in the product form. Any other field `productInputSchema` declares is an
 * attribute, stored in the `attributes` column and edited as the schema describes it.
 */
export const productBuiltInFields = [
  'title',
  'description',
  'image',
  'price',
  'stock',
  'per_user_limit',
  'available_from',
  'available_until',
  'published',
  'restrictions',
] as const satisfies readonly (keyof typeof productInputSchema.properties)[];

/** A reward product as administrators see it. */
export const productSchema = {
  $id: 'atrium:incentive-product',
  type: 'object',
  required: ['id', ...productBuiltInFields, 'sold', 'created', 'updated'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    ...productInputSchema.properties,
    available_from: nullableInstant,
    available_until: nullableInstant,
    /** Units sold (refunds give them back). */
    sold: { type: 'integer', minimum: 0 },
    created: instant,
    updated: instant,
  },
} as const;
export type Product = FromSchema<typeof productSchema, DefaultedOptional>;

/** A reward product as its form edits it: with its texts in the site's other languages. */
export const productWithTextsSchema = {
  ...productSchema,
  $id: 'atrium:incentive-product-with-texts',
  properties: {
    ...productSchema.properties,
    translations: embed(contentTranslationsSchema),
  },
} as const;
export type ProductWithTexts = FromSchema<typeof productWithTextsSchema, DefaultedOptional>;

/** `GET incentives/products`: 25 a page by default, newest first. */
export const productListQuerySchema = {
  $id: 'atrium:incentive-product-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageQuerySchema.properties,
    search: { type: 'string', maxLength: 200 },
    published: { type: 'boolean' },
  },
} as const;
export type ProductListQuery = FromSchema<typeof productListQuerySchema>;

/* ------------------------------------------------------------------ shop (learner) */

/** Why the caller cannot buy a product now; null when they can. */
export const shopBlockers = [
  'sold_out',
  'limit_reached',
  'not_enough_points',
  'unavailable',
] as const;

/**
 * A product in the caller's shop: only published, available ones meant for them. Of the fields
 * an administrator enters beyond the product's columns (its attributes), learners see those
 * listed here.
 */
export const shopProductSchema = {
  $id: 'atrium:shop-product',
  type: 'object',
  required: [
    'id',
    'title',
    'description',
    'image',
    'price',
    'stock_left',
    'per_user_limit',
    'purchased',
    'available_until',
    'blocked_by',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    title: { type: 'string', 'x-translatable': true },
    /** Sanitized HTML. */
    description: { type: 'string', 'x-translatable': true },
    image: describedImageSchema,
    price: { type: 'integer', minimum: 1 },
    /** Null: unlimited. */
    stock_left: { type: ['integer', 'null'], minimum: 0 },
    per_user_limit: { type: ['integer', 'null'], minimum: 1 },
    max_per_order: productInputSchema.properties.max_per_order,
    /** How many the caller has bought (refunds not counted). */
    purchased: { type: 'integer', minimum: 0 },
    available_until: nullableInstant,
    blocked_by: { anyOf: [{ type: 'string', enum: shopBlockers }, { type: 'null' }] },
  },
} as const;
export type ShopProduct = FromSchema<typeof shopProductSchema, DefaultedOptional>;

/** `GET incentives/shop`: 24 a page by default. */
export const shopQuerySchema = {
  $id: 'atrium:shop-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 24 },
    search: { type: 'string', maxLength: 200 },
    /** Only what the caller can afford now. */
    affordable: { type: 'boolean' },
    sort: {
      type: 'string',
      enum: ['newest', 'price_asc', 'price_desc', 'title'],
      default: 'newest',
    },
  },
} as const;
export type ShopQuery = FromSchema<typeof shopQuerySchema>;

/* ------------------------------------------------------------------ shop settings */

/** `GET|POST settings/incentives/shop`. */
export const shopSettingsSchema = {
  $id: 'atrium:shop-settings',
  type: 'object',
  required: ['title', 'intro', 'banner', 'banner_height', 'expiry_warning_days'],
  additionalProperties: false,
  properties: {
    title: {
      type: 'string',
      title: 'Shop title',
      minLength: 1,
      maxLength: 200,
      'x-translatable': true,
    },
    intro: { type: 'string', title: 'Introduction', maxLength: 2000, 'x-translatable': true },
    banner: { anyOf: [describedImageSchema, { type: 'null' }], title: 'Banner' },
    banner_height: { type: 'integer', title: 'Banner height (pixels)', minimum: 80, maximum: 600 },
    /** Points expiring within this many days are shown as "expiring soon". */
    expiry_warning_days: {
      type: 'integer',
      title: 'Warn about expiring points this many days ahead',
      minimum: 1,
      maximum: 365,
    },
  },
} as const;
export type ShopSettings = FromSchema<typeof shopSettingsSchema>;

/** `POST settings/incentives/shop`: the settings, with their texts in the other languages. */
export const shopSettingsBodySchema = {
  ...shopSettingsSchema,
  $id: 'atrium:shop-settings-body',
  properties: {
    ...shopSettingsSchema.properties,
    translations: embed(contentTranslationsSchema),
  },
} as const;

/** `GET incentives/shop_info`: what the shop page shows around the products. */
export const shopInfoSchema = {
  $id: 'atrium:shop-info',
  type: 'object',
  required: ['title', 'intro', 'banner', 'banner_height', 'points', 'expiring_soon'],
  additionalProperties: false,
  properties: {
    title: { type: 'string' },
    intro: { type: 'string' },
    banner: shopSettingsSchema.properties.banner,
    banner_height: { type: 'integer' },
    points: { type: 'integer', minimum: 0 },
    expiring_soon: {
      anyOf: [
        {
          type: 'object',
          required: ['points', 'date'],
          additionalProperties: false,
          properties: { points: { type: 'integer', minimum: 1 }, date: instant },
        },
        { type: 'null' },
      ],
    },
  },
} as const;
export type ShopInfo = FromSchema<typeof shopInfoSchema>;

/* ------------------------------------------------------------------ checkout and orders */

/** `POST incentives/shop_checkout`: the product ids to buy, one unit each (a repeat buys two). */
export const checkoutBodySchema = {
  $id: 'atrium:checkout-body',
  type: 'object',
  required: ['products'],
  additionalProperties: false,
  properties: {
    products: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: { type: 'integer', minimum: 1 },
    },
  },
} as const;
export type CheckoutBody = FromSchema<typeof checkoutBodySchema>;

export const orderItemSchema = {
  $id: 'atrium:order-item',
  type: 'object',
  required: ['product_id', 'title', 'price', 'quantity'],
  additionalProperties: false,
  properties: {
    product_id: { type: ['integer', 'null'] },
    title: { type: 'string' },
    price: { type: 'integer', minimum: 0 },
    quantity: { type: 'integer', minimum: 1 },
  },
} as const;

/** An order: the checkout's answer, and part of a transaction's details. */
export const orderSchema = {
  $id: 'atrium:order',
  type: 'object',
  required: ['id', 'uid', 'total', 'status', 'items', 'created', 'balance_after'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    uid: { type: 'integer', minimum: 1 },
    total: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: ['completed', 'refunded'] },
    items: { type: 'array', items: embed(orderItemSchema) },
    created: instant,
    /** The buyer's balance right after the checkout. */
    balance_after: { type: 'integer', minimum: 0 },
  },
} as const;
export type Order = FromSchema<typeof orderSchema>;

/* ------------------------------------------------------------------ transactions (ledger) */

/** `held`: an award the cheat guard held back, listed with 0 points and its reason. */
export const ledgerKinds = ['award', 'redeem', 'expire', 'adjust', 'refund', 'held'] as const;

/** One points movement, as administrators list them. */
export const transactionSchema = {
  $id: 'atrium:transaction',
  type: 'object',
  required: [
    'id',
    'uid',
    'user_name',
    'delta',
    'kind',
    'note',
    'source',
    'order_id',
    'balance_after',
    'reason',
    'created',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    uid: { type: 'integer', minimum: 1 },
    user_name: { type: 'string' },
    delta: { type: 'integer' },
    kind: { type: 'string', enum: ledgerKinds },
    note: { type: 'string' },
    /** The rule type, `checkout`, `expiry:{scheduleId}` or `admin:{uid}`. */
    source: { type: 'string' },
    order_id: { type: ['integer', 'null'] },
    balance_after: { type: 'integer', minimum: 0 },
    /** Why a `held` award was held back: one of `heldBackReasons`, filled in (null otherwise). */
    reason: { type: ['string', 'null'] },
    created: instant,
  },
} as const;
export type Transaction = FromSchema<typeof transactionSchema>;

/** `GET incentives/transactions/{id}`: the movement and, for a purchase, its order. */
export const transactionDetailsSchema = {
  $id: 'atrium:transaction-details',
  type: 'object',
  required: ['transaction', 'order'],
  additionalProperties: false,
  properties: {
    transaction: embed(transactionSchema),
    order: { anyOf: [embed(orderSchema), { type: 'null' }] },
  },
} as const;
export type TransactionDetails = FromSchema<typeof transactionDetailsSchema>;

/** `GET incentives/transactions`: newest first, 25 a page. */
export const transactionQuerySchema = {
  $id: 'atrium:transaction-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...seekQuerySchema.properties,
    uid: { type: 'integer', minimum: 1 },
    kind: { type: 'string', enum: ledgerKinds },
    /** Inclusive dates (YYYY-MM-DD). */
    from: date,
    to: date,
  },
} as const;
export type TransactionQuery = FromSchema<typeof transactionQuerySchema>;

/** `POST incentives/adjustments`: an administrator gives or takes points. */
export const adjustmentBodySchema = {
  $id: 'atrium:adjustment-body',
  type: 'object',
  required: ['uid', 'points', 'note'],
  additionalProperties: false,
  properties: {
    uid: { type: 'integer', title: 'User', minimum: 1 },
    points: {
      type: 'integer',
      title: 'Points (negative to take away)',
      minimum: -1_000_000,
      maximum: 1_000_000,
      not: { const: 0 },
    },
    note: { type: 'string', title: 'Reason', minLength: 1, maxLength: 500 },
  },
} as const;
export type AdjustmentBody = FromSchema<typeof adjustmentBodySchema>;

/* ------------------------------------------------------------------ rules */

/** One earning rule; `type` is one of schemas/incentives/rule-types.ts. */
export const ruleSchema = {
  $id: 'atrium:incentive-rule',
  type: 'object',
  required: ['type', 'enabled', 'points', 'cooldown_hours', 'cap', 'cap_period'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
    enabled: { type: 'boolean', title: 'On' },
    points: { type: 'integer', title: 'Points', minimum: 1, maximum: 100_000 },
    /** Hours before the same rule can pay the same user again (0: no wait). */
    cooldown_hours: {
      type: 'integer',
      title: 'Wait between awards (hours)',
      minimum: 0,
      maximum: 8760,
    },
    /** Most awards per period (null: no cap). */
    cap: {
      type: ['integer', 'null'],
      title: 'Most awards per period',
      minimum: 1,
      maximum: 10_000,
    },
    cap_period: { type: 'string', title: 'Period', enum: ['day', 'week', 'month', 'year'] },
    /**
     * The values of the rule type's parameters (`params` of its declaration), checked against
     * their schema when saved. Left out: the declared defaults. Always in the answer.
     */
    params: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
      additionalProperties: {
        anyOf: [{ type: 'number' }, { type: 'string', maxLength: 200 }, { type: 'boolean' }],
      },
    },
  },
} as const;
export type Rule = FromSchema<typeof ruleSchema>;

/**
 * The cheat guard of the earning rules, after Moodle Level Up's: per person, at most so many
 * awards and points in a rolling time frame over all rules, a least time between two awards of
 * one rule, and a viewing time before a video counts as watched. An award the guard holds back
 * pays nothing and is listed in the transactions with its reason. Each field's `default` holds
 * until an administrator saves another value; the rules page renders a field per property.
 */
export const awardGuardSchema = {
  $id: 'atrium:incentive-award-guard',
  type: 'object',
  title: 'Cheat guard',
  description:
    'Awards earned faster than these limits allow are held back: they pay nothing and are listed in the transactions with the reason.',
  additionalProperties: false,
  properties: {
    max_awards: {
      type: ['integer', 'null'],
      title: 'Most awards per person in the time frame',
      description: 'Counted over all rules. Empty: no limit.',
      minimum: 1,
      maximum: 10_000,
      default: 20,
    },
    max_points: {
      type: ['integer', 'null'],
      title: 'Most points per person in the time frame',
      description: 'Counted over all rules. Empty: no limit.',
      minimum: 1,
      maximum: 10_000_000,
      default: 1000,
    },
    window_minutes: {
      type: 'integer',
      title: 'Time frame (minutes)',
      description: 'The limits above count the awards of this many minutes before each new one.',
      minimum: 1,
      maximum: 10_080,
      default: 60,
    },
    rule_interval_seconds: {
      type: 'integer',
      title: 'Time between two awards of one rule (seconds)',
      description: 'For each person, on top of the wait of each rule. 0: no minimum.',
      minimum: 0,
      maximum: 86_400,
      default: 0,
    },
    min_watch_percent: {
      type: 'integer',
      title: 'Viewing time before a video counts as watched (% of its length)',
      description:
        'Time from opening a video until it can be marked as watched. The videos of one learner count one after another. 0: no check.',
      minimum: 0,
      maximum: 100,
      default: 50,
    },
  },
} as const;
export type AwardGuard = Required<FromSchema<typeof awardGuardSchema>>;

/** The guard until an administrator saves one: each property's declared `default`. */
export const awardGuardDefaults = Object.fromEntries(
  Object.entries(awardGuardSchema.properties).map(([name, field]) => [name, field.default]),
) as AwardGuard;

/**
 * Texts of the cheat guard: why an award was held back (a `held` transaction's `reason`) and
 * why a video cannot be marked watched yet. The server fills the `@name` values in English; the
 * interface translates the template and keeps the values (`matchGuardMessage`).
 */
export const guardMessages = {
  heldAwards: 'Held back: award limit reached (@count in @minutes min)',
  heldPoints: 'Held back: points limit reached (@points in @minutes min)',
  heldInterval: 'Held back: less than @seconds s after the last award of this rule',
  notOpened: 'Open the video before you mark it as watched.',
  tooSoon: 'You can mark this video as watched in @minutes min, once you have seen it.',
} as const;

/**
 * A guard message with its `@name` values filled in.
 *
 * @example
 * fillGuardMessage(guardMessages.heldAwards, { count: 20, minutes: 60 });
 * // 'Held back: award limit reached (20 in 60 min)'
 */
export const fillGuardMessage = fillTemplate;

/**
 * The guard message a text was filled from, and its values; undefined for any other text.
 *
 * @example
 * matchGuardMessage('Held back: award limit reached (20 in 60 min)');
 * // { template: 'Held back: award limit reached (@count in @minutes min)', values: { count: '20', minutes: '60' } }
 */
export const matchGuardMessage = templateMatcher(Object.values(guardMessages));

/** `GET|POST settings/incentives/rules`: every rule type, in the declared order. */
export const rulesSchema = {
  $id: 'atrium:incentive-rules',
  type: 'object',
  required: ['rules'],
  additionalProperties: false,
  properties: {
    rules: { type: 'array', maxItems: 50, items: embed(ruleSchema) },
    /** Expiry schedule applied to newly earned points (null: they never expire). */
    expiry_schedule_id: { type: ['integer', 'null'], minimum: 1 },
    /** Left out of a save: the defaults. Always in the answer. */
    guard: embed(awardGuardSchema),
  },
} as const;
export type Rules = FromSchema<typeof rulesSchema>;

/**
 * `GET settings/incentives/events`: the catalogue of earning events the server emits (declared in
 * schemas/incentives/events.ts), each with the JSON Schema of its facts and the rule types it
 * feeds, so that whoever declares a rule type sees what it can test.
 */
export const earningEventCatalogueSchema = {
  $id: 'atrium:incentive-earning-events',
  type: 'object',
  required: ['events'],
  additionalProperties: false,
  properties: {
    events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['event', 'label', 'description', 'facts', 'rule_types'],
        additionalProperties: false,
        properties: {
          event: { type: 'string' },
          label: { type: 'string' },
          description: { type: 'string' },
          /** A JSON Schema. */
          facts: { type: 'object', additionalProperties: true },
          rule_types: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;
export type EarningEventCatalogue = FromSchema<typeof earningEventCatalogueSchema>;

/* ------------------------------------------------------------------ expiry schedules */

export const expiryScheduleInputSchema = {
  $id: 'atrium:expiry-schedule-input',
  type: 'object',
  required: ['name', 'type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 200 },
    type: { type: 'string', title: 'Points expire', enum: ['rolling', 'fixed'] },
    /** Rolling: months after the points were earned. */
    months: { type: ['integer', 'null'], title: 'Months after earning', minimum: 1, maximum: 120 },
    /** Fixed: on this date every year's points expire. */
    fixed_date: { anyOf: [date, { type: 'null' }], title: 'On date' },
    enabled: { type: 'boolean', title: 'On' },
  },
} as const;
export type ExpiryScheduleInput = FromSchema<typeof expiryScheduleInputSchema>;

export const expiryScheduleSchema = {
  $id: 'atrium:expiry-schedule',
  type: 'object',
  required: ['id', 'name', 'type', 'months', 'fixed_date', 'enabled', 'created'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    ...expiryScheduleInputSchema.properties,
    created: instant,
  },
} as const;
export type ExpirySchedule = FromSchema<typeof expiryScheduleSchema>;

/* ------------------------------------------------------------------ leaderboard */

export const leaderboardPeriods = ['week', 'month', 'all'] as const;

export const leaderboardQuerySchema = {
  $id: 'atrium:leaderboard-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    period: { type: 'string', enum: leaderboardPeriods, default: 'month' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;
export type LeaderboardQuery = FromSchema<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = {
  $id: 'atrium:leaderboard-entry',
  type: 'object',
  required: ['rank', 'uid', 'full_name', 'avatar', 'points'],
  additionalProperties: false,
  properties: {
    /** Equal points share a rank (1, 2, 2, 4). */
    rank: { type: 'integer', minimum: 1 },
    uid: { type: 'integer', minimum: 1 },
    full_name: { type: 'string' },
    avatar: { type: ['string', 'null'] },
    /** Points earned in the period. */
    points: { type: 'integer', minimum: 0 },
  },
} as const;
export type LeaderboardEntry = FromSchema<typeof leaderboardEntrySchema>;

/** `GET incentives/leaderboard`: the top of the period and the caller's own place. */
export const leaderboardSchema = {
  $id: 'atrium:leaderboard',
  type: 'object',
  required: ['period', 'entries', 'me'],
  additionalProperties: false,
  properties: {
    period: { type: 'string', enum: leaderboardPeriods },
    entries: { type: 'array', items: embed(leaderboardEntrySchema) },
    /** The caller's place (null when they opted out). */
    me: { anyOf: [embed(leaderboardEntrySchema), { type: 'null' }] },
    opted_out: { type: 'boolean' },
  },
} as const;
export type Leaderboard = FromSchema<typeof leaderboardSchema>;

/* ------------------------------------------------------------------ overview */

export const overviewMonths = [6, 12] as const;

export const overviewQuerySchema = {
  $id: 'atrium:incentives-overview-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    months: { type: 'integer', enum: overviewMonths, default: 6 },
  },
} as const;
export type OverviewQuery = FromSchema<typeof overviewQuerySchema>;

const pointsCount = { type: 'integer', minimum: 0 } as const;

/**
 * `GET incentives/overview?months`: points issued (awards, positive adjustments and refunds),
 * redeemed (purchases) and expired per week (Monday, UTC) over the last months, what is
 * outstanding and expires within 30 days, the rewards bought most and the rules that paid most,
 * and the awards the cheat guard held back in the period.
 */
export const overviewSchema = {
  $id: 'atrium:incentives-overview',
  type: 'object',
  required: [
    'months',
    'weeks',
    'totals',
    'outstanding',
    'expiring_soon',
    'top_rewards',
    'top_rules',
    'held',
  ],
  additionalProperties: false,
  properties: {
    months: { type: 'integer', enum: overviewMonths },
    ...weeklyCounts(['issued', 'redeemed', 'expired']),
    /** Every user's balance added up. */
    outstanding: pointsCount,
    /** Points still held in lots that expire within the next 30 days. */
    expiring_soon: pointsCount,
    /** The five rewards with the most units bought in the period (less refunds). */
    top_rewards: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        required: ['product_id', 'title', 'redemptions', 'points'],
        additionalProperties: false,
        properties: {
          product_id: { type: 'integer', minimum: 1 },
          /** In the reader's language, as the shop names the reward. */
          title: { type: 'string', 'x-translatable': true },
          redemptions: pointsCount,
          points: pointsCount,
        },
      },
    },
    /** The five earning rules that paid the most points in the period. */
    top_rules: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        required: ['rule', 'points', 'awards'],
        additionalProperties: false,
        properties: {
          rule: { type: 'string' },
          points: pointsCount,
          awards: pointsCount,
        },
      },
    },
    /** Awards the cheat guard held back in the period, in all and per rule (most first). */
    held: {
      type: 'object',
      required: ['awards', 'rules'],
      additionalProperties: false,
      properties: {
        awards: pointsCount,
        rules: {
          type: 'array',
          items: {
            type: 'object',
            required: ['rule', 'awards'],
            additionalProperties: false,
            properties: { rule: { type: 'string' }, awards: pointsCount },
          },
        },
      },
    },
  },
} as const;
export type IncentivesOverview = FromSchema<typeof overviewSchema>;

/* ------------------------------------------------------------------ a learner's points history */

export const pointsHistoryQuerySchema = {
  $id: 'atrium:points-history-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    months: { type: 'integer', enum: overviewMonths, default: 6 },
  },
} as const;
export type PointsHistoryQuery = FromSchema<typeof pointsHistoryQuerySchema>;

/** How many of the next expiries `GET incentives/wallet/history` lists. */
export const POINTS_HISTORY_EXPIRIES = 50;

/**
 * `GET incentives/wallet/history?months`: the caller's own points earned (awards, positive
 * adjustments and refunds), spent (purchases) and expired per week (Monday, UTC) over the last
 * months, as the incentives overview counts them for everyone; their balance; and the points of
 * their lots that will expire, soonest first.
 */
export const pointsHistorySchema = {
  $id: 'atrium:points-history',
  type: 'object',
  required: ['months', 'weeks', 'totals', 'points', 'expiring', 'expiries'],
  additionalProperties: false,
  properties: {
    months: { type: 'integer', enum: overviewMonths },
    ...weeklyCounts(['earned', 'spent', 'expired']),
    /** The caller's balance. */
    points: pointsCount,
    /** Every point of the caller's balance that has an expiry date. */
    expiring: pointsCount,
    /**
     * When points expire and how many, soonest first: at most {@link POINTS_HISTORY_EXPIRIES}
     * moments (lots expiring at the same moment are added up).
     */
    expiries: {
      type: 'array',
      maxItems: POINTS_HISTORY_EXPIRIES,
      items: {
        type: 'object',
        required: ['at', 'points'],
        additionalProperties: false,
        properties: { at: instant, points: { type: 'integer', minimum: 1 } },
      },
    },
  },
} as const;
export type PointsHistory = FromSchema<typeof pointsHistorySchema>;
