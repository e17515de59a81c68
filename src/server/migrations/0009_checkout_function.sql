-- A checkout and a debit each run as one statement: one round trip to the database instead of
-- one per step, and one implicit transaction (the statement's own) instead of BEGIN ... COMMIT.
-- The plans of the statements inside are prepared once per connection. The products a checkout
-- buys are read (and judged against the buyer) before, by the server.
--
-- Errors a caller answers with 409 carry their own SQLSTATEs (AT001 is atrium_take_stock's):
--   AT002  the item at position DETAIL was refused when the server read the products
--   AT003  the buyer has reached the per-person limit of product DETAIL
--   AT004  the balance is smaller than the debit

-- Takes p_points from the user's balance and their lots, oldest lot first (soonest to expire
-- first among equals), and writes the movement's ledger row. The balance row is locked first,
-- so one user's movements queue up; a balance too small raises AT004 and changes nothing.
CREATE FUNCTION atrium_debit(
  p_uid integer, p_points integer, p_kind text, p_note text, p_source text, p_order_id integer,
  OUT ledger_id bigint, OUT balance_after integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_balance integer;
  v_taken integer;
BEGIN
  SELECT points INTO v_balance FROM point_balances WHERE uid = p_uid FOR UPDATE;
  IF coalesce(v_balance, 0) < p_points THEN
    RAISE EXCEPTION 'Not enough points' USING ERRCODE = 'AT004';
  END IF;
  -- Each lot gives what is left of the debit after the lots before it.
  WITH locked AS (
    SELECT l.id, l.remaining, l.created_at, l.expires_at FROM points_ledger l
     WHERE l.uid = p_uid AND l.remaining > 0 FOR UPDATE
  ), ordered AS (
    SELECT o.id, o.remaining,
      sum(o.remaining) OVER (ORDER BY o.created_at, o.expires_at NULLS LAST, o.id) - o.remaining
        AS before
      FROM locked o
  ), taken AS (
    UPDATE points_ledger p SET remaining = p.remaining - least(o.remaining, p_points - o.before)
      FROM ordered o WHERE p.id = o.id AND o.before < p_points
    RETURNING least(o.remaining, p_points - o.before) AS take
  )
  SELECT coalesce(sum(t.take), 0)::int INTO v_taken FROM taken t;
  -- The lots always cover the balance; running short means the ledger was edited by hand.
  IF v_taken < p_points THEN
    RAISE EXCEPTION 'The points lots of user % do not cover the balance.', p_uid;
  END IF;
  UPDATE point_balances SET points = points - p_points WHERE uid = p_uid
    RETURNING points INTO balance_after;
  INSERT INTO points_ledger (uid, delta, kind, note, source, order_id, remaining, expires_at,
      balance_after)
    VALUES (p_uid, -p_points, p_kind, p_note, p_source, p_order_id, 0, NULL, balance_after)
    RETURNING id INTO ledger_id;
END
$$;

-- Buys the items (product ids ascending, with the quantity, title and price the server read and
-- the per-person limit it saw) for p_total points. A repeat of the buyer's idempotency key
-- returns the first order (waiting for it to commit when it is still running) with
-- out_replayed; otherwise the checks run in the order the server reports them: the item the
-- server refused (p_refused, its position), per-person limits, points, then the stock.
--
-- Locks are taken in the order a refund takes them: the new order, the buyer's balance (before
-- past purchases are counted, so one buyer's checkouts count the ones before them), and last
-- the product rows, which every buyer of a product wants: they stay locked for the commit alone.
CREATE FUNCTION atrium_checkout(
  p_uid integer, p_key text, p_total integer, p_ids integer[], p_quantities integer[],
  p_titles text[], p_prices integer[], p_limits integer[], p_refused integer, p_note text,
  OUT out_order integer, OUT out_replayed boolean, OUT out_created timestamptz,
  OUT out_balance integer
) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  v_bought integer;
BEGIN
  INSERT INTO incentive_orders AS o (uid, total, idempotency_key) VALUES (p_uid, p_total, p_key)
    ON CONFLICT (uid, idempotency_key) DO NOTHING
    RETURNING o.id, o.created_at INTO out_order, out_created;
  IF out_order IS NULL THEN
    SELECT o.id, o.created_at INTO out_order, out_created FROM incentive_orders o
     WHERE o.uid = p_uid AND o.idempotency_key = p_key;
    out_replayed := true;
    RETURN;
  END IF;
  out_replayed := false;

  PERFORM 1 FROM point_balances b WHERE b.uid = p_uid FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
    IF i = p_refused THEN
      RAISE EXCEPTION 'Item % cannot be sold', i USING ERRCODE = 'AT002', DETAIL = i::text;
    END IF;
    IF p_limits[i] IS NOT NULL THEN
      SELECT coalesce(sum(it.quantity), 0) INTO v_bought
        FROM incentive_order_items it JOIN incentive_orders o ON o.id = it.order_id
       WHERE o.uid = p_uid AND o.status = 'completed' AND it.product_id = p_ids[i];
      IF v_bought + p_quantities[i] > p_limits[i] THEN
        RAISE EXCEPTION 'Limit of product % reached', p_ids[i]
          USING ERRCODE = 'AT003', DETAIL = p_ids[i]::text;
      END IF;
    END IF;
  END LOOP;

  -- The items' foreign keys keep their products from being deleted until the commit; a product
  -- deleted since the server read it fails them (23503).
  INSERT INTO incentive_order_items (order_id, product_id, title, price, quantity)
    SELECT out_order, u.id, u.title, u.price, u.quantity
      FROM unnest(p_ids, p_titles, p_prices, p_quantities) AS u (id, title, price, quantity);
  SELECT d.balance_after INTO out_balance
    FROM atrium_debit(p_uid, p_total, 'redeem', p_note, 'checkout', out_order) d;
  PERFORM atrium_take_stock(p_ids, p_quantities);
END
$$;
