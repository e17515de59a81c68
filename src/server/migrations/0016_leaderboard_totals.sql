-- What each user earned per leaderboard period, kept by the database as points are earned, so a
-- leaderboard reads the top of an index instead of summing the ledger on every request. Periods
-- are the calendar week (from Monday) and month in the site's time zone, and all time; earnings
-- are awards and positive adjustments (refunds give back what was spent, spending and expiry
-- lower no one's earnings). `listed` copies whether the user is on leaderboards at all (not
-- opted out, not blocked), so ranking needs no join to filter them.
CREATE TABLE leaderboard_totals (
  period text NOT NULL CHECK (period IN ('week', 'month', 'all')),
  -- The first day of the period; all time starts on 1970-01-01.
  starts date NOT NULL,
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  points integer NOT NULL CHECK (points >= 0),
  listed boolean NOT NULL,
  PRIMARY KEY (period, starts, uid)
);
-- The board of a period in rank order, and "how many are ahead of me": one range of this index.
CREATE INDEX leaderboard_totals_rank_idx
  ON leaderboard_totals (period, starts, points DESC, uid) WHERE listed;
-- A user's rows, for opting out or being blocked.
CREATE INDEX leaderboard_totals_uid_idx ON leaderboard_totals (uid);

-- The site's time zone (regional settings), or UTC when it has none the database knows.
CREATE FUNCTION atrium_site_zone() RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  zone text;
BEGIN
  SELECT nullif(value ->> 'default_timezone', '') INTO zone FROM settings WHERE key = 'regional';
  IF zone IS NULL THEN
    RETURN 'UTC';
  END IF;
  PERFORM now() AT TIME ZONE zone;
  RETURN zone;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN 'UTC';
END $$;

-- The first day of the period an instant falls in, in a time zone.
CREATE FUNCTION atrium_period_start(period text, at timestamptz, zone text) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN period = 'all' THEN DATE '1970-01-01'
              ELSE date_trunc(period, at AT TIME ZONE zone)::date END
$$;

-- Adds the earnings of the ledger rows one statement inserted: set-based, one upsert per
-- statement, whether it inserted one row or a million.
CREATE FUNCTION atrium_count_earnings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := atrium_site_zone();
BEGIN
  INSERT INTO leaderboard_totals AS t (period, starts, uid, points, listed)
  SELECT p.period, atrium_period_start(p.period, a.created_at, zone), a.uid, sum(a.delta),
         bool_and(NOT u.leaderboard_opt_out AND NOT u.blocked)
    FROM added a
    JOIN users u ON u.uid = a.uid
   CROSS JOIN (VALUES ('week'), ('month'), ('all')) AS p (period)
   WHERE a.delta > 0 AND a.kind IN ('award', 'adjust')
   GROUP BY 1, 2, 3
  ON CONFLICT (period, starts, uid) DO UPDATE SET points = t.points + EXCLUDED.points;
  RETURN NULL;
END $$;

CREATE TRIGGER points_ledger_earnings
  AFTER INSERT ON points_ledger REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_count_earnings();

-- A user who opts out, is blocked or comes back leaves or rejoins every board at once.
CREATE FUNCTION atrium_leaderboard_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leaderboard_totals SET listed = NOT NEW.leaderboard_opt_out AND NOT NEW.blocked
   WHERE uid = NEW.uid;
  RETURN NULL;
END $$;

CREATE TRIGGER users_leaderboard_listed
  AFTER UPDATE OF leaderboard_opt_out, blocked ON users
  FOR EACH ROW
  WHEN (OLD.leaderboard_opt_out IS DISTINCT FROM NEW.leaderboard_opt_out
        OR OLD.blocked IS DISTINCT FROM NEW.blocked)
  EXECUTE FUNCTION atrium_leaderboard_listed();

-- What was earned before this migration.
INSERT INTO leaderboard_totals (period, starts, uid, points, listed)
SELECT p.period, atrium_period_start(p.period, a.created_at, atrium_site_zone()), a.uid,
       sum(a.delta), bool_and(NOT u.leaderboard_opt_out AND NOT u.blocked)
  FROM points_ledger a
  JOIN users u ON u.uid = a.uid
 CROSS JOIN (VALUES ('week'), ('month'), ('all')) AS p (period)
 WHERE a.delta > 0 AND a.kind IN ('award', 'adjust')
 GROUP BY 1, 2, 3;
