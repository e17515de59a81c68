-- A product's units sold are counted in slots instead of on the product's row. Every checkout
-- took the stock by updating that one row, so all buyers of a product queued for it, each
-- waiting until the one before had committed (and, on a busy machine, had been given the CPU
-- again). Now a checkout counts its sale in one of the product's slots that no other checkout
-- holds at that moment, so buyers of one product do not wait for each other.
--
-- The stock is shared out among the slots as quotas (units a slot may have sold in all). A sale
-- stays within its slot's quota; when no free slot has the units left in its quota, the sale
-- locks every slot of the product and shares out what is left again. So the slots never sell
-- more than the stock: while the stock is at least the units sold, the quotas add up to the
-- stock; otherwise each quota is what its slot has sold, and nothing sells.
CREATE TABLE incentive_product_stock (
  product_id integer NOT NULL REFERENCES incentive_products (id) ON DELETE CASCADE,
  slot integer NOT NULL CHECK (slot >= 0),
  sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  -- NULL: unlimited stock.
  quota integer CHECK (quota >= sold),
  PRIMARY KEY (product_id, slot)
);

-- Slots per product: more than the connections that usually sell one product at once.
CREATE FUNCTION atrium_stock_slots() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 16';

-- Locks every slot of the product (in slot order), takes p_take units (0 or more) on slot p_slot
-- and shares out what is then left of the stock among the slots again. False, changing nothing,
-- when fewer than p_take units are left or the product is gone.
CREATE FUNCTION atrium_share_stock(p_product integer, p_slot integer, p_take integer)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_slots integer;
  v_sold integer;
  v_stock integer;
  v_rest integer;
BEGIN
  SELECT count(*), coalesce(sum(s.sold), 0) INTO v_slots, v_sold FROM (
    SELECT t.sold FROM incentive_product_stock t WHERE t.product_id = p_product
     ORDER BY t.slot FOR UPDATE
  ) s;
  SELECT p.stock INTO v_stock FROM incentive_products p WHERE p.id = p_product;
  IF v_slots = 0 OR NOT FOUND THEN
    RETURN false;
  END IF;
  IF p_take > 0 AND v_stock - v_sold < p_take THEN
    RETURN false;
  END IF;
  -- NULL for unlimited stock, and so are the quotas.
  v_rest := CASE WHEN v_stock IS NOT NULL THEN greatest(v_stock - v_sold - p_take, 0) END;
  UPDATE incentive_product_stock t SET
    sold = t.sold + CASE WHEN t.slot = p_slot THEN p_take ELSE 0 END,
    quota = t.sold + CASE WHEN t.slot = p_slot THEN p_take ELSE 0 END
      + v_rest / v_slots + CASE WHEN t.slot < v_rest % v_slots THEN 1 ELSE 0 END
   WHERE t.product_id = p_product;
  RETURN true;
END
$$;

-- A new product gets its slots; a new stock is shared out again.
CREATE FUNCTION atrium_product_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO incentive_product_stock (product_id, slot)
      SELECT NEW.id, s FROM generate_series(0, atrium_stock_slots() - 1) AS s;
  END IF;
  PERFORM atrium_share_stock(NEW.id, 0, 0);
  RETURN NULL;
END
$$;
CREATE TRIGGER incentive_products_stock_insert AFTER INSERT ON incentive_products
  FOR EACH ROW EXECUTE FUNCTION atrium_product_stock_changed();
CREATE TRIGGER incentive_products_stock_update AFTER UPDATE OF stock ON incentive_products
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock)
  EXECUTE FUNCTION atrium_product_stock_changed();

-- The products there are: their units sold so far go to slot 0.
INSERT INTO incentive_product_stock (product_id, slot, sold)
  SELECT p.id, s, CASE WHEN s = 0 THEN p.sold ELSE 0 END
    FROM incentive_products p, generate_series(0, atrium_stock_slots() - 1) AS s;
SELECT atrium_share_stock(p.id, 0, 0) FROM incentive_products p;
ALTER TABLE incentive_products DROP COLUMN sold;

-- Takes the units of each product (ids ascending), or fails with AT001 and the first short
-- product's id as DETAIL when too few units are left or the product is gone. The sale goes to the
-- first slot, from p_slot on, that has the units in its quota and that no other transaction
-- holds; only that row stays locked until the commit. When there is none, every slot is locked
-- and the stock shared out again.
CREATE FUNCTION atrium_take_stock_on(p_slot integer, ids integer[], quantities integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(ids, 1), 0) LOOP
    UPDATE incentive_product_stock t SET sold = t.sold + quantities[i]
      FROM (
        SELECT f.slot FROM incentive_product_stock f
         WHERE f.product_id = ids[i] AND (f.quota IS NULL OR f.quota - f.sold >= quantities[i])
         ORDER BY (f.slot - p_slot + atrium_stock_slots()) % atrium_stock_slots()
         LIMIT 1 FOR UPDATE SKIP LOCKED
      ) free
     WHERE t.product_id = ids[i] AND t.slot = free.slot;
    IF NOT FOUND AND NOT atrium_share_stock(ids[i], p_slot, quantities[i]) THEN
      RAISE EXCEPTION 'Too few units of product % left', ids[i]
        USING ERRCODE = 'AT001', DETAIL = ids[i]::text;
    END IF;
  END LOOP;
END
$$;

-- A checkout's last step, as before: buyers on different connections start at different slots.
CREATE OR REPLACE FUNCTION atrium_take_stock(ids integer[], quantities integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM atrium_take_stock_on(pg_backend_pid() % atrium_stock_slots(), ids, quantities);
END
$$;

-- A refund's stock: p_quantity units of the product are no longer sold (none below zero), taken
-- from the slots that sold most, and the stock is shared out again.
CREATE FUNCTION atrium_return_stock(p_product integer, p_quantity integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_left integer := p_quantity;
  v_slot record;
BEGIN
  PERFORM 1 FROM incentive_product_stock t WHERE t.product_id = p_product ORDER BY t.slot
    FOR UPDATE;
  FOR v_slot IN SELECT t.slot, t.sold FROM incentive_product_stock t
                 WHERE t.product_id = p_product AND t.sold > 0 ORDER BY t.sold DESC, t.slot LOOP
    EXIT WHEN v_left = 0;
    UPDATE incentive_product_stock t SET sold = t.sold - least(v_slot.sold, v_left)
     WHERE t.product_id = p_product AND t.slot = v_slot.slot;
    v_left := v_left - least(v_slot.sold, v_left);
  END LOOP;
  PERFORM atrium_share_stock(p_product, 0, 0);
END
$$;
