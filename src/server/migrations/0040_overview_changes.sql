-- People buying the same reward, or earning points, at the same time no longer wait for one
-- another. Each movement of points counted itself into its week's row of the incentives overview
-- (migration 0032: one of 16 shards, by user), each award into its rule's, and each completed
-- order into the reward's row of the week and of each period (migration 0037), all before the
-- transaction committed: the row stayed locked until the commit, and the next checkout of that
-- reward, or of a user on the same shard, queued behind it. Under 50 learners buying one voucher,
-- five checkouts out of seven were waiting for a lock at any moment.
--
-- Those counts are now appended to tables of changes that nobody updates; a job folds them into
-- the kept totals (one process at a time, every few seconds), and the overview adds up the kept
-- totals and the changes not folded yet, in one statement and so one snapshot: an answer is
-- never behind.

CREATE TABLE points_weekly_changes (
  week date NOT NULL,
  kind text NOT NULL,
  points_in bigint NOT NULL,
  points_out bigint NOT NULL,
  movements bigint NOT NULL
);

CREATE TABLE award_rules_changes (
  week date NOT NULL,
  rule text NOT NULL,
  points bigint NOT NULL,
  awards bigint NOT NULL,
  held bigint NOT NULL
);

CREATE TABLE product_redemption_changes (
  week date NOT NULL,
  product_id integer NOT NULL,
  quantity bigint NOT NULL,
  points bigint NOT NULL
);

-- Each statement's ledger rows, added up per week and kind.
CREATE OR REPLACE FUNCTION atrium_count_points_weekly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO points_weekly_changes (week, kind, points_in, points_out, movements)
  SELECT atrium_utc_week(a.created_at), a.kind, sum(greatest(a.delta, 0)),
         sum(greatest(-a.delta, 0)), count(*)
    FROM added a
   GROUP BY 1, 2;
  RETURN NULL;
END $$;

-- Each statement's awards, added up per week and rule.
CREATE OR REPLACE FUNCTION atrium_count_award_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO award_rules_changes (week, rule, points, awards, held)
  SELECT atrium_utc_week(a.created_at), a.rule, sum(a.points),
         count(*) FILTER (WHERE a.points > 0), count(*) FILTER (WHERE a.points = 0)
    FROM added a
   GROUP BY 1, 2;
  RETURN NULL;
END $$;

-- An order's items count in the week of their order, still at commit (migration 0032).
CREATE OR REPLACE FUNCTION atrium_count_redemption() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.product_id IS NOT NULL THEN
    INSERT INTO product_redemption_changes (week, product_id, quantity, points)
    SELECT atrium_utc_week(o.created_at), NEW.product_id, NEW.quantity, NEW.price * NEW.quantity
      FROM incentive_orders o
     WHERE o.id = NEW.order_id AND o.status = 'completed';
  END IF;
  RETURN NULL;
END $$;

-- A refunded order's items are taken off again.
CREATE OR REPLACE FUNCTION atrium_uncount_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_redemption_changes (week, product_id, quantity, points)
  SELECT atrium_utc_week(NEW.created_at), i.product_id, -sum(i.quantity),
         -sum(i.price * i.quantity)
    FROM incentive_order_items i
   WHERE i.order_id = NEW.id AND i.product_id IS NOT NULL
   GROUP BY i.product_id;
  RETURN NULL;
END $$;

-- Folds the changes into the kept totals (the job; one process at a time, others return at
-- once): points and awards into shard 0 of their week, rewards into their week and into every
-- kept period whose start they are not before. The periods hold still meanwhile: moving them
-- (atrium_move_reward_periods) takes the same advisory lock alone. Changes of a reward deleted
-- since are dropped, as its weeks were. Returns how many changes it folded.
CREATE FUNCTION atrium_fold_overview_changes() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_points integer;
  v_rules integer;
  v_rewards integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(1919184946) THEN  -- 'rdp2'
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(1919184945);  -- 'rdp1'
  WITH moved AS (
    DELETE FROM points_weekly_changes RETURNING week, kind, points_in, points_out, movements
  ), counted AS (
    INSERT INTO points_weekly AS w (week, kind, shard, points_in, points_out, movements)
    SELECT m.week, m.kind, 0, sum(m.points_in), sum(m.points_out), sum(m.movements)
      FROM moved m
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (week, kind, shard) DO UPDATE
      SET points_in = w.points_in + EXCLUDED.points_in,
          points_out = w.points_out + EXCLUDED.points_out,
          movements = w.movements + EXCLUDED.movements
  )
  SELECT count(*) INTO v_points FROM moved;
  WITH moved AS (
    DELETE FROM award_rules_changes RETURNING week, rule, points, awards, held
  ), counted AS (
    INSERT INTO award_rules_weekly AS w (week, rule, shard, points, awards, held)
    SELECT m.week, m.rule, 0, sum(m.points), sum(m.awards), sum(m.held)
      FROM moved m
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (week, rule, shard) DO UPDATE
      SET points = w.points + EXCLUDED.points,
          awards = w.awards + EXCLUDED.awards,
          held = w.held + EXCLUDED.held
  )
  SELECT count(*) INTO v_rules FROM moved;
  WITH moved AS (
    DELETE FROM product_redemption_changes RETURNING week, product_id, quantity, points
  ), counted AS (
    SELECT m.week, m.product_id, sum(m.quantity) AS quantity, sum(m.points) AS points
      FROM moved m
     WHERE EXISTS (SELECT 1 FROM incentive_products p WHERE p.id = m.product_id)
     GROUP BY 1, 2
  ), weeks AS (
    INSERT INTO product_redemptions_weekly AS w (week, product_id, quantity, points)
    SELECT c.week, c.product_id, c.quantity, c.points FROM counted c ORDER BY 1, 2
    ON CONFLICT (week, product_id) DO UPDATE
      SET quantity = w.quantity + EXCLUDED.quantity,
          points = w.points + EXCLUDED.points
  ), periods AS (
    INSERT INTO product_redemption_period_totals AS t (months, product_id, quantity, points)
    SELECT p.months, c.product_id, sum(c.quantity), sum(c.points)
      FROM counted c
      JOIN product_redemption_periods p ON p.start_week <= c.week
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (months, product_id) DO UPDATE
      SET quantity = t.quantity + EXCLUDED.quantity,
          points = t.points + EXCLUDED.points
  )
  SELECT count(*) INTO v_rewards FROM moved;
  RETURN v_points + v_rules + v_rewards;
END $$;

-- Counting again from the ledger, the awards and the orders (bulk loads) starts from no pending
-- change.
CREATE OR REPLACE FUNCTION atrium_points_overview_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM points_weekly_changes;
  DELETE FROM award_rules_changes;
  DELETE FROM product_redemption_changes;
  SELECT atrium_points_weekly_rebuild();
  DELETE FROM product_redemption_periods;
$$;

-- The counting function of migration 0037 has no caller left.
DROP FUNCTION atrium_count_reward_periods(date, integer, bigint, bigint);
