-- Each product has a version, one more on every change of its row, whoever writes it. A server
-- keeps the products it has sold as it read them and sends their versions with the checkout: the
-- checkout goes ahead only while they are still the versions in the database, so the server no
-- longer reads the products before each checkout. The checkout and the debit also run fewer
-- statements: each one costs the database more than the work it does here.
ALTER TABLE incentive_products ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE FUNCTION atrium_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER incentive_products_version BEFORE UPDATE ON incentive_products
  FOR EACH ROW EXECUTE FUNCTION atrium_next_version();

-- The debit of migration 0009 in fewer statements: the balance is locked, checked and taken in
-- one, the lots and the ledger row in another (AT004 when the balance is too small, as before).
CREATE OR REPLACE FUNCTION atrium_debit(
  p_uid integer, p_points integer, p_kind text, p_note text, p_source text, p_order_id integer,
  OUT ledger_id bigint, OUT balance_after integer
) LANGUAGE plpgsql AS $$
DECLARE
  v_taken integer;
BEGIN
  UPDATE point_balances b SET points = b.points - p_points
   WHERE b.uid = p_uid AND b.points >= p_points
  RETURNING b.points INTO balance_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Not enough points' USING ERRCODE = 'AT004';
  END IF;
  -- Each lot, oldest first (soonest to expire first among equals), gives what is left of the
  -- debit after the lots before it.
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
  ), movement AS (
    INSERT INTO points_ledger (uid, delta, kind, note, source, order_id, remaining, expires_at,
        balance_after)
      VALUES (p_uid, -p_points, p_kind, p_note, p_source, p_order_id, 0, NULL, balance_after)
    RETURNING id
  )
  SELECT (SELECT coalesce(sum(t.take), 0)::int FROM taken t), (SELECT m.id FROM movement m)
    INTO v_taken, ledger_id;
  -- The lots always cover the balance; running short means the ledger was edited by hand.
  IF v_taken < p_points THEN
    RAISE EXCEPTION 'The points lots of user % do not cover the balance.', p_uid;
  END IF;
END
$$;

-- The checkout of migration 0009, given the versions of the products as the server read them
-- (p_versions, or NULL when it has just read them), and checking the stock itself, so that the
-- server needs no units sold:
--   AT005  a product is gone or no longer at the version the server sent
--   AT001  (as atrium_take_stock) product DETAIL has fewer units left than the items want
-- The checks run in the order the server reports them: the versions, a repeated idempotency key
-- (the first order is returned, out_replayed), then item by item in id order the refusal the
-- server found (p_refused, the item's position), the stock left, the per-person limit; then the
-- points, and the stock again as it is taken.
--
-- Locks are taken in the order a refund takes them: the new order, the buyer's balance (before
-- past purchases are counted, so one buyer's checkouts count the ones before them), and last a
-- stock slot of each product.
DROP FUNCTION atrium_checkout(integer, text, integer, integer[], integer[], text[], integer[],
  integer[], integer, text);
CREATE FUNCTION atrium_checkout(
  p_uid integer, p_key text, p_total integer, p_ids integer[], p_quantities integer[],
  p_titles text[], p_prices integer[], p_limits integer[], p_versions integer[],
  p_refused integer, p_note text,
  OUT out_order integer, OUT out_replayed boolean, OUT out_created timestamptz,
  OUT out_balance integer
) LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  v_version integer;
  v_units integer;
  v_left integer[];
  v_bought integer;
BEGIN
  -- Whether a product changed since the server read it, and the units left of each (NULL:
  -- unlimited). One product at a time: a plan for any number of them would be made each time.
  FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
    SELECT p.version, p.stock - (SELECT coalesce(sum(s.sold), 0) FROM incentive_product_stock s
                                  WHERE s.product_id = p.id)
      INTO v_version, v_units
      FROM incentive_products p WHERE p.id = p_ids[i];
    v_left[i] := v_units;
    IF p_versions IS NOT NULL AND v_version IS DISTINCT FROM p_versions[i] THEN
      RAISE EXCEPTION 'Product % changed', p_ids[i] USING ERRCODE = 'AT005';
    END IF;
  END LOOP;

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

  IF cardinality(array_remove(p_limits, NULL)) > 0 THEN
    PERFORM 1 FROM point_balances b WHERE b.uid = p_uid FOR UPDATE;
  END IF;
  FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
    IF i = p_refused THEN
      RAISE EXCEPTION 'Item % cannot be sold', i USING ERRCODE = 'AT002', DETAIL = i::text;
    END IF;
    IF v_left[i] < p_quantities[i] THEN
      RAISE EXCEPTION 'Too few units of product % left', p_ids[i]
        USING ERRCODE = 'AT001', DETAIL = p_ids[i]::text;
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
  PERFORM atrium_take_stock_on(pg_backend_pid() % atrium_stock_slots(), p_ids, p_quantities);
END
$$;

-- The checkout takes the stock with atrium_take_stock_on itself now.
DROP FUNCTION atrium_take_stock(integer[], integer[]);
