-- Whether an audience passes a list of audience restrictions, exactly as the server's
-- `matchesRestrictions` (src/server/lib/storefront-audience.ts) decides it, so that a list can be
-- filtered and paged in SQL: every item must match (rule `and`); an item matches when the
-- audience has one of its values (a single value or a list, compared as text); an empty list
-- restricts nothing. `audience` holds a list of text values per restriction type, such as
-- {"roles": ["authenticated", "learner"], "language": ["ar"]}.
CREATE FUNCTION atrium_matches_audience(restrictions jsonb, audience jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NOT EXISTS (
    SELECT 1
      FROM jsonb_array_elements(coalesce(restrictions, '[]'::jsonb)) AS item
     CROSS JOIN LATERAL (
       SELECT CASE jsonb_typeof(item -> 'value') WHEN 'array' THEN item -> 'value'
                   ELSE jsonb_build_array(item -> 'value') END AS wanted
     ) w
     WHERE jsonb_array_length(w.wanted) > 0
       AND NOT EXISTS (
         SELECT 1 FROM jsonb_array_elements_text(w.wanted) AS v (value)
          WHERE coalesce(audience -> (item ->> 'type'), '[]'::jsonb) ? v.value
       )
  )
$$;
