-- Trainers' availability as concrete spans of time, kept up to date with every write, so that
-- "who is available for the whole of a time" is one lookup in a GiST index instead of expanding
-- every trainer's weekly hours, overrides and entries per request.
--
-- The expansion here is the same arithmetic as src/server/lib/availability-expand.ts: for each
-- local date in the trainer's time zone, the date's override replaces its weekly hours; extra
-- entries are added; time off is taken away; spans that overlap or touch are merged.

-- The instant of a wall-clock time in a time zone, exactly as the calendar computes it
-- (date-fns-tz `fromZonedTime`): the offset at the time read as UTC, corrected once; a time the
-- clocks skip takes the larger offset of the two around it, and a time they pass twice the one
-- that correction lands on. Only called for dates on which the zone's offset changes.
CREATE FUNCTION atrium_wall_clock(local timestamp, tz text) RETURNS timestamptz
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  t timestamptz := local AT TIME ZONE 'UTC';
  o1 interval := (t AT TIME ZONE tz) - local;
  g timestamptz := t - o1;
  o2 interval := (g AT TIME ZONE tz) - (g AT TIME ZONE 'UTC');
  o3 interval;
BEGIN
  IF o2 = o1 THEN
    RETURN t - o1;
  END IF;
  g := g - (o2 - o1);
  o3 := (g AT TIME ZONE tz) - (g AT TIME ZONE 'UTC');
  IF o3 = o2 THEN
    RETURN t - o2;
  END IF;
  RETURN t - greatest(o2, o3);
END $$;

-- The available time of one trainer in [p_from, p_to): weekly hours and overrides on every local
-- date in the time zone `p_tz` that touches the range, plus extra entries, minus time off.
-- Dates on which the zone keeps one offset from 14 hours before to 14 hours after them (every
-- date but those of a daylight-saving change) are converted with plain arithmetic.
CREATE FUNCTION atrium_availability_expand(p_uid integer, p_tz text, p_from timestamptz, p_to timestamptz)
RETURNS tstzmultirange LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH days AS (
    SELECT day,
           ((day - interval '14 hours') AT TIME ZONE 'UTC' AT TIME ZONE p_tz) - (day - interval '14 hours') AS before,
           ((day + interval '38 hours') AT TIME ZONE 'UTC' AT TIME ZONE p_tz) - (day + interval '38 hours') AS after
      FROM generate_series(((p_from AT TIME ZONE 'UTC')::date - 1)::timestamp,
                           ((p_to AT TIME ZONE 'UTC')::date + 1)::timestamp, interval '1 day') AS day
  ), hours AS (
    SELECT d.day, d.before, d.after,
           w.start_minute * interval '1 minute' AS from_clock, w.end_minute * interval '1 minute' AS to_clock
      FROM days d JOIN availability_weekly w ON w.uid = p_uid AND w.weekday = extract(dow FROM d.day)
     WHERE NOT EXISTS (SELECT 1 FROM availability_overrides o WHERE o.uid = p_uid AND o.day = d.day::date)
    UNION ALL
    SELECT d.day, d.before, d.after, (h ->> 'start')::interval, (h ->> 'end')::interval
      FROM days d
      JOIN availability_overrides o ON o.uid = p_uid AND o.day = d.day::date
     CROSS JOIN jsonb_array_elements(o.intervals) AS h
  ), pieces AS (
    SELECT CASE WHEN before = after THEN (day + from_clock - before) AT TIME ZONE 'UTC'
                ELSE atrium_wall_clock(day + from_clock, p_tz) END AS starts_at,
           CASE WHEN before = after THEN (day + to_clock - before) AT TIME ZONE 'UTC'
                ELSE atrium_wall_clock(day + to_clock, p_tz) END AS ends_at
      FROM hours
    UNION ALL
    SELECT starts_at, ends_at FROM availability_entries
     WHERE uid = p_uid AND kind = 'extra' AND starts_at < p_to AND ends_at > p_from
  )
  SELECT (coalesce(range_agg(tstzrange(starts_at, ends_at)) FILTER (WHERE ends_at > starts_at), '{}')
          - coalesce((SELECT range_agg(tstzrange(starts_at, ends_at)) FROM availability_entries
                       WHERE uid = p_uid AND kind = 'time_off' AND starts_at < p_to AND ends_at > p_from), '{}'))
         * tstzmultirange(tstzrange(p_from, p_to))
    FROM pieces
$$;

-- A trainer's time zone, as the availability pages read it: their availability's, else their
-- own, else the site's.
CREATE FUNCTION atrium_availability_timezone(p_uid integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT timezone FROM availability_profiles WHERE uid = p_uid),
    (SELECT timezone FROM users WHERE uid = p_uid),
    (SELECT value ->> 'default_timezone' FROM settings WHERE key = 'regional'),
    'UTC')
$$;

-- The stretch of time the spans are kept for (a week back, four months ahead: where cover is
-- looked for); the hourly job moves it along. Ranges outside it are expanded on request.
CREATE TABLE availability_span_horizon (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  starts timestamptz NOT NULL,
  ends timestamptz NOT NULL
);
INSERT INTO availability_span_horizon (starts, ends)
SELECT today - interval '7 days', today + interval '120 days'
  FROM (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS today) t;

-- Each trainer's available time in the horizon as disjoint spans: overlapping or touching time
-- is one span, so "available for the whole of a range" is "one span contains it".
-- (No foreign key: the spans of a deleted user go with their availability, see below.)
CREATE TABLE availability_spans (
  uid integer NOT NULL,
  span tstzrange NOT NULL
);

-- Recomputes a trainer's spans from `p_from` (their whole horizon when null) to the horizon's
-- end. A span that reaches `p_from` is recomputed from its start, so spans stay merged.
CREATE FUNCTION atrium_availability_refresh(p_uid integer, p_from timestamptz DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  horizon record;
  v_from timestamptz;
BEGIN
  SELECT starts, ends INTO horizon FROM availability_span_horizon;
  IF p_from IS NULL OR p_from <= horizon.starts THEN
    DELETE FROM availability_spans WHERE uid = p_uid;
    v_from := horizon.starts;
  ELSE
    SELECT least(p_from, min(lower(span))) INTO v_from
      FROM availability_spans WHERE uid = p_uid AND upper(span) >= p_from;
    DELETE FROM availability_spans WHERE uid = p_uid AND upper(span) >= v_from;
  END IF;
  IF v_from < horizon.ends THEN
    INSERT INTO availability_spans (uid, span)
    SELECT p_uid, s
      FROM unnest(atrium_availability_expand(p_uid, atrium_availability_timezone(p_uid),
                                             v_from, horizon.ends)) AS s;
  END IF;
END $$;

-- Moves the horizon to today: spans of the new days are added (for every trainer with any
-- availability), spans that ended before its new start are dropped.
CREATE FUNCTION atrium_availability_roll() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  horizon record;
BEGIN
  SELECT starts, ends INTO horizon FROM availability_span_horizon FOR UPDATE;
  IF horizon.ends < today + interval '120 days' THEN
    UPDATE availability_span_horizon SET ends = today + interval '120 days';
    PERFORM atrium_availability_refresh(t.uid, horizon.ends - interval '1 day')
       FROM (SELECT uid FROM availability_profiles
             UNION SELECT uid FROM availability_weekly
             UNION SELECT uid FROM availability_overrides
             UNION SELECT uid FROM availability_entries) t
      WHERE EXISTS (SELECT 1 FROM users u WHERE u.uid = t.uid);
  END IF;
  IF horizon.starts < today - interval '7 days' THEN
    UPDATE availability_span_horizon SET starts = today - interval '7 days';
    DELETE FROM availability_spans WHERE upper(span) < today - interval '7 days';
  END IF;
END $$;

-- Every write to a trainer's weekly hours, overrides, entries or time zone marks the trainer;
-- the marked trainers' spans are recomputed once each when the transaction commits.
CREATE TABLE availability_spans_stale (uid integer PRIMARY KEY);

CREATE FUNCTION atrium_availability_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO availability_spans_stale (uid) VALUES (OLD.uid) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO availability_spans_stale (uid) VALUES (NEW.uid) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER availability_weekly_mark AFTER INSERT OR UPDATE OR DELETE ON availability_weekly
  FOR EACH ROW EXECUTE FUNCTION atrium_availability_mark();
CREATE TRIGGER availability_overrides_mark AFTER INSERT OR UPDATE OR DELETE ON availability_overrides
  FOR EACH ROW EXECUTE FUNCTION atrium_availability_mark();
CREATE TRIGGER availability_entries_mark AFTER INSERT OR UPDATE OR DELETE ON availability_entries
  FOR EACH ROW EXECUTE FUNCTION atrium_availability_mark();
CREATE TRIGGER availability_profiles_mark AFTER INSERT OR UPDATE OF timezone ON availability_profiles
  FOR EACH ROW EXECUTE FUNCTION atrium_availability_mark();
-- A trainer without a time zone for their availability follows their own.
CREATE TRIGGER users_availability_mark AFTER UPDATE OF timezone ON users
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION atrium_availability_mark();

CREATE FUNCTION atrium_availability_refresh_marked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM availability_spans_stale WHERE uid = NEW.uid;
  IF EXISTS (SELECT 1 FROM users WHERE uid = NEW.uid) THEN
    PERFORM atrium_availability_refresh(NEW.uid);
  ELSE
    DELETE FROM availability_spans WHERE uid = NEW.uid;
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER availability_spans_stale_refresh AFTER INSERT ON availability_spans_stale
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION atrium_availability_refresh_marked();

-- The spans of the availability there is already, then their indexes (faster built at once).
INSERT INTO availability_spans (uid, span)
SELECT t.uid, unnest(atrium_availability_expand(t.uid, atrium_availability_timezone(t.uid), h.starts, h.ends))
  FROM (SELECT uid FROM availability_profiles
        UNION SELECT uid FROM availability_weekly
        UNION SELECT uid FROM availability_overrides
        UNION SELECT uid FROM availability_entries) t
 CROSS JOIN availability_span_horizon h
 WHERE EXISTS (SELECT 1 FROM users u WHERE u.uid = t.uid);
-- "Who is available for the whole of a range": the spans that contain it.
CREATE INDEX availability_spans_span_idx ON availability_spans USING gist (span) INCLUDE (uid);
-- One trainer's spans, for their refresh.
CREATE INDEX availability_spans_uid_idx ON availability_spans (uid, upper(span));
