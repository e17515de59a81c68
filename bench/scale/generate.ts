// Grows a migrated, demo-seeded Atrium database into a large organisation with set-based SQL:
// every table is filled by a few INSERT … SELECT statements over generate_series, never a row
// at a time, and what the server keeps consistent stays consistent: balances are the sum of the
// ledger and of the lots' remaining points, each lot's remaining follows the oldest-first
// spending of atrium_debit, every order has its redemption row and items, the stock slots count
// the units sold, a subscription is completed exactly when all its videos are watched, and
// trainings carry their search document. The same SQL runs on PostgreSQL and on PGlite.
import { LEDGER_ROWS_PER_ORDER, type ScaleSize } from './sizes';

/** What the generator needs of a database connection: pg's Client and PGlite both fit. */
export interface SqlRunner {
  query(sql: string): Promise<{ rows: unknown[] }>;
}

/** A pseudo-random, repeatable, non-negative int4 of an integer expression and a salt. */
const h = (expr: string, salt: number) =>
  `(hashint8((${expr})::bigint * 64 + ${salt}) & 2147483647)`;

/** A SQL text array literal. */
const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** `array[1 + hash % length]`. */
const pick = (values: readonly string[], expr: string, salt: number) =>
  `(${textArray(values)})[1 + ${h(expr, salt)} % ${values.length}]`;

const FIRST_NAMES = (
  'Anna, Hannah, Joanna, Liam, Noah, Emma, Olivia, Lucas, Sofia, Mia, Daniel, David, ' +
  'Sara, Omar, Yusuf, Fatima, Layla, Karim, Nadia, Ines, Jan, Pieter, Sanne, Lotte, Eva, ' +
  'Marie, Louis, Hugo, Chloe, Elena, Marco, Giulia, Luca, Ana, Joao, Pedro, Carmen, ' +
  'Javier, Hiro, Yuki, Aiko, Kenji, Priya, Arjun, Ravi, Grace, Ethan, Tariq, Zeynep, Emre'
).split(', ');
const LAST_NAMES = (
  'Johnson, Anderson, Hansen, Jansen, Smith, Brown, Garcia, Martin, Rossi, Silva, ' +
  'Santos, Müller, Schmidt, de Vries, van Dijk, Bakker, Dubois, Moreau, Haddad, Khalil, ' +
  'Mansour, Nasser, Rahman, Tanaka, Suzuki, Sato, Patel, Sharma, Kaya, Demir, Yilmaz, ' +
  'Novak, Lindqvist, Eriksson, Nielsen, Okafor, Mensah, Costa, Ferrari, Romano, Lopez, ' +
  'Fernandez, Wilson, Taylor, Thomas'
).split(', ');
const TITLES = (
  'Logistics planner, Nurse, Account manager, Software engineer, HR advisor, Team lead, ' +
  'Warehouse operator, Customer service agent, Financial analyst, Project manager, ' +
  'Data analyst, Policy officer, Sales representative, Consultant, Facility manager, ' +
  'Quality inspector, Marketing specialist, Legal counsel'
).split(', ');
const COUNTRIES =
  'AE, AU, BE, BR, CA, DE, EG, ES, FR, GB, IN, IT, JO, JP, MA, NL, PT, SA, SE, US, ZA'.split(', ');
const TIME_ZONES = (
  'Europe/Amsterdam, Europe/London, Europe/Lisbon, Europe/Berlin, Europe/Paris, ' +
  'Asia/Dubai, Asia/Tokyo, Asia/Kolkata, America/New_York, America/Chicago, ' +
  'America/Sao_Paulo, Africa/Johannesburg'
).split(', ');
const ORG_WORDS = (
  'Harbor, Summit, Meridian, Pioneer, Evergreen, Granite, Silver, Coastal, Northern, ' +
  'Golden, Redwood, Atlas, Horizon, Crescent, Falcon, Oak, Maple, Sterling, Beacon, ' +
  'Riverside'
).split(', ');
const ORG_KINDS = (
  'Health, Logistics, Bank, Energy, Retail, Insurance, Consulting, Foods, Telecom, ' +
  'Public Services, Engineering, Pharma'
).split(', ');
/** Languages added after the demo's English and Arabic. */
const LANGUAGES: readonly [string, string, string][] = [
  ['fr', 'French', 'Français'],
  ['de', 'German', 'Deutsch'],
  ['es', 'Spanish', 'Español'],
  ['nl', 'Dutch', 'Nederlands'],
  ['pt', 'Portuguese', 'Português'],
  ['it', 'Italian', 'Italiano'],
  ['tr', 'Turkish', 'Türkçe'],
  ['ja', 'Japanese', '日本語'],
  ['sv', 'Swedish', 'Svenska'],
  ['pl', 'Polish', 'Polski'],
];
const REWARD_WORDS = 'Premium, Classic, Deluxe, Compact, Eco, Team, Smart, Travel'.split(', ');
const REWARD_ITEMS = (
  'notebook, water bottle, backpack, book voucher, lunch voucher, headset, desk plant, ' +
  'course voucher, cinema ticket, coffee mug, umbrella, power bank'
).split(', ');
const RULES = ['training_completed', 'training_subscribed', 'daily_login'];
const RULE_NOTES = ['Completed a training', 'Subscribed to a training', 'Signed in'];
const AUDIT_ACTIONS = (
  'user.update, user.roles, user.organizations, user.create, user.password, ' +
  'incentives.adjustment, incentives.product.update, incentives.refund, ' +
  'storefront.update, settings.site, translations.update, masquerade.start, ' +
  'masquerade.stop'
).split(', ');

/** One step of the generator: a label for the log and its statements, run in order. */
interface Step {
  label: string;
  statements: string[];
  /**
   * The step relies on the schema's triggers (a product's stock slots). The other steps run
   * without triggers when the session may turn them off: their references are right by
   * construction, and {@link inconsistencies} checks them afterwards in one pass per table
   * instead of a foreign-key lookup per inserted row.
   */
  triggers?: true;
}

/** The steps that grow the database to `size`. */
function steps(size: ScaleSize): Step[] {
  const dayFraction = (expr: string, salt: number) => `(${h(expr, salt)} % 86400)`;
  return [
    {
      label: 'languages and organizations',
      statements: [
        `INSERT INTO languages (langcode, name, native_name, direction, weight)
         SELECT l.code, l.name, l.native, 0, (SELECT max(weight) FROM languages) + l.n
           FROM (VALUES ${LANGUAGES.map(([c, n, nn], i) => `('${c}', '${n}', '${nn}', ${i + 1})`).join(', ')})
             AS l (code, name, native, n)
          WHERE NOT EXISTS (SELECT 1 FROM languages x WHERE x.langcode = l.code)
          ORDER BY l.n
          LIMIT greatest(0, ${size.languages} - (SELECT count(*) FROM languages))`,
        `CREATE TEMP TABLE scale_languages AS
           SELECT langcode, (row_number() OVER (ORDER BY weight, langcode) - 1)::int AS n
             FROM languages`,
        `INSERT INTO organizations (name)
         SELECT (${textArray(ORG_WORDS)})[1 + g % ${ORG_WORDS.length}] || ' '
             || (${textArray(ORG_KINDS)})[1 + (g / ${ORG_WORDS.length}) % ${ORG_KINDS.length}]
             || CASE WHEN g >= ${ORG_WORDS.length * ORG_KINDS.length}
                     THEN ' ' || (g / ${ORG_WORDS.length * ORG_KINDS.length} + 1) ELSE '' END
           FROM generate_series(0, ${size.organizations} - (SELECT count(*)::int FROM organizations) - 1) g
          ORDER BY g
         ON CONFLICT (name) DO NOTHING`,
        `CREATE TEMP TABLE scale_orgs AS
           SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM organizations`,
      ],
    },
    {
      label: 'users, roles and organizations',
      statements: [
        `CREATE TEMP TABLE scale_before AS SELECT
           (SELECT coalesce(max(uid), 0) FROM users) AS uid,
           (SELECT coalesce(max(id), 0) FROM trainings) AS training,
           (SELECT coalesce(max(id), 0) FROM incentive_products) AS product,
           (SELECT coalesce(max(id), 0) FROM points_ledger) AS ledger,
           (SELECT coalesce(max(id), 0) FROM incentive_orders) AS orders,
           (SELECT coalesce(max(id), 0) FROM audit_log) AS audit`,
        // Each new account gets the demo administrator's password hash: any of them can sign in
        // with the demo password. Login names are unique by their number.
        `INSERT INTO users (name, mail, pass, first_name, last_name, language, timezone, profile,
             blocked, leaderboard_opt_out, created_at)
         SELECT lower(replace(f, ' ', '') || '.' || replace(l, ' ', '')) || '.' || g,
                lower(replace(f, ' ', '') || '.' || replace(l, ' ', '')) || '.' || g || '@example.org',
                (SELECT pass FROM users WHERE name = 'admin'),
                f, l,
                CASE WHEN ${h('g', 1)} % 10 < 5 THEN NULL
                     ELSE (SELECT langcode FROM scale_languages
                            WHERE n = ${h('g', 2)} % (SELECT count(*) FROM scale_languages)) END,
                CASE WHEN ${h('g', 3)} % 3 = 0 THEN NULL ELSE ${pick(TIME_ZONES, 'g', 4)} END,
                jsonb_build_object('title', ${pick(TITLES, 'g', 5)},
                                   'country', ${pick(COUNTRIES, 'g', 6)}),
                ${h('g', 7)} % 200 = 0,
                ${h('g', 8)} % 100 = 0,
                now() - (${h('g', 9)} % 1095) * interval '1 day'
           FROM (SELECT g, ${pick(FIRST_NAMES, 'g', 10)} AS f, ${pick(LAST_NAMES, 'g', 11)} AS l
                   FROM generate_series(1, ${size.users} - (SELECT count(*)::int FROM users)) g) n
          ORDER BY g`,
        // New accounts in uid order: administrators, course administrators, trainers, learners.
        `CREATE TEMP TABLE scale_users AS
         WITH demo AS (
           SELECT count(*) FILTER (WHERE role = 'administrator')::int AS admins,
                  count(*) FILTER (WHERE role = 'course_admin')::int AS course_admins,
                  count(*) FILTER (WHERE role IN ('trainer', 'course_admin'))::int AS trainers
             FROM user_roles
         ), numbered AS (
           SELECT u.uid, (row_number() OVER (ORDER BY u.uid))::int AS g
             FROM users u WHERE u.uid > (SELECT uid FROM scale_before)
         )
         SELECT n.uid, n.g, CASE
             WHEN n.g <= greatest(0, ${size.administrators} - d.admins) THEN 'administrator'
             WHEN n.g <= greatest(0, ${size.administrators} - d.admins)
                       + greatest(0, ${size.courseAdmins} - d.course_admins) THEN 'course_admin'
             WHEN n.g <= greatest(0, ${size.administrators} - d.admins)
                       + greatest(0, ${size.trainers} - d.trainers) THEN 'trainer'
             ELSE 'learner' END AS role
           FROM numbered n, demo d`,
        `INSERT INTO user_roles (uid, role) SELECT uid, role FROM scale_users`,
        // The trainers the availability pages list, as the triggers of migration 0027 keep them.
        `SELECT atrium_availability_trainers_sync(NULL)`,
        // One organization each, a second for one in ten.
        `INSERT INTO user_organizations (uid, organization_id)
         SELECT u.uid, o.id FROM scale_users u
           JOIN scale_orgs o ON o.n = ${h('u.uid', 12)} % (SELECT count(*) FROM scale_orgs)
         UNION
         SELECT u.uid, o.id FROM scale_users u
           JOIN scale_orgs o ON o.n = ${h('u.uid', 13)} % (SELECT count(*) FROM scale_orgs)
          WHERE ${h('u.uid', 14)} % 10 = 0`,
      ],
    },
    {
      label: 'trainings, their tags, organizations, videos and search documents',
      statements: [
        `CREATE TEMP TABLE scale_sources AS
           SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM trainings`,
        // Copies of the demo's trainings, numbered, in every language, dated over three years.
        `INSERT INTO trainings (title, summary, body, body_text, image_url, image_alt, language,
             free, price, duration_minutes, published, created, updated)
         SELECT t.title || ' ' || g, t.summary, t.body, t.body_text, t.image_url, t.image_alt,
                (SELECT langcode FROM scale_languages
                  WHERE n = ${h('g', 20)} % (SELECT count(*) FROM scale_languages)),
                t.free, t.price, t.duration_minutes, g % 20 <> 0,
                now() - (${h('g', 21)} % 1095) * interval '1 day' - g * interval '1 second',
                now() - (${h('g', 21)} % 1095) * interval '1 day' - g * interval '1 second'
           FROM generate_series(1, ${size.trainings} - (SELECT count(*)::int FROM trainings)) g
           JOIN scale_sources s ON s.n = g % (SELECT count(*) FROM scale_sources)
           JOIN trainings t ON t.id = s.id
          ORDER BY g`,
        // The new trainings in id order are the copies in the order made: g tells the source.
        `CREATE TEMP TABLE scale_trainings AS
           SELECT t.id, s.id AS source, t.g
             FROM (SELECT id, (row_number() OVER (ORDER BY id))::int AS g FROM trainings
                    WHERE id > (SELECT training FROM scale_before)) t
             JOIN scale_sources s ON s.n = t.g % (SELECT count(*) FROM scale_sources)`,
        `INSERT INTO training_terms (training_id, tid)
         SELECT t.id, tt.tid FROM scale_trainings t JOIN training_terms tt ON tt.training_id = t.source`,
        // One in four is for one organization, one in twelve for a second one too.
        `INSERT INTO training_organizations (training_id, organization_id)
         SELECT t.id, o.id FROM scale_trainings t
           JOIN scale_orgs o ON o.n = ${h('t.id', 22)} % (SELECT count(*) FROM scale_orgs)
          WHERE t.g % 4 = 0
         UNION
         SELECT t.id, o.id FROM scale_trainings t
           JOIN scale_orgs o ON o.n = ${h('t.id', 23)} % (SELECT count(*) FROM scale_orgs)
          WHERE t.g % 12 = 0`,
        `INSERT INTO training_videos (training_id, title, url, duration_seconds, position)
         SELECT t.id, v.title, '/videos/scale-' || t.id || '-' || (v.position + 1) || '.mp4',
                v.duration_seconds, v.position
           FROM scale_trainings t JOIN training_videos v ON v.training_id = t.source
          ORDER BY t.id, v.position`,
        // What triggers keep (migrations 0022 and 0038), which this step runs without.
        `UPDATE trainings t SET
           restricted = EXISTS (SELECT 1 FROM training_organizations o WHERE o.training_id = t.id),
           term_ids = ARRAY(SELECT tt.tid FROM training_terms tt WHERE tt.training_id = t.id ORDER BY tt.tid)
          WHERE t.id > (SELECT training FROM scale_before)`,
        `SELECT atrium_index_trainings(ARRAY(
           SELECT id FROM trainings WHERE id > (SELECT training FROM scale_before)))`,
      ],
    },
    {
      label: 'subscriptions and watched videos',
      statements: [
        `CREATE TEMP TABLE scale_learners AS
           SELECT uid, (row_number() OVER (ORDER BY uid) - 1)::int AS n
             FROM scale_users WHERE role = 'learner'`,
        `CREATE TEMP TABLE scale_catalogue AS
           SELECT t.id, (row_number() OVER (ORDER BY t.id) - 1)::int AS n,
                  (SELECT count(*)::int FROM training_videos v WHERE v.training_id = t.id) AS videos
             FROM trainings t WHERE t.published`,
        // Learner s % L takes its (s / L)-th training: a stride through the catalogue from a
        // place of its own. Enrolled 7 to 707 days ago.
        `CREATE TEMP TABLE scale_subscriptions AS
         SELECT DISTINCT ON (l.uid, c.id) l.uid, c.id AS training_id, c.videos, s,
                now() - (7 + ${h('s', 30)} % 700) * interval '1 day'
                  - ${dayFraction('s', 31)} * interval '1 second' AS subscribed_at
           FROM generate_series(0, ${size.subscriptions} - 1) s
           JOIN scale_learners l ON l.n = s % (SELECT count(*) FROM scale_learners)
           JOIN scale_catalogue c ON c.n = (${h('l.uid', 32)} + (s / (SELECT count(*) FROM scale_learners)) * 131)
                                          % (SELECT count(*) FROM scale_catalogue)`,
        // Each watches a share of its videos that adds up to the size's watched videos: the
        // first w in order, one every 20 hours.
        `ALTER TABLE scale_subscriptions ADD COLUMN watched integer`,
        `UPDATE scale_subscriptions SET watched = least(videos, floor(videos * least(1.0,
             ${size.watchedVideos}::float8 / (SELECT sum(videos) FROM scale_subscriptions))
             + ${h('s', 33)}::float8 / 2147483648)::int)`,
        `INSERT INTO subscriptions (uid, training_id, subscribed_at, completed_at, last_activity_at)
         SELECT uid, training_id, subscribed_at,
                CASE WHEN watched = videos AND videos > 0
                     THEN subscribed_at + watched * interval '20 hours' END,
                subscribed_at + watched * interval '20 hours'
           FROM scale_subscriptions
          ORDER BY subscribed_at
         ON CONFLICT (uid, training_id) DO NOTHING`,
        `INSERT INTO video_opens (uid, video_id, opened_at)
         SELECT s.uid, v.id, s.subscribed_at + v.position * interval '20 hours' + interval '1 hour'
           FROM scale_subscriptions s
           JOIN training_videos v ON v.training_id = s.training_id AND v.position < s.watched
         ON CONFLICT DO NOTHING`,
        `INSERT INTO watched_videos (uid, video_id, watched_at)
         SELECT s.uid, v.id, s.subscribed_at + (v.position + 1) * interval '20 hours'
           FROM scale_subscriptions s
           JOIN training_videos v ON v.training_id = s.training_id AND v.position < s.watched
         ON CONFLICT DO NOTHING`,
        `INSERT INTO viewing_clocks (uid, watched_until)
         SELECT uid, max(subscribed_at + watched * interval '20 hours')
           FROM scale_subscriptions WHERE watched > 0 GROUP BY uid
         ON CONFLICT (uid) DO NOTHING`,
        // The learning overview's totals, as the triggers of migration 0033 keep them: counted
        // again from every subscription, so that they are right whether the triggers ran or not.
        `SELECT atrium_learning_overview_rebuild()`,
      ],
    },
    {
      label: 'reward products',
      triggers: true,
      statements: [
        // Prices of 50 to 240 points: a user's last nine ledger rows before a redemption pay
        // for any of them (see the ledger). Unlimited stock until the orders are in.
        `INSERT INTO incentive_products (title, description, price, stock, per_user_limit,
             available_from, available_until, published, restrictions, created_at, updated_at)
         SELECT ${pick(REWARD_WORDS, 'g', 40)} || ' ' || ${pick(REWARD_ITEMS, 'g', 41)} || ' ' || g,
                '<p>A reward for the points you earn by learning.</p>',
                50 + (g % 20) * 10, NULL, NULL,
                NULL, CASE WHEN g % 7 = 0 THEN now() + (10 + g % 90) * interval '1 day' END,
                g % 25 <> 0,
                CASE WHEN g % 10 = 0 THEN '[{"rule": "and", "type": "roles", "value": ["trainer", "course_admin"]}]'::jsonb
                     WHEN g % 17 = 0 THEN '[{"rule": "and", "type": "language", "value": "ar"}]'::jsonb
                     ELSE '[]'::jsonb END,
                now() - (${h('g', 42)} % 730) * interval '1 day',
                now() - (${h('g', 42)} % 730) * interval '1 day'
           FROM generate_series(1, ${size.rewards} - (SELECT count(*)::int FROM incentive_products)) g
          ORDER BY g`,
        `CREATE TEMP TABLE scale_products AS
           SELECT id, title, price, (row_number() OVER (ORDER BY id) - 1)::int AS n
             FROM incentive_products WHERE id > (SELECT product FROM scale_before)`,
      ],
    },
    {
      label: 'points ledger, lots, balances, awards and orders',
      statements: [
        `CREATE TEMP TABLE scale_earners AS
           SELECT uid, (row_number() OVER (ORDER BY uid) - 1)::int AS n
             FROM scale_users WHERE role <> 'administrator'`,
        // Row r is the i-th movement of earner r % U, i = r / U + 1: every tenth a redemption
        // (an order), one in thirteen an award held back by the guard, one in seven an
        // administrator's adjustment, the rest awards of 40 to 160 points. Between two
        // redemptions at least eight rows credit 40 points or more, so a redemption (50 to 240)
        // never takes a balance below zero. The i-th movements fall in the i-th slice of the
        // last two years.
        `CREATE TEMP TABLE scale_ledger AS
         WITH numbered AS (
           SELECT r, e.uid, r / (SELECT count(*)::int FROM scale_earners) + 1 AS i
             FROM generate_series(0, ${size.ledgerRows} - 1) r
             JOIN scale_earners e ON e.n = r % (SELECT count(*) FROM scale_earners)
         ), slices AS (
           SELECT 730.0 / ceil(${size.ledgerRows}::numeric / (SELECT count(*) FROM scale_earners)) AS days
         ), typed AS (
           SELECT r, uid, i,
             CASE WHEN i % ${LEDGER_ROWS_PER_ORDER} = 0 THEN 'redeem'
                  WHEN i % 13 = 6 THEN 'held'
                  WHEN i % 7 = 3 THEN 'adjust'
                  ELSE 'award' END AS kind,
             now() - interval '730 days'
               + ((i - 1) + (${h('uid', 50)} % 1000) / 1000.0) * (SELECT days FROM slices) * interval '1 day'
               AS created_at
             FROM numbered
         )
         SELECT t.r, t.uid, t.i, t.kind, t.created_at, p.id AS product_id, p.title AS product_title,
           CASE t.kind WHEN 'redeem' THEN -p.price
                       WHEN 'held' THEN 0
                       WHEN 'adjust' THEN 50 + (${h('t.r', 51)} % 10) * 50
                       ELSE 40 + (${h('t.r', 52)} % 13) * 10 END AS delta,
           ${h('t.r', 53)} % ${RULES.length} AS rule
           FROM typed t
           LEFT JOIN scale_products p
             ON t.kind = 'redeem' AND p.n = ${h('t.r', 54)} % (SELECT count(*) FROM scale_products)`,
        // Running balance; what remains of each credit after the user's debits took the oldest
        // lots first (their total is the credits up to the lot less all the debits).
        `CREATE TEMP TABLE scale_movements AS
         SELECT l.*,
           sum(delta) OVER w AS balance_after,
           CASE WHEN delta > 0 THEN greatest(0, least(delta,
             sum(greatest(delta, 0)) OVER w + sum(least(delta, 0)) OVER (PARTITION BY uid)))
             ELSE 0 END AS remaining,
           (SELECT ledger FROM scale_before) + row_number() OVER (ORDER BY created_at, uid, i) AS id
           FROM scale_ledger l
         WINDOW w AS (PARTITION BY uid ORDER BY i)`,
        `CREATE TEMP TABLE scale_orders AS
         SELECT r, (SELECT orders FROM scale_before) + row_number() OVER (ORDER BY created_at, uid, i) AS id
           FROM scale_movements WHERE kind = 'redeem'`,
        `INSERT INTO incentive_orders (id, uid, total, status, idempotency_key, created_at)
         SELECT o.id, m.uid, -m.delta, 'completed', 'scale-' || m.r, m.created_at
           FROM scale_orders o JOIN scale_movements m ON m.r = o.r ORDER BY o.id`,
        `SELECT setval(pg_get_serial_sequence('incentive_orders', 'id'),
                       (SELECT max(id) FROM incentive_orders))`,
        `INSERT INTO incentive_order_items (order_id, product_id, title, price, quantity)
         SELECT o.id, m.product_id, m.product_title, -m.delta, 1
           FROM scale_orders o JOIN scale_movements m ON m.r = o.r ORDER BY o.id`,
        // A third of the awards expire 800 days after they were earned (a rolling schedule);
        // the due lots are chosen below.
        `INSERT INTO points_ledger (id, uid, delta, kind, note, source, order_id, remaining,
             expires_at, balance_after, reason, created_at)
         SELECT m.id, m.uid, m.delta, m.kind,
                CASE m.kind WHEN 'redeem' THEN 'Reward shop: ' || m.product_title
                            WHEN 'adjust' THEN 'Bonus for mentoring new colleagues'
                            ELSE (${textArray(RULE_NOTES)})[1 + m.rule] END,
                CASE m.kind WHEN 'redeem' THEN 'checkout'
                            WHEN 'adjust' THEN 'admin:1'
                            ELSE (${textArray(RULES)})[1 + m.rule] END,
                o.id, m.remaining,
                CASE WHEN m.kind = 'award' AND m.i % 3 = 0 THEN m.created_at + interval '800 days' END,
                m.balance_after,
                CASE WHEN m.kind = 'held' THEN 'More awards in an hour than the guard allows' END,
                m.created_at
           FROM scale_movements m LEFT JOIN scale_orders o ON o.r = m.r
          ORDER BY m.id`,
        `SELECT setval(pg_get_serial_sequence('points_ledger', 'id'),
                       (SELECT max(id) FROM points_ledger))`,
        // Lots whose expiry date has passed while points remain in them: the expiry job's work.
        `UPDATE points_ledger SET expires_at = now() - interval '1 hour'
          WHERE id IN (SELECT id FROM scale_movements WHERE remaining > 0 AND kind = 'award'
                        ORDER BY ${h('id', 55)} LIMIT ${size.dueLots})`,
        `INSERT INTO point_balances (uid, points, lifetime_points)
         SELECT uid, sum(delta), sum(delta) FILTER (WHERE kind IN ('award', 'adjust'))
           FROM scale_movements GROUP BY uid
         ON CONFLICT (uid) DO UPDATE SET points = point_balances.points + excluded.points,
           lifetime_points = point_balances.lifetime_points + excluded.lifetime_points`,
        // What each user earned per leaderboard period, as the ledger's trigger keeps it.
        `INSERT INTO leaderboard_totals AS t (period, starts, uid, points, listed)
         SELECT p.period, atrium_period_start(p.period, m.created_at, z.zone), m.uid, sum(m.delta),
                bool_and(NOT u.leaderboard_opt_out AND NOT u.blocked)
           FROM scale_movements m JOIN users u ON u.uid = m.uid
          CROSS JOIN (SELECT atrium_site_zone() AS zone) z
          CROSS JOIN (VALUES ('week'), ('month'), ('all')) AS p (period)
          WHERE m.delta > 0 AND m.kind IN ('award', 'adjust')
          GROUP BY 1, 2, 3
         ON CONFLICT (period, starts, uid) DO UPDATE SET points = t.points + EXCLUDED.points`,
        // The earning rules' record of each paid or held award, keyed by its event; in the order
        // of its indexes, which all begin with the user.
        `INSERT INTO incentive_awards (uid, rule, event_key, points, created_at)
         SELECT uid, (${textArray(RULES)})[1 + rule], 'scale-' || r, delta, created_at
           FROM scale_movements WHERE kind IN ('award', 'held') ORDER BY uid, created_at`,
        // The incentives overview's weekly totals, as the triggers of migration 0032 keep them.
        `SELECT atrium_points_overview_rebuild()`,
      ],
    },
    {
      label: 'stock of the reward products',
      triggers: true,
      statements: [
        // Units sold go to slot 0; then two in three products get a stock of a few more than
        // sold, which shares the rest out among the slots (the products' stock trigger).
        `UPDATE incentive_product_stock s SET sold = c.sold
           FROM (SELECT product_id, count(*)::int AS sold FROM scale_movements
                  WHERE kind = 'redeem' GROUP BY product_id) c
          WHERE s.product_id = c.product_id AND s.slot = 0`,
        `UPDATE incentive_products p
            SET stock = (SELECT sum(s.sold) FROM incentive_product_stock s WHERE s.product_id = p.id)
                        + 5 + p.id % 50
          WHERE p.id > (SELECT product FROM scale_before) AND p.id % 3 <> 0`,
      ],
    },
    {
      label: 'storefront sections',
      statements: [
        // Each layout's sections repeated in order until it has the size's number of sections.
        `INSERT INTO storefront_sections (layout_id, type, weight, content, settings, appearance,
             restrictions)
         SELECT s.layout_id, s.type, g, s.content, s.settings, s.appearance, s.restrictions
           FROM (SELECT layout_id, count(*)::int AS n FROM storefront_sections GROUP BY layout_id) c
           CROSS JOIN LATERAL generate_series(c.n, ${size.sectionsPerLayout} - 1) g
           JOIN LATERAL (SELECT * FROM storefront_sections x WHERE x.layout_id = c.layout_id
                          ORDER BY x.weight, x.id OFFSET g % c.n LIMIT 1) s ON true
          ORDER BY s.layout_id, g`,
      ],
    },
    {
      label: 'trainer availability',
      statements: [
        `CREATE TEMP TABLE scale_trainers AS
           SELECT uid, (row_number() OVER (ORDER BY uid) - 1)::int AS n
             FROM scale_users WHERE role IN ('trainer', 'course_admin')`,
        `INSERT INTO availability_profiles (uid, timezone, locked_by, locked_at)
         SELECT t.uid, ${pick(TIME_ZONES, 't.uid', 60)},
                CASE WHEN t.n % 40 = 0 THEN (SELECT min(uid) FROM scale_users WHERE role = 'course_admin') END,
                CASE WHEN t.n % 40 = 0 THEN now() END
           FROM scale_trainers t
         ON CONFLICT (uid) DO NOTHING`,
        // Monday to Friday, morning and afternoon, starting at 7, 8 or 9; one in five on
        // Saturday mornings too.
        `INSERT INTO availability_weekly (uid, weekday, start_minute, end_minute)
         SELECT t.uid, d, (7 + t.n % 3) * 60, 12 * 60 FROM scale_trainers t, generate_series(1, 5) d
         UNION ALL
         SELECT t.uid, d, 13 * 60, (16 + t.n % 3) * 60 FROM scale_trainers t, generate_series(1, 5) d
         UNION ALL
         SELECT t.uid, 6, 9 * 60, 12 * 60 FROM scale_trainers t WHERE t.n % 5 = 0
          ORDER BY 1, 2, 3`,
        // A changed day every two weeks over the year (a third of them a day off).
        `INSERT INTO availability_overrides (uid, day, intervals, reason)
         SELECT t.uid, current_date - 90 + k * 14 + t.n % 14,
                CASE WHEN k % 3 = 0 THEN '[]'::jsonb
                     ELSE '[{"start": "09:00", "end": "13:00"}]'::jsonb END,
                CASE WHEN k % 3 = 0 THEN 'Day off' ELSE 'Half day' END
           FROM scale_trainers t, generate_series(0, 25) k
         ON CONFLICT DO NOTHING`,
        // Time off every two weeks (an afternoon or a whole day), an extra evening every month.
        `INSERT INTO availability_entries (uid, kind, starts_at, ends_at, reason, created_by, created_at)
         SELECT t.uid, 'time_off',
                date_trunc('day', now()) - interval '90 days' + (k * 14 + 3 + t.n % 7) * interval '1 day'
                  + CASE WHEN k % 2 = 0 THEN interval '13 hours' ELSE interval '0 hours' END,
                date_trunc('day', now()) - interval '90 days' + (k * 14 + 4 + t.n % 7) * interval '1 day',
                CASE WHEN k % 2 = 0 THEN 'Appointment' ELSE 'Annual leave' END, t.uid,
                now() - interval '100 days'
           FROM scale_trainers t, generate_series(0, 25) k
         UNION ALL
         SELECT t.uid, 'extra',
                date_trunc('day', now()) - interval '90 days' + (k * 30 + 10 + t.n % 5) * interval '1 day'
                  + interval '18 hours',
                date_trunc('day', now()) - interval '90 days' + (k * 30 + 10 + t.n % 5) * interval '1 day'
                  + interval '20 hours',
                'Evening webinar', t.uid, now() - interval '100 days'
           FROM scale_trainers t, generate_series(0, 11) k`,
        // Their spans and labelled intervals, as the triggers of migrations 0024 and 0026 keep
        // them.
        `SELECT atrium_availability_refresh(uid) FROM scale_trainers`,
        // The trainers counted per hour (migration 0035), from the spans written just now.
        `SELECT atrium_availability_cover_rebuild()`,
      ],
    },
    {
      label: 'audit log',
      statements: [
        `CREATE TEMP TABLE scale_actors AS
           SELECT uid, (row_number() OVER (ORDER BY uid) - 1)::int AS n FROM user_roles
            WHERE role IN ('administrator', 'course_admin')`,
        // Spread evenly over the last two years, newest last, so ids follow time.
        `INSERT INTO audit_log (actor_uid, action, target, details, created_at)
         SELECT a.uid, ${pick(AUDIT_ACTIONS, 'k', 70)}, 'user:' || u.uid,
                jsonb_build_object('field', 'title', 'old', 'Nurse', 'new', 'Team lead'),
                now() - interval '730 days' + k * (interval '730 days' / ${size.auditRows})
           FROM generate_series(1, ${size.auditRows}) k
           JOIN scale_actors a ON a.n = ${h('k', 72)} % (SELECT count(*) FROM scale_actors)
           JOIN scale_users u ON u.g = 1 + ${h('k', 71)} % (SELECT count(*) FROM scale_users)
          ORDER BY k`,
        // Who has acted, as the log's trigger keeps it.
        `INSERT INTO audit_actors (uid) SELECT uid FROM scale_actors ON CONFLICT DO NOTHING`,
      ],
    },
  ];
}

/** Counts of the tables the scale benchmark reads, after growing. */
const COUNTS = `SELECT
  (SELECT count(*) FROM users)::int AS users,
  (SELECT count(*) FROM organizations)::int AS organizations,
  (SELECT count(*) FROM languages)::int AS languages,
  (SELECT count(*) FROM trainings)::int AS trainings,
  (SELECT count(*) FROM subscriptions)::int AS subscriptions,
  (SELECT count(*) FROM watched_videos)::int AS watched_videos,
  (SELECT count(*) FROM points_ledger)::int AS ledger_rows,
  (SELECT count(*) FROM incentive_orders)::int AS orders,
  (SELECT count(*) FROM incentive_products)::int AS rewards,
  (SELECT max(n) FROM (SELECT count(*)::int AS n FROM storefront_sections GROUP BY layout_id) s) AS sections_per_layout,
  (SELECT count(DISTINCT uid) FROM user_roles WHERE role IN ('trainer', 'course_admin'))::int AS trainers,
  (SELECT count(*) FROM audit_log)::int AS audit_rows,
  (SELECT count(*) FROM points_ledger WHERE remaining > 0 AND expires_at <= now())::int AS due_lots`;

/** The tables' row counts the size is about. */
export type ScaleCounts = Record<string, number>;

/** Row counts of the database, as the size names them. */
export async function countsOf(db: SqlRunner): Promise<ScaleCounts> {
  return (await db.query(COUNTS)).rows[0] as ScaleCounts;
}

/** What the server keeps consistent, each a count of rows that break it (0 when kept). */
const CHECKS: Record<string, string> = {
  'a training is restricted exactly when it has organizations, and lists its tags': `SELECT count(*)::int AS n
     FROM trainings t
    WHERE t.restricted <> EXISTS (SELECT 1 FROM training_organizations o WHERE o.training_id = t.id)
       OR t.term_ids <> ARRAY(SELECT tt.tid FROM training_terms tt WHERE tt.training_id = t.id ORDER BY tt.tid)`,
  'balances equal the sum of the ledger': `SELECT count(*)::int AS n FROM point_balances b
     LEFT JOIN (SELECT uid, sum(delta) AS s FROM points_ledger GROUP BY uid) l ON l.uid = b.uid
    WHERE b.points <> coalesce(l.s, 0)`,
  'balances equal the points remaining in the lots': `SELECT count(*)::int AS n FROM point_balances b
     LEFT JOIN (SELECT uid, sum(remaining) AS s FROM points_ledger GROUP BY uid) l ON l.uid = b.uid
    WHERE b.points <> coalesce(l.s, 0)`,
  'leaderboard totals equal what the ledger says was earned': `SELECT count(*)::int AS n FROM (
     SELECT l.uid, sum(l.delta) AS s FROM points_ledger l
      WHERE l.delta > 0 AND l.kind IN ('award', 'adjust') GROUP BY l.uid) e
     FULL JOIN (SELECT uid, points FROM leaderboard_totals WHERE period = 'all') t ON t.uid = e.uid
    WHERE coalesce(e.s, 0) <> coalesce(t.points, 0)`,
  'the audit log lists as actors exactly those who have entries': `SELECT count(*)::int AS n FROM
     (SELECT DISTINCT actor_uid AS uid FROM audit_log WHERE actor_uid IS NOT NULL) l
     FULL JOIN audit_actors a ON a.uid = l.uid WHERE l.uid IS NULL OR a.uid IS NULL`,
  'each ledger row has the balance after it': `SELECT count(*)::int AS n FROM (
     SELECT balance_after, sum(delta) OVER (PARTITION BY uid ORDER BY created_at, id) AS s
       FROM points_ledger) x WHERE balance_after <> s`,
  'no row refers to a missing one': `SELECT
       (SELECT count(*) FROM user_roles x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM user_organizations x
         WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid)
            OR NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = x.organization_id))
     + (SELECT count(*) FROM subscriptions x
         WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid)
            OR NOT EXISTS (SELECT 1 FROM trainings t WHERE t.id = x.training_id))
     + (SELECT count(*) FROM watched_videos x
         WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid)
            OR NOT EXISTS (SELECT 1 FROM training_videos v WHERE v.id = x.video_id))
     + (SELECT count(*) FROM video_opens x
         WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid)
            OR NOT EXISTS (SELECT 1 FROM training_videos v WHERE v.id = x.video_id))
     + (SELECT count(*) FROM points_ledger x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM point_balances x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM incentive_awards x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM incentive_orders x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM incentive_order_items x
         WHERE NOT EXISTS (SELECT 1 FROM incentive_orders o WHERE o.id = x.order_id)
            OR (x.product_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM incentive_products p WHERE p.id = x.product_id)))
     + (SELECT count(*) FROM audit_log x
         WHERE x.actor_uid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.actor_uid))
     + (SELECT count(*) FROM availability_weekly x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM availability_overrides x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM availability_entries x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = x.uid))
     + (SELECT count(*) FROM training_terms x
         WHERE NOT EXISTS (SELECT 1 FROM trainings t WHERE t.id = x.training_id)
            OR NOT EXISTS (SELECT 1 FROM taxonomy_terms y WHERE y.tid = x.tid))
     + (SELECT count(*) FROM training_videos x WHERE NOT EXISTS (SELECT 1 FROM trainings t WHERE t.id = x.training_id))
     AS n`,
  'every order has its items and its redemption': `SELECT count(*)::int AS n FROM incentive_orders o
     LEFT JOIN (SELECT order_id, sum(delta) AS s FROM points_ledger
                 WHERE kind = 'redeem' AND order_id IS NOT NULL GROUP BY order_id) l ON l.order_id = o.id
     LEFT JOIN (SELECT DISTINCT order_id FROM incentive_order_items) i ON i.order_id = o.id
    WHERE i.order_id IS NULL OR o.total <> -coalesce(l.s, 0)`,
  'the stock slots count the units sold': `SELECT count(*)::int AS n FROM incentive_products p
     LEFT JOIN (SELECT product_id, sum(sold) AS n FROM incentive_product_stock GROUP BY product_id) s
       ON s.product_id = p.id
     LEFT JOIN (SELECT i.product_id, sum(i.quantity) AS n FROM incentive_order_items i
                  JOIN incentive_orders o ON o.id = i.order_id
                 WHERE o.status = 'completed' GROUP BY i.product_id) b ON b.product_id = p.id
    WHERE coalesce(s.n, 0) <> coalesce(b.n, 0)`,
  'a subscription is completed when every video is watched': `WITH videos AS (
      SELECT training_id, count(*) AS n FROM training_videos GROUP BY training_id
    ), watched AS (
      SELECT w.uid, v.training_id, count(*) AS n FROM watched_videos w
        JOIN training_videos v ON v.id = w.video_id GROUP BY w.uid, v.training_id
    )
    SELECT count(*)::int AS n FROM subscriptions s
      LEFT JOIN videos v ON v.training_id = s.training_id
      LEFT JOIN watched w ON w.uid = s.uid AND w.training_id = s.training_id
     WHERE (s.completed_at IS NOT NULL) <> (coalesce(v.n, 0) > 0 AND coalesce(v.n, 0) = coalesce(w.n, 0))`,
  "the learning overview's totals count every subscription": `WITH counted AS (
      SELECT training_id, count(*) AS subscriptions, count(completed_at) AS completions
        FROM subscriptions GROUP BY training_id
    ), weeks AS (
      SELECT week, sum(s) AS subscriptions, sum(c) AS completions
        FROM (SELECT atrium_utc_week(subscribed_at) AS week, 1 AS s, 0 AS c FROM subscriptions
              UNION ALL
              SELECT atrium_utc_week(completed_at), 0, 1 FROM subscriptions
               WHERE completed_at IS NOT NULL) x GROUP BY week
    ), kept AS (
      SELECT week, sum(subscriptions) AS subscriptions, sum(completions) AS completions
        FROM learning_weekly GROUP BY week
    )
    SELECT ((SELECT count(*) FROM counted c FULL JOIN training_learning k USING (training_id)
              WHERE coalesce(c.subscriptions, 0) <> coalesce(k.subscriptions, 0)
                 OR coalesce(c.completions, 0) <> coalesce(k.completions, 0))
          + (SELECT count(*) FROM weeks w FULL JOIN kept k USING (week)
              WHERE coalesce(w.subscriptions, 0) <> coalesce(k.subscriptions, 0)
                 OR coalesce(w.completions, 0) <> coalesce(k.completions, 0)))::int AS n`,
};

/** The consistency rules the database breaks, with how many rows break each; empty when none. */
export async function inconsistencies(db: SqlRunner): Promise<string[]> {
  const problems: string[] = [];
  for (const [rule, sql] of Object.entries(CHECKS)) {
    // pg answers a bigint as a string.
    const n = Number(((await db.query(sql)).rows[0] as { n: number | string }).n);
    if (n) problems.push(`${rule}: ${n} rows do not`);
  }
  return problems;
}

/**
 * Grows a migrated, demo-seeded database (no server running on it) to `size`, then vacuums and
 * ANALYZEs it.
 * Returns the seconds it took.
 */
export async function growOrganisation(
  db: SqlRunner,
  size: ScaleSize,
  log: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  // Only for this session: bulk writes need not wait for each commit to reach the disk.
  await db.query('SET synchronous_commit = off');
  await db.query("SET work_mem = '256MB'");
  // Turning triggers off (foreign keys are triggers) needs a superuser: without, they run.
  const triggersOff = await db.query('SET session_replication_role = replica').then(
    () => true,
    () => false,
  );
  if (!triggersOff) log('  (not a superuser: foreign keys are checked row by row)');
  await db.query('BEGIN');
  try {
    for (const step of steps(size)) {
      const at = performance.now();
      if (triggersOff)
        await db.query(`SET session_replication_role = ${step.triggers ? 'origin' : 'replica'}`);
      for (const sql of step.statements) {
        await db.query(sql);
        // Temporary tables are never analyzed on their own: the joins over them need estimates.
        const temporary = /^\s*CREATE TEMP TABLE (\w+)/.exec(sql)?.[1];
        if (temporary) await db.query(`ANALYZE ${temporary}`);
      }
      log(`  ${step.label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
    }
    await db.query('SET session_replication_role = origin');
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  // A live database is vacuumed as it goes (autovacuum): old versions of updated rows are gone
  // and the visibility maps are set, so index-only scans read no table pages. A server's
  // autovacuum may be off or not have caught up yet: the whole database is vacuumed here.
  let at = performance.now();
  await db.query('VACUUM');
  log(`  VACUUM: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  at = performance.now();
  await db.query('ANALYZE');
  log(`  ANALYZE: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  // The build's pages are written out now, not by the checkpointer while requests are timed.
  at = performance.now();
  await db.query('CHECKPOINT');
  log(`  CHECKPOINT: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  return (performance.now() - started) / 1000;
}
