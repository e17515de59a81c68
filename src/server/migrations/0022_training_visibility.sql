-- Learners' lists of trainings (catalogue, search, recommendations) at the size of a large
-- organisation: what a list asks of each training is kept on the training's row, so that a list
-- reads rows, not a few other tables per training.
--
-- `restricted`: the training is kept to the members of its organizations. A list decides who
-- sees an open training from its row alone, and reads the viewer's organizations once per list
-- (not once per training) for the restricted ones.
-- `term_ids`: the training's tags (taxonomy term ids, ascending), for the tag filters and the
-- search's tag counts.
-- `title_vector`: the title's words alone (the search document's weight A), so that a search
-- tells a hit in the title without unpacking the whole document. Filled with the search document
-- (the trainings repository's refreshSearchVector).
--
-- `restricted` and `term_ids` are maintained by the triggers below; nothing else writes them.
ALTER TABLE trainings
  ADD COLUMN restricted boolean NOT NULL DEFAULT false,
  ADD COLUMN term_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN title_vector tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE trainings t SET
  restricted = EXISTS (SELECT 1 FROM training_organizations o WHERE o.training_id = t.id),
  term_ids = ARRAY(SELECT tt.tid FROM training_terms tt WHERE tt.training_id = t.id ORDER BY tt.tid),
  title_vector = to_tsvector(training_ts_config(t.language), t.title);

CREATE FUNCTION atrium_training_restricted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE trainings SET restricted = true WHERE id = NEW.training_id AND NOT restricted;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE trainings t SET restricted = false
     WHERE t.id = OLD.training_id AND t.restricted
       AND NOT EXISTS (SELECT 1 FROM training_organizations o WHERE o.training_id = t.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER training_organizations_restricted
  AFTER INSERT OR UPDATE OR DELETE ON training_organizations
  FOR EACH ROW EXECUTE FUNCTION atrium_training_restricted();

CREATE FUNCTION atrium_training_term_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trainings t
     SET term_ids = ARRAY(SELECT tt.tid FROM training_terms tt WHERE tt.training_id = t.id ORDER BY tt.tid)
   WHERE t.id IN (CASE WHEN TG_OP <> 'DELETE' THEN NEW.training_id END,
                  CASE WHEN TG_OP <> 'INSERT' THEN OLD.training_id END);
  RETURN NULL;
END $$;
CREATE TRIGGER training_terms_term_ids
  AFTER INSERT OR UPDATE OR DELETE ON training_terms
  FOR EACH ROW EXECUTE FUNCTION atrium_training_term_ids();

-- Counting the catalogue a viewer sees reads this small index, not every training's row.
CREATE INDEX trainings_visible_idx ON trainings (restricted, id) WHERE published;
