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
END $$;

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

-- The subscriptions made before this migration.
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

INSERT INTO training_learning (training_id, subscriptions, completions)
SELECT training_id, count(*), count(completed_at)
  FROM subscriptions
 GROUP BY training_id;
