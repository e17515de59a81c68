-- The learning overview of course administration: subscriptions and completions per week, the
-- trainings with the most subscriptions and the completion rate of each topic, kept by the
-- database as subscriptions are made, completed and removed, so that the overview reads a few
-- hundred rows instead of counting every subscription on every request. Weeks start on Monday,
-- UTC (atrium_utc_week, migration 0032).
--
-- The figures count the subscriptions that exist: removing one (unsubscribing, or deleting its
-- user or training) takes it out of the week it was made in and of the week it was completed in,
-- so that the kept totals always equal counting the subscriptions table.

-- Subscriptions per week they were made in, and completions per week they happened in. Rows are
-- spread over 16 shards by user so that learners subscribing at the same time do not wait for
-- one another's row of the week; a reader adds the shards up.
CREATE TABLE learning_weekly (
  week date NOT NULL,
  shard smallint NOT NULL,
  subscriptions bigint NOT NULL DEFAULT 0,
  completions bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (week, shard)
);

-- Each training's subscriptions and how many of them are completed: one row per training (a few
-- thousand), read whole to rank trainings and, joined to the training's terms when read, to rate
-- each topic, so that changing a training's topics needs nothing recounted.
CREATE TABLE training_learning (
  training_id integer PRIMARY KEY REFERENCES trainings (id) ON DELETE CASCADE,
  -- No CHECK (>= 0): an upsert checks the row it would insert, a removal's negative one, too.
  subscriptions bigint NOT NULL DEFAULT 0,
  completions bigint NOT NULL DEFAULT 0
);

-- Each topic's (taxonomy term's) subscriptions and completions: the sum over its trainings,
-- kept as subscriptions change and as trainings gain or lose the term, so the completion rate
-- by topic reads one row per term.
CREATE TABLE term_learning (
  tid integer PRIMARY KEY REFERENCES taxonomy_terms (tid) ON DELETE CASCADE,
  subscriptions bigint NOT NULL DEFAULT 0,
  completions bigint NOT NULL DEFAULT 0
);

-- What subscriptions added and removed by one statement change in the totals: one upsert per
-- table, the weeks first and then the trainings, each in key order, so that statements never
-- wait for each other's rows in opposite orders. A change that moves nothing (an update of the
-- last activity only) writes nothing. A training being deleted is not counted back: its row
-- goes with it.
CREATE FUNCTION atrium_count_learning(added subscriptions[], removed subscriptions[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT s.uid, s.subscribed_at, s.completed_at, 1 AS sign FROM unnest(added) s
    UNION ALL
    SELECT s.uid, s.subscribed_at, s.completed_at, -1 FROM unnest(removed) s
  )
  INSERT INTO learning_weekly AS w (week, shard, subscriptions, completions)
  SELECT week, shard, sum(subscriptions), sum(completions)
    FROM (SELECT atrium_utc_week(subscribed_at) AS week, (uid % 16)::smallint AS shard,
                 sign AS subscriptions, 0 AS completions
            FROM changed
          UNION ALL
          SELECT atrium_utc_week(completed_at), (uid % 16)::smallint, 0, sign
            FROM changed
           WHERE completed_at IS NOT NULL) c
   GROUP BY week, shard
  HAVING sum(subscriptions) <> 0 OR sum(completions) <> 0
   ORDER BY week, shard
  ON CONFLICT (week, shard) DO UPDATE
    SET subscriptions = w.subscriptions + EXCLUDED.subscriptions,
        completions = w.completions + EXCLUDED.completions;

  WITH changed AS (
    SELECT s.training_id, s.completed_at, 1 AS sign FROM unnest(added) s
    UNION ALL
    SELECT s.training_id, s.completed_at, -1 FROM unnest(removed) s
  )
  INSERT INTO training_learning AS t (training_id, subscriptions, completions)
  SELECT c.training_id, sum(c.sign),
         coalesce(sum(c.sign) FILTER (WHERE c.completed_at IS NOT NULL), 0)
    FROM changed c
    JOIN trainings x ON x.id = c.training_id
   GROUP BY c.training_id
  HAVING sum(c.sign) <> 0 OR sum(c.sign) FILTER (WHERE c.completed_at IS NOT NULL) <> 0
   ORDER BY c.training_id
  ON CONFLICT (training_id) DO UPDATE
    SET subscriptions = t.subscriptions + EXCLUDED.subscriptions,
        completions = t.completions + EXCLUDED.completions;

  -- The terms of the trainings as they are now (a change of a training's terms waits for the
  -- training's row above, so it counts these subscriptions itself or after them).
  WITH changed AS (
    SELECT s.training_id, s.completed_at, 1 AS sign FROM unnest(added) s
    UNION ALL
    SELECT s.training_id, s.completed_at, -1 FROM unnest(removed) s
  )
  INSERT INTO term_learning AS t (tid, subscriptions, completions)
  SELECT tt.tid, sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.completed_at IS NOT NULL), 0)
    FROM changed c
    JOIN training_terms tt ON tt.training_id = c.training_id
   GROUP BY tt.tid
  HAVING sum(c.sign) <> 0 OR sum(c.sign) FILTER (WHERE c.completed_at IS NOT NULL) <> 0
   ORDER BY tt.tid
  ON CONFLICT (tid) DO UPDATE
    SET subscriptions = t.subscriptions + EXCLUDED.subscriptions,
        completions = t.completions + EXCLUDED.completions;
END $$;

-- A training gaining or losing terms moves its subscriptions to or from them, counted from the
-- subscriptions as they are (so that a training and its subscriptions deleted together, in
-- either order, leave nothing behind), after waiting for the trainings' kept rows.
CREATE FUNCTION atrium_count_learning_terms() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  PERFORM 1 FROM training_learning
    WHERE training_id IN (SELECT training_id FROM changed)
    ORDER BY training_id FOR UPDATE;
  INSERT INTO term_learning AS t (tid, subscriptions, completions)
  SELECT c.tid, direction * count(*), direction * count(s.completed_at)
    FROM changed c
    JOIN taxonomy_terms x ON x.tid = c.tid
    JOIN subscriptions s ON s.training_id = c.training_id
   GROUP BY c.tid
   ORDER BY c.tid
  ON CONFLICT (tid) DO UPDATE
    SET subscriptions = t.subscriptions + EXCLUDED.subscriptions,
        completions = t.completions + EXCLUDED.completions;
  RETURN NULL;
END $$;

CREATE TRIGGER training_terms_learning_added
  AFTER INSERT ON training_terms REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_learning_terms();

CREATE TRIGGER training_terms_learning_removed
  AFTER DELETE ON training_terms REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_learning_terms();

-- A training deleted takes its subscriptions and its terms with it; the triggers above run when
-- both are gone and so move nothing: its counts leave its terms before it goes.
CREATE FUNCTION atrium_uncount_training_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE term_learning t
     SET subscriptions = t.subscriptions - c.subscriptions,
         completions = t.completions - c.completions
    FROM training_learning c
    JOIN training_terms tt ON tt.training_id = c.training_id
   WHERE c.training_id = OLD.id AND t.tid = tt.tid;
  RETURN OLD;
END $$;

CREATE TRIGGER trainings_learning_terms
  BEFORE DELETE ON trainings
  FOR EACH ROW EXECUTE FUNCTION atrium_uncount_training_terms();

CREATE FUNCTION atrium_count_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM atrium_count_learning(ARRAY(SELECT ROW(a.*)::subscriptions FROM added a), '{}'::subscriptions[]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM atrium_count_learning(ARRAY(SELECT ROW(a.*)::subscriptions FROM added a), ARRAY(SELECT ROW(r.*)::subscriptions FROM removed r));
  ELSE
    PERFORM atrium_count_learning('{}'::subscriptions[], ARRAY(SELECT ROW(r.*)::subscriptions FROM removed r));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER subscriptions_learning_added
  AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_subscriptions();

CREATE TRIGGER subscriptions_learning_changed
  AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_subscriptions();

CREATE TRIGGER subscriptions_learning_removed
  AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_subscriptions();

-- Counts every total again from the subscriptions: for this migration and for bulk loads that
-- write subscriptions with triggers off. Not for a live site (concurrent changes would be
-- counted twice).
CREATE FUNCTION atrium_learning_overview_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM learning_weekly;
  INSERT INTO learning_weekly (week, shard, subscriptions, completions)
  SELECT week, shard, sum(subscriptions), sum(completions)
    FROM (SELECT atrium_utc_week(subscribed_at) AS week, (uid % 16)::smallint AS shard,
                 1 AS subscriptions, 0 AS completions
            FROM subscriptions
          UNION ALL
          SELECT atrium_utc_week(completed_at), (uid % 16)::smallint, 0, 1
            FROM subscriptions
           WHERE completed_at IS NOT NULL) c
   GROUP BY week, shard;
  DELETE FROM training_learning;
  INSERT INTO training_learning (training_id, subscriptions, completions)
  SELECT training_id, count(*), count(completed_at)
    FROM subscriptions
   GROUP BY training_id;
  DELETE FROM term_learning;
  INSERT INTO term_learning (tid, subscriptions, completions)
  SELECT tt.tid, sum(c.subscriptions), sum(c.completions)
    FROM training_learning c
    JOIN training_terms tt ON tt.training_id = c.training_id
   GROUP BY tt.tid;
$$;

SELECT atrium_learning_overview_rebuild();

-- The trainings ranked by subscriptions, read from the top.
CREATE INDEX training_learning_rank_idx
  ON training_learning (subscriptions DESC, completions DESC, training_id);
