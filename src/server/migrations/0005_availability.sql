-- Trainer availability: settings per trainer, weekly hours and date overrides in the
-- trainer's time zone, and one-off entries (extra hours, time off) as instants.
CREATE TABLE availability_profiles (
  uid integer PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  timezone text NOT NULL,
  locked_by integer REFERENCES users (uid) ON DELETE SET NULL,
  locked_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE availability_weekly (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  start_minute smallint NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute smallint NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
  CHECK (start_minute < end_minute)
);
CREATE INDEX availability_weekly_uid_idx ON availability_weekly (uid, weekday, start_minute);

CREATE TABLE availability_overrides (
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  day date NOT NULL,
  -- [{ "start": "09:00", "end": "12:00" }, …]; empty: unavailable all day
  intervals jsonb NOT NULL DEFAULT '[]'::jsonb,
  reason text NOT NULL DEFAULT '',
  PRIMARY KEY (uid, day)
);

CREATE TABLE availability_entries (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('extra', 'time_off')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  reason text NOT NULL DEFAULT '',
  created_by integer REFERENCES users (uid) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at < ends_at)
);
CREATE INDEX availability_entries_range_idx ON availability_entries (uid, starts_at, ends_at);
