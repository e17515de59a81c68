-- The incentives overview: points issued, redeemed and expired per week, what each earning rule
-- paid (and what the cheat guard held back), and how many units of each reward were bought, all
-- kept by the database as the ledger, the awards and the orders change, so the overview reads a
-- few hundred rows instead of summing the ledger on every request. Weeks start on Monday, UTC.
-- Rows are spread over 16 shards by user so that movements of different users at the same time
-- do not wait for one another's row of the week; a reader adds the shards up.

-- Points moved per week and ledger kind: what came in (positive movements), what went out
-- (negative ones) and how many movements there were (held-back awards move nothing and only
-- count).
CREATE TABLE points_weekly (
  week date NOT NULL,
  kind text NOT NULL,
  shard smallint NOT NULL,
  points_in bigint NOT NULL DEFAULT 0,
  points_out bigint NOT NULL DEFAULT 0,
  movements bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (week, kind, shard)
);

-- What each earning rule paid per week, and how many of its awards were held back.
CREATE TABLE award_rules_weekly (
  week date NOT NULL,
  rule text NOT NULL,
  shard smallint NOT NULL,
  points bigint NOT NULL DEFAULT 0,
  awards bigint NOT NULL DEFAULT 0,
  held bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (week, rule, shard)
);

-- Units of each reward bought per week (the week of the order) and the points spent on them,
-- less what was refunded.
CREATE TABLE product_redemptions_weekly (
  week date NOT NULL,
  product_id integer NOT NULL REFERENCES incentive_products (id) ON DELETE CASCADE,
  quantity bigint NOT NULL DEFAULT 0,
  points bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (week, product_id)
);
CREATE INDEX product_redemptions_weekly_product_idx ON product_redemptions_weekly (product_id);

-- The Monday (UTC) of the week an instant falls in.
CREATE FUNCTION atrium_utc_week(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', at AT TIME ZONE 'UTC')::date
$$;

-- Each statement's ledger rows, added up per week, kind and shard: one upsert per statement.
CREATE FUNCTION atrium_count_points_weekly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO points_weekly AS w (week, kind, shard, points_in, points_out, movements)
  SELECT atrium_utc_week(a.created_at), a.kind, (a.uid % 16)::smallint,
         sum(greatest(a.delta, 0)), sum(greatest(-a.delta, 0)), count(*)
    FROM added a
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (week, kind, shard) DO UPDATE
    SET points_in = w.points_in + EXCLUDED.points_in,
        points_out = w.points_out + EXCLUDED.points_out,
        movements = w.movements + EXCLUDED.movements;
  RETURN NULL;
END $$;

CREATE TRIGGER points_ledger_weekly
  AFTER INSERT ON points_ledger REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_points_weekly();

CREATE FUNCTION atrium_count_award_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO award_rules_weekly AS w (week, rule, shard, points, awards, held)
  SELECT atrium_utc_week(a.created_at), a.rule, (a.uid % 16)::smallint, sum(a.points),
         count(*) FILTER (WHERE a.points > 0), count(*) FILTER (WHERE a.points = 0)
    FROM added a
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (week, rule, shard) DO UPDATE
    SET points = w.points + EXCLUDED.points,
        awards = w.awards + EXCLUDED.awards,
        held = w.held + EXCLUDED.held;
  RETURN NULL;
END $$;

CREATE TRIGGER incentive_awards_weekly
  AFTER INSERT ON incentive_awards REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_award_rules();

-- Items of a purchase count in the week of their order. Purchases and refunds lock the order,
-- the buyer's balance and the stock first: these rows are counted at commit, after every other
-- lock the transaction takes, so that a purchase and a refund of one product never wait for each
-- other in opposite orders.
CREATE FUNCTION atrium_count_redemption() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.product_id IS NOT NULL THEN
    INSERT INTO product_redemptions_weekly AS w (week, product_id, quantity, points)
    SELECT atrium_utc_week(o.created_at), NEW.product_id, NEW.quantity, NEW.price * NEW.quantity
      FROM incentive_orders o
     WHERE o.id = NEW.order_id AND o.status = 'completed'
    ON CONFLICT (week, product_id) DO UPDATE
      SET quantity = w.quantity + EXCLUDED.quantity,
          points = w.points + EXCLUDED.points;
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER incentive_order_items_weekly
  AFTER INSERT ON incentive_order_items
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION atrium_count_redemption();

-- A refunded order's items no longer count as redeemed (at commit too).
CREATE FUNCTION atrium_uncount_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_redemptions_weekly w
     SET quantity = w.quantity - r.quantity, points = w.points - r.points
    FROM (SELECT i.product_id, sum(i.quantity) AS quantity, sum(i.price * i.quantity) AS points
            FROM incentive_order_items i
           WHERE i.order_id = NEW.id AND i.product_id IS NOT NULL
           GROUP BY 1) r
   WHERE w.week = atrium_utc_week(NEW.created_at) AND w.product_id = r.product_id;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER incentive_orders_refund_weekly
  AFTER UPDATE OF status ON incentive_orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.status = 'completed' AND NEW.status = 'refunded')
  EXECUTE FUNCTION atrium_uncount_refund();

-- What happened before this migration.
INSERT INTO points_weekly (week, kind, shard, points_in, points_out, movements)
SELECT atrium_utc_week(created_at), kind, (uid % 16)::smallint, sum(greatest(delta, 0)),
       sum(greatest(-delta, 0)), count(*)
  FROM points_ledger
 GROUP BY 1, 2, 3;

INSERT INTO award_rules_weekly (week, rule, shard, points, awards, held)
SELECT atrium_utc_week(created_at), rule, (uid % 16)::smallint, sum(points),
       count(*) FILTER (WHERE points > 0), count(*) FILTER (WHERE points = 0)
  FROM incentive_awards
 GROUP BY 1, 2, 3;

INSERT INTO product_redemptions_weekly (week, product_id, quantity, points)
SELECT atrium_utc_week(o.created_at), i.product_id, sum(i.quantity), sum(i.price * i.quantity)
  FROM incentive_order_items i
  JOIN incentive_orders o ON o.id = i.order_id
 WHERE i.product_id IS NOT NULL AND o.status = 'completed'
 GROUP BY 1, 2;
