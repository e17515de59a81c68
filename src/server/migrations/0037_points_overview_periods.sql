-- The incentives overview (migration 0032) reads a few rows per week instead of every reward's
-- and every shard's weeks.
--
-- Units of each reward bought over each period the overview offers (the last 6 or 12 months,
-- counted from the Monday, UTC, the period starts on) are kept as orders complete and are
-- refunded, so that the top rewards come from an index. A period's start moves on a week at a
-- time: a job (atrium_move_reward_periods, hourly and at start) takes the weeks that left the
-- period off its totals. Until it has, the period's row shows an older start and readers add up
-- the weeks instead, so an answer is never wrong, only slower. The job and the counting triggers
-- wait for each other through an advisory lock that the triggers share and the job holds alone
-- for the few milliseconds a move takes.
--
-- The same job folds the shards of past weeks into one row (atrium_fold_points_overview).

CREATE TABLE product_redemption_periods (
  months smallint PRIMARY KEY,
  start_week date NOT NULL
);

CREATE TABLE product_redemption_period_totals (
  months smallint NOT NULL REFERENCES product_redemption_periods (months) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES incentive_products (id) ON DELETE CASCADE,
  quantity bigint NOT NULL DEFAULT 0,
  points bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (months, product_id)
);
CREATE INDEX product_redemption_period_totals_rank_idx
  ON product_redemption_period_totals (months, quantity DESC, points DESC);
CREATE INDEX product_redemption_period_totals_product_idx
  ON product_redemption_period_totals (product_id);

-- Adds (or with a negative quantity takes off) units of a product bought in a week to every
-- period that week is in, periods in order so that concurrent orders lock their rows alike.
CREATE FUNCTION atrium_count_reward_periods(p_week date, p_product integer, p_quantity bigint,
                                            p_points bigint) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(1919184945);  -- 'rdp1'
  INSERT INTO product_redemption_period_totals AS t (months, product_id, quantity, points)
  SELECT p.months, p_product, p_quantity, p_points
    FROM product_redemption_periods p
   WHERE p.start_week <= p_week
   ORDER BY p.months
  ON CONFLICT (months, product_id) DO UPDATE
    SET quantity = t.quantity + EXCLUDED.quantity,
        points = t.points + EXCLUDED.points;
$$;

CREATE OR REPLACE FUNCTION atrium_count_redemption() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_week date;
BEGIN
  IF NEW.product_id IS NOT NULL THEN
    SELECT atrium_utc_week(o.created_at) INTO order_week
      FROM incentive_orders o
     WHERE o.id = NEW.order_id AND o.status = 'completed';
    IF FOUND THEN
      INSERT INTO product_redemptions_weekly AS w (week, product_id, quantity, points)
      VALUES (order_week, NEW.product_id, NEW.quantity, NEW.price * NEW.quantity)
      ON CONFLICT (week, product_id) DO UPDATE
        SET quantity = w.quantity + EXCLUDED.quantity,
            points = w.points + EXCLUDED.points;
      PERFORM atrium_count_reward_periods(order_week, NEW.product_id, NEW.quantity,
                                          NEW.price * NEW.quantity);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION atrium_uncount_refund() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT i.product_id, sum(i.quantity) AS quantity, sum(i.price * i.quantity) AS points
      FROM incentive_order_items i
     WHERE i.order_id = NEW.id AND i.product_id IS NOT NULL
     GROUP BY 1
     ORDER BY 1
  LOOP
    UPDATE product_redemptions_weekly w
       SET quantity = w.quantity - item.quantity, points = w.points - item.points
     WHERE w.week = atrium_utc_week(NEW.created_at) AND w.product_id = item.product_id;
    PERFORM atrium_count_reward_periods(atrium_utc_week(NEW.created_at), item.product_id,
                                        -item.quantity, -item.points);
  END LOOP;
  RETURN NULL;
END $$;

-- Brings the periods of `p_months` to the weeks they cover at `p_at`: a period seen for the
-- first time (or whose start went back) is counted from the weeks, one whose start moved on loses
-- the weeks it left behind; periods no longer offered are forgotten. Returns how many periods
-- changed.
CREATE FUNCTION atrium_move_reward_periods(p_months integer[], p_at timestamptz DEFAULT now())
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m integer;
  target date;
  kept date;
  moved integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(1919184945);  -- 'rdp1'
  DELETE FROM product_redemption_periods WHERE months <> ALL (p_months);
  FOREACH m IN ARRAY p_months LOOP
    target := atrium_utc_week(p_at - make_interval(months => m));
    SELECT start_week INTO kept FROM product_redemption_periods WHERE months = m;
    IF kept IS NULL OR kept > target THEN
      DELETE FROM product_redemption_period_totals WHERE months = m;
      INSERT INTO product_redemption_periods AS p (months, start_week) VALUES (m, target)
      ON CONFLICT (months) DO UPDATE SET start_week = EXCLUDED.start_week;
      INSERT INTO product_redemption_period_totals (months, product_id, quantity, points)
      SELECT m, product_id, sum(quantity), sum(points)
        FROM product_redemptions_weekly
       WHERE week >= target
       GROUP BY product_id;
      moved := moved + 1;
    ELSIF kept < target THEN
      UPDATE product_redemption_period_totals t
         SET quantity = t.quantity - w.quantity, points = t.points - w.points
        FROM (SELECT product_id, sum(quantity) AS quantity, sum(points) AS points
                FROM product_redemptions_weekly
               WHERE week >= kept AND week < target
               GROUP BY product_id) w
       WHERE t.months = m AND t.product_id = w.product_id;
      DELETE FROM product_redemption_period_totals
       WHERE months = m AND quantity = 0 AND points = 0;
      UPDATE product_redemption_periods SET start_week = target WHERE months = m;
      moved := moved + 1;
    END IF;
  END LOOP;
  RETURN moved;
END $$;

-- Weeks before `p_at`'s are done with: their points and rules rows are folded from 16 shards into
-- shard 0, so that a reader adds up one row per week and kind (or rule) for most of a period. A
-- movement still counted in a past week lands in its shard again and is added up with the rest.
-- Returns how many rows were folded away.
CREATE FUNCTION atrium_fold_points_overview(p_at timestamptz DEFAULT now())
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
  rules integer;
BEGIN
  WITH gone AS (
    DELETE FROM points_weekly
     WHERE week < atrium_utc_week(p_at) AND shard <> 0
    RETURNING week, kind, points_in, points_out, movements
  ), counted AS (
    INSERT INTO points_weekly AS w (week, kind, shard, points_in, points_out, movements)
    SELECT week, kind, 0, sum(points_in), sum(points_out), sum(movements)
      FROM gone
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (week, kind, shard) DO UPDATE
      SET points_in = w.points_in + EXCLUDED.points_in,
          points_out = w.points_out + EXCLUDED.points_out,
          movements = w.movements + EXCLUDED.movements
  )
  SELECT count(*) INTO folded FROM gone;
  WITH gone AS (
    DELETE FROM award_rules_weekly
     WHERE week < atrium_utc_week(p_at) AND shard <> 0
    RETURNING week, rule, points, awards, held
  ), counted AS (
    INSERT INTO award_rules_weekly AS w (week, rule, shard, points, awards, held)
    SELECT week, rule, 0, sum(points), sum(awards), sum(held)
      FROM gone
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (week, rule, shard) DO UPDATE
      SET points = w.points + EXCLUDED.points,
          awards = w.awards + EXCLUDED.awards,
          held = w.held + EXCLUDED.held
  )
  SELECT count(*) INTO rules FROM gone;
  RETURN folded + rules;
END $$;

-- A bulk load that counts the weeks again (migration 0036) has the periods counted again at the
-- job's next move.
ALTER FUNCTION atrium_points_overview_rebuild() RENAME TO atrium_points_weekly_rebuild;

CREATE FUNCTION atrium_points_overview_rebuild() RETURNS void LANGUAGE sql AS $$
  SELECT atrium_points_weekly_rebuild();
  DELETE FROM product_redemption_periods;
$$;
