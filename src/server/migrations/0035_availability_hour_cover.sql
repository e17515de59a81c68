-- How many trainers are available for the whole of each UTC hour of the spans' horizon
-- (migration 0024), kept as the spans and the trainers change, so that the coverage of a week
-- reads its 168 hours instead of every trainer's spans. A wall-clock hour of a time zone whose
-- offset is whole hours is one of these hours; other zones, longer periods and one
-- organization's trainers are counted from the spans.
--
-- Writers never wait for each other here: each statement that changes spans or trainers appends
-- its changes per hour to `availability_hour_changes`; a job folds them into
-- `availability_hour_cover` (one at a time, under an advisory lock), and a reader adds up both,
-- in one statement and so one snapshot.

CREATE TABLE availability_hour_cover (
  hour timestamptz PRIMARY KEY,
  trainers integer NOT NULL
);

CREATE TABLE availability_hour_changes (
  hour timestamptz NOT NULL,
  trainers integer NOT NULL
);
CREATE INDEX availability_hour_changes_hour_idx ON availability_hour_changes (hour);

-- The whole UTC hours a span holds: each hour h with lower(span) <= h and h + 1 hour <= upper.
CREATE FUNCTION atrium_span_hours(span tstzrange) RETURNS SETOF timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT generate_series(
    date_trunc('hour', (lower(span) AT TIME ZONE 'UTC') + interval '1 hour' - interval '1 microsecond')
      AT TIME ZONE 'UTC',
    upper(span) - interval '1 hour',
    interval '1 hour')
$$;

-- Changes of one trainer's spans and of their being a trainer wait for each other (a lock per
-- account, taken in account order), so that a span counts exactly while its account is a trainer.
CREATE FUNCTION atrium_availability_lock_accounts(p_uids integer[]) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(1098280034, u)  -- 'Avlb'
    FROM (SELECT DISTINCT u FROM unnest(p_uids) u ORDER BY u) locks
$$;

-- Spans added or removed: their hours count up or down when their account is a trainer.
CREATE FUNCTION atrium_availability_cover_spans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM atrium_availability_lock_accounts(ARRAY(SELECT uid FROM added));
    INSERT INTO availability_hour_changes (hour, trainers)
    SELECT h, count(*) FROM added a CROSS JOIN LATERAL atrium_span_hours(a.span) h
     WHERE EXISTS (SELECT 1 FROM availability_trainers t WHERE t.uid = a.uid)
     GROUP BY h;
  ELSE
    PERFORM atrium_availability_lock_accounts(ARRAY(SELECT uid FROM removed));
    INSERT INTO availability_hour_changes (hour, trainers)
    SELECT h, -count(*) FROM removed r CROSS JOIN LATERAL atrium_span_hours(r.span) h
     WHERE EXISTS (SELECT 1 FROM availability_trainers t WHERE t.uid = r.uid)
     GROUP BY h;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER availability_spans_cover_insert
  AFTER INSERT ON availability_spans REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_cover_spans();
CREATE TRIGGER availability_spans_cover_delete
  AFTER DELETE ON availability_spans REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_cover_spans();

-- Accounts becoming trainers, or no longer trainers: their spans' hours count up or down.
CREATE FUNCTION atrium_availability_cover_trainers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM atrium_availability_lock_accounts(ARRAY(SELECT uid FROM added));
    INSERT INTO availability_hour_changes (hour, trainers)
    SELECT h, count(*) FROM added a
      JOIN availability_spans s ON s.uid = a.uid
     CROSS JOIN LATERAL atrium_span_hours(s.span) h
     GROUP BY h;
  ELSE
    PERFORM atrium_availability_lock_accounts(ARRAY(SELECT uid FROM removed));
    INSERT INTO availability_hour_changes (hour, trainers)
    SELECT h, -count(*) FROM removed r
      JOIN availability_spans s ON s.uid = r.uid
     CROSS JOIN LATERAL atrium_span_hours(s.span) h
     GROUP BY h;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER availability_trainers_cover_insert
  AFTER INSERT ON availability_trainers REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_cover_trainers();
CREATE TRIGGER availability_trainers_cover_delete
  AFTER DELETE ON availability_trainers REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_availability_cover_trainers();

-- Folds the changes into the counts (the job; one process at a time, others return at once)
-- and drops the hours nobody covers any more (those that left the horizon among them). Returns
-- how many hours it changed.
CREATE FUNCTION atrium_availability_cover_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(1635148593) THEN  -- 'avc1'
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM availability_hour_changes RETURNING hour, trainers
  )
  INSERT INTO availability_hour_cover AS c (hour, trainers)
  SELECT hour, sum(trainers)::int FROM moved GROUP BY hour ORDER BY hour
  ON CONFLICT (hour) DO UPDATE SET trainers = c.trainers + EXCLUDED.trainers;
  GET DIAGNOSTICS folded = ROW_COUNT;
  IF folded > 0 THEN
    DELETE FROM availability_hour_cover WHERE trainers = 0;
  END IF;
  RETURN folded;
END $$;

-- Counts every hour again from the spans: for this migration and for bulk loads that write
-- spans with triggers off. Not for a live site (concurrent changes would be counted twice).
CREATE FUNCTION atrium_availability_cover_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM availability_hour_changes;
  DELETE FROM availability_hour_cover;
  INSERT INTO availability_hour_cover (hour, trainers)
  SELECT h, count(*)::int FROM availability_spans s
    JOIN availability_trainers t ON t.uid = s.uid
   CROSS JOIN LATERAL atrium_span_hours(s.span) h
   GROUP BY h;
$$;

SELECT atrium_availability_cover_rebuild();
