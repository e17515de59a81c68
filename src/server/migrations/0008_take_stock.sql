-- A checkout's last step: takes the units of each product (ids in ascending order, so that two
-- checkouts lock shared products in the same order) or fails with SQLSTATE AT001 and the id of
-- the first product that has too few left, or none at all (deleted), as its DETAIL.
CREATE FUNCTION atrium_take_stock(ids integer[], quantities integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(ids, 1), 0) LOOP
    UPDATE incentive_products SET sold = sold + quantities[i]
     WHERE id = ids[i] AND (stock IS NULL OR stock - sold >= quantities[i]);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Too few units of product % left', ids[i]
        USING ERRCODE = 'AT001', DETAIL = ids[i]::text;
    END IF;
  END LOOP;
END
$$;
