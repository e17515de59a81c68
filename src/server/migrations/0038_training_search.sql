-- Search documents in a table of their own, beside the trainings they index.
--
-- A search counts every hit it finds and its facets (tags, language, free), so it reads each
-- hit's row. A training's row is wide (its HTML, its text, its image), and a common word finds
-- thousands of trainings in a large catalogue: reading them was most of such a search's time.
-- `training_search` holds what a search asks of a hit, and only that: its words (the document
-- and the title's words alone), what decides who sees it (published, restricted), the facets
-- (language, free, tags) and its age (hits without a rank come newest first).
--
-- The triggers below keep it: a training's document is computed here as its row is written —
-- title (weight A), tag names and summary (B), body text (C), in its language's text search
-- configuration — and again when one of its tags is renamed. Nothing else writes it.

CREATE FUNCTION atrium_training_document(
  lang text, title text, term_ids integer[], summary text, body_text text
) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector(training_ts_config(lang), title), 'A')
      || setweight(to_tsvector(training_ts_config(lang), coalesce(
           (SELECT string_agg(x.name, ' ' ORDER BY x.tid) FROM taxonomy_terms x
             WHERE x.tid = ANY (term_ids)), '')), 'B')
      || setweight(to_tsvector(training_ts_config(lang), summary), 'B')
      || setweight(to_tsvector(training_ts_config(lang), body_text), 'C')
$$;

CREATE TABLE training_search (
  id integer PRIMARY KEY REFERENCES trainings (id) ON DELETE CASCADE,
  language text NOT NULL,
  published boolean NOT NULL,
  restricted boolean NOT NULL,
  free boolean NOT NULL,
  created timestamptz NOT NULL,
  term_ids integer[] NOT NULL,
  title_vector tsvector NOT NULL,
  search_vector tsvector NOT NULL
);

-- Writes the search rows of these trainings from their rows: set-based, for the triggers below
-- and for loading many trainings at once with triggers off.
CREATE FUNCTION atrium_index_trainings(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO training_search
         (id, language, published, restricted, free, created, term_ids, title_vector, search_vector)
  SELECT t.id, t.language, t.published, t.restricted, t.free, t.created, t.term_ids,
         to_tsvector(training_ts_config(t.language), t.title),
         atrium_training_document(t.language, t.title, t.term_ids, t.summary, t.body_text)
    FROM trainings t
   WHERE t.id = ANY (ids)
  ON CONFLICT (id) DO UPDATE SET
    language = EXCLUDED.language, published = EXCLUDED.published,
    restricted = EXCLUDED.restricted, free = EXCLUDED.free, created = EXCLUDED.created,
    term_ids = EXCLUDED.term_ids, title_vector = EXCLUDED.title_vector,
    search_vector = EXCLUDED.search_vector
$$;

SELECT atrium_index_trainings(ARRAY(SELECT id FROM trainings));

CREATE INDEX training_search_vector_idx ON training_search USING gin (search_vector);

DROP INDEX trainings_search_idx;
ALTER TABLE trainings DROP COLUMN search_vector, DROP COLUMN title_vector;

CREATE FUNCTION atrium_training_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.title, NEW.summary, NEW.body_text, NEW.language, NEW.term_ids)
         IS NOT DISTINCT FROM (OLD.title, OLD.summary, OLD.body_text, OLD.language, OLD.term_ids)
  THEN
    -- The words are the same: only who sees it, its price or its age changed.
    UPDATE training_search
       SET published = NEW.published, restricted = NEW.restricted, free = NEW.free,
           created = NEW.created
     WHERE id = NEW.id;
    RETURN NULL;
  END IF;
  PERFORM atrium_index_trainings(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
CREATE TRIGGER trainings_search
  AFTER INSERT OR UPDATE OF title, summary, body_text, language, published, restricted, free,
    created, term_ids ON trainings
  FOR EACH ROW EXECUTE FUNCTION atrium_training_search();

-- A renamed tag is searched by its new name in every training that has it.
CREATE FUNCTION atrium_training_search_term() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM atrium_index_trainings(ARRAY(SELECT t.id FROM trainings t WHERE t.term_ids @> ARRAY[NEW.tid]));
  RETURN NULL;
END $$;
CREATE TRIGGER taxonomy_terms_search
  AFTER UPDATE OF name ON taxonomy_terms
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION atrium_training_search_term();

-- A training's tags are written in one statement: its tag list (and so its search row) is
-- written once for the statement, not once for each tag (migration 0022 did it per row).
DROP TRIGGER training_terms_term_ids ON training_terms;
DROP FUNCTION atrium_training_term_ids();
CREATE FUNCTION atrium_training_term_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trainings t
     SET term_ids = ARRAY(SELECT tt.tid FROM training_terms tt WHERE tt.training_id = t.id ORDER BY tt.tid)
   WHERE t.id IN (SELECT training_id FROM changed);
  IF TG_OP = 'UPDATE' THEN
    UPDATE trainings t
       SET term_ids = ARRAY(SELECT tt.tid FROM training_terms tt WHERE tt.training_id = t.id ORDER BY tt.tid)
     WHERE t.id IN (SELECT training_id FROM gone EXCEPT SELECT training_id FROM changed);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER training_terms_term_ids_insert AFTER INSERT ON training_terms
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_training_term_ids();
CREATE TRIGGER training_terms_term_ids_update AFTER UPDATE ON training_terms
  REFERENCING OLD TABLE AS gone NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_training_term_ids();
CREATE TRIGGER training_terms_term_ids_delete AFTER DELETE ON training_terms
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_training_term_ids();
