-- The shop leaves out the rewards a shopper's audience does not pass, in SQL. Matching each
-- restricted reward's restrictions (JSON) against the audience took most of a large shop's list
-- time; the restrictions are now also kept as rows of text values, so a list finds the rewards
-- kept from an audience with one pass over a small table.
--
-- Each item of a reward's restrictions is a row: the values it lets in, as 'type=value' (the
-- audience's values are given the same way, `audienceValues` in storefront-audience.ts). An item
-- without values restricts nothing and has no row. A reward is kept from an audience when one of
-- its items shares no value with the audience: the rule of `matchesRestrictions`
-- (src/server/lib/storefront-audience.ts), which every reward shown is checked against again.

CREATE TABLE incentive_product_restrictions (
  product_id integer NOT NULL REFERENCES incentive_products (id) ON DELETE CASCADE,
  item integer NOT NULL,
  wanted text[] NOT NULL,
  PRIMARY KEY (product_id, item)
);

-- The items of a list of restrictions with the values each lets in.
CREATE FUNCTION atrium_restriction_values(restrictions jsonb)
RETURNS TABLE (item integer, wanted text[]) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT e.n::integer,
         ARRAY(SELECT (e.value ->> 'type') || '=' || v.value
                 FROM jsonb_array_elements_text(
                        CASE jsonb_typeof(e.value -> 'value') WHEN 'array' THEN e.value -> 'value'
                             ELSE jsonb_build_array(e.value -> 'value') END) AS v (value))
    FROM jsonb_array_elements(coalesce(restrictions, '[]'::jsonb)) WITH ORDINALITY AS e (value, n)
   WHERE CASE jsonb_typeof(e.value -> 'value') WHEN 'array'
           THEN jsonb_array_length(e.value -> 'value') > 0 ELSE true END
$$;

CREATE FUNCTION atrium_keep_reward_restrictions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM incentive_product_restrictions WHERE product_id = NEW.id;
  END IF;
  INSERT INTO incentive_product_restrictions (product_id, item, wanted)
  SELECT NEW.id, r.item, r.wanted FROM atrium_restriction_values(NEW.restrictions) r;
  RETURN NULL;
END $$;
CREATE TRIGGER incentive_products_restrictions
  AFTER INSERT OR UPDATE OF restrictions ON incentive_products
  FOR EACH ROW EXECUTE FUNCTION atrium_keep_reward_restrictions();

INSERT INTO incentive_product_restrictions (product_id, item, wanted)
SELECT p.id, r.item, r.wanted
  FROM incentive_products p, atrium_restriction_values(p.restrictions) r;

DROP FUNCTION atrium_matches_audience(jsonb, jsonb);
