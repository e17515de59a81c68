-- The course administrators' overview shows each trainer's available time labelled by where it
-- comes from (weekly hours, a date's override, extra hours). Those labelled intervals are kept
-- beside the merged spans of migration 0024, over the same horizon and by the same writes, so
-- the overview reads a page of trainers' intervals from an index instead of expanding their
-- weekly hours, overrides and entries on every request.
--
-- The labels follow src/server/lib/availability-expand.ts: weekly and override hours are each
-- merged among themselves, extra hours keep only what they add beyond those, and time off is
-- taken away from all three. The three sets never overlap, so a trainer's intervals are
-- disjoint (one may touch the next), and together they are the trainer's merged spans.

-- The available time of one trainer in [p_from, p_to) by source: the arithmetic of
-- atrium_availability_expand (migration 0024), with each piece keeping its source. In PL/pgSQL,
-- so that a query calling it is not planned with the whole expansion inlined, and its own plan
-- is kept for the session.
CREATE FUNCTION atrium_availability_labelled(p_uid integer, p_tz text, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (source text, span tstzrange) LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH days AS (
    SELECT day,
           ((day - interval '14 hours') AT TIME ZONE 'UTC' AT TIME ZONE p_tz) - (day - interval '14 hours') AS before,
           ((day + interval '38 hours') AT TIME ZONE 'UTC' AT TIME ZONE p_tz) - (day + interval '38 hours') AS after
      FROM generate_series(((p_from AT TIME ZONE 'UTC')::date - 1)::timestamp,
                           ((p_to AT TIME ZONE 'UTC')::date + 1)::timestamp, interval '1 day') AS day
  ), hours AS (
    SELECT 'weekly' AS source, d.day, d.before, d.after,
           w.start_minute * interval '1 minute' AS from_clock, w.end_minute * interval '1 minute' AS to_clock
      FROM days d JOIN availability_weekly w ON w.uid = p_uid AND w.weekday = extract(dow FROM d.day)
     WHERE NOT EXISTS (SELECT 1 FROM availability_overrides o WHERE o.uid = p_uid AND o.day = d.day::date)
    UNION ALL
    SELECT 'override', d.day, d.before, d.after, (h ->> 'start')::interval, (h ->> 'end')::interval
      FROM days d
      JOIN availability_overrides o ON o.uid = p_uid AND o.day = d.day::date
     CROSS JOIN jsonb_array_elements(o.intervals) AS h
  ), pieces AS (
    SELECT source,
           CASE WHEN before = after THEN (day + from_clock - before) AT TIME ZONE 'UTC'
                ELSE atrium_wall_clock(day + from_clock, p_tz) END AS starts_at,
           CASE WHEN before = after THEN (day + to_clock - before) AT TIME ZONE 'UTC'
                ELSE atrium_wall_clock(day + to_clock, p_tz) END AS ends_at
      FROM hours
    UNION ALL
    SELECT 'extra', starts_at, ends_at FROM availability_entries
     WHERE uid = p_uid AND kind = 'extra' AND starts_at < p_to AND ends_at > p_from
  ), sets AS (
    SELECT coalesce(range_agg(tstzrange(starts_at, ends_at))
                      FILTER (WHERE source = 'weekly' AND ends_at > starts_at), '{}') AS weekly,
           coalesce(range_agg(tstzrange(starts_at, ends_at))
                      FILTER (WHERE source = 'override' AND ends_at > starts_at), '{}') AS override,
           coalesce(range_agg(tstzrange(starts_at, ends_at))
                      FILTER (WHERE source = 'extra' AND ends_at > starts_at), '{}') AS extra,
           coalesce((SELECT range_agg(tstzrange(starts_at, ends_at)) FROM availability_entries
                      WHERE uid = p_uid AND kind = 'time_off' AND starts_at < p_to AND ends_at > p_from),
                    '{}') AS time_off,
           tstzmultirange(tstzrange(p_from, p_to)) AS wanted
      FROM pieces
  )
  SELECT x.source, x.span
    FROM sets CROSS JOIN LATERAL (
      SELECT 'weekly', unnest((weekly - time_off) * wanted)
      UNION ALL
      SELECT 'override', unnest((override - time_off) * wanted)
      UNION ALL
      SELECT 'extra', unnest((extra - weekly - override - time_off) * wanted)
    ) AS x (source, span);
END $$;

-- Each trainer's labelled intervals in the horizon of migration 0024.
CREATE TABLE availability_intervals (
  uid integer NOT NULL,
  source text NOT NULL,
  span tstzrange NOT NULL
);

-- A trainer's labelled intervals and merged spans from `p_from` (their whole horizon when null)
-- to the horizon's end, as in migration 0024: the merged spans are the labelled intervals
-- joined. A span that reaches `p_from` is recomputed from its start; the labelled intervals
-- lie inside the spans, so none of them is cut there either.
CREATE OR REPLACE FUNCTION atrium_availability_refresh(p_uid integer, p_from timestamptz DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  horizon record;
  v_from timestamptz;
BEGIN
  SELECT starts, ends INTO horizon FROM availability_span_horizon;
  IF p_from IS NULL OR p_from <= horizon.starts THEN
    DELETE FROM availability_spans WHERE uid = p_uid;
    DELETE FROM availability_intervals WHERE uid = p_uid;
    v_from := horizon.starts;
  ELSE
    SELECT least(p_from, min(lower(span))) INTO v_from
      FROM availability_spans WHERE uid = p_uid AND upper(span) >= p_from;
    DELETE FROM availability_spans WHERE uid = p_uid AND upper(span) >= v_from;
    DELETE FROM availability_intervals WHERE uid = p_uid AND upper(span) >= v_from;
  END IF;
  IF v_from < horizon.ends THEN
    INSERT INTO availability_intervals (uid, source, span)
    SELECT p_uid, l.source, l.span
      FROM atrium_availability_labelled(p_uid, atrium_availability_timezone(p_uid),
                                        v_from, horizon.ends) AS l;
    INSERT INTO availability_spans (uid, span)
    SELECT p_uid, unnest(range_agg(span))
      FROM availability_intervals WHERE uid = p_uid AND lower(span) >= v_from;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION atrium_availability_roll() RETURNS void LANGUAGE plpgsql AS $$
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
    DELETE FROM availability_intervals WHERE upper(span) < today - interval '7 days';
  END IF;
END $$;

CREATE OR REPLACE FUNCTION atrium_availability_refresh_marked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM availability_spans_stale WHERE uid = NEW.uid;
  IF EXISTS (SELECT 1 FROM users WHERE uid = NEW.uid) THEN
    PERFORM atrium_availability_refresh(NEW.uid);
  ELSE
    DELETE FROM availability_spans WHERE uid = NEW.uid;
    DELETE FROM availability_intervals WHERE uid = NEW.uid;
  END IF;
  RETURN NULL;
END $$;

-- The labelled intervals of the availability there is already, then their index.
INSERT INTO availability_intervals (uid, source, span)
SELECT t.uid, l.source, l.span
  FROM (SELECT uid FROM availability_profiles
        UNION SELECT uid FROM availability_weekly
        UNION SELECT uid FROM availability_overrides
        UNION SELECT uid FROM availability_entries) t
 CROSS JOIN availability_span_horizon h
 CROSS JOIN LATERAL atrium_availability_labelled(t.uid, atrium_availability_timezone(t.uid),
                                                 h.starts, h.ends) AS l
 WHERE EXISTS (SELECT 1 FROM users u WHERE u.uid = t.uid);
-- One trainer's intervals by start: those in a range, and the one before it that may reach
-- into it (they are disjoint, so only one can); also their refresh.
CREATE INDEX availability_intervals_uid_idx ON availability_intervals (uid, lower(span));
