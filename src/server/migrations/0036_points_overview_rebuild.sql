-- Counts the incentives overview's weekly totals (migration 0032) again from the ledger, the
-- awards and the orders: for bulk loads that write those with triggers off. Not for a live site
-- (concurrent changes would be counted twice).
CREATE FUNCTION atrium_points_overview_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM points_weekly;
  INSERT INTO points_weekly (week, kind, shard, points_in, points_out, movements)
  SELECT atrium_utc_week(created_at), kind, (uid % 16)::smallint, sum(greatest(delta, 0)),
         sum(greatest(-delta, 0)), count(*)
    FROM points_ledger
   GROUP BY 1, 2, 3;
  DELETE FROM award_rules_weekly;
  INSERT INTO award_rules_weekly (week, rule, shard, points, awards, held)
  SELECT atrium_utc_week(created_at), rule, (uid % 16)::smallint, sum(points),
         count(*) FILTER (WHERE points > 0), count(*) FILTER (WHERE points = 0)
    FROM incentive_awards
   GROUP BY 1, 2, 3;
  DELETE FROM product_redemptions_weekly;
  INSERT INTO product_redemptions_weekly (week, product_id, quantity, points)
  SELECT atrium_utc_week(o.created_at), i.product_id, sum(i.quantity), sum(i.price * i.quantity)
    FROM incentive_order_items i
    JOIN incentive_orders o ON o.id = i.order_id
   WHERE i.product_id IS NOT NULL AND o.status = 'completed'
   GROUP BY 1, 2;
$$;
