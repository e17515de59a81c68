-- Trainings, their videos, tags and organizations; learners' subscriptions and watched videos.

-- The text search configuration of a training language: english for en, arabic for ar when the
-- server has it, simple otherwise. Looked up by name so the same SQL runs where a configuration
-- is missing.
CREATE FUNCTION training_ts_config(lang text) RETURNS regconfig
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT c.oid::regconfig FROM pg_catalog.pg_ts_config c
      WHERE c.cfgnamespace = 'pg_catalog'::regnamespace
        AND c.cfgname = CASE lang WHEN 'en' THEN 'english' WHEN 'ar' THEN 'arabic' END),
    'simple'::regconfig)
$$;

CREATE TABLE trainings (
  id serial PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  summary text NOT NULL DEFAULT '',
  -- Sanitized HTML, and its plain text for search and snippets.
  body text NOT NULL DEFAULT '',
  body_text text NOT NULL DEFAULT '',
  image_url text NOT NULL DEFAULT '',
  image_alt text NOT NULL DEFAULT '',
  language text NOT NULL REFERENCES languages (langcode),
  free boolean NOT NULL DEFAULT true,
  price numeric(10, 2) CHECK (price IS NULL OR price >= 0),
  duration_minutes integer NOT NULL DEFAULT 0 CHECK (duration_minutes >= 0),
  published boolean NOT NULL DEFAULT true,
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now(),
  -- Filled by the repository after every write: title (A), tag names and summary (B), body (C).
  search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  CHECK (free = (price IS NULL)),
  CHECK (updated >= created)
);
CREATE INDEX trainings_search_idx ON trainings USING gin (search_vector);
CREATE INDEX trainings_created_idx ON trainings (created DESC, id);
CREATE INDEX trainings_language_idx ON trainings (language);

CREATE TABLE training_terms (
  training_id integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
  tid integer NOT NULL REFERENCES taxonomy_terms (tid) ON DELETE CASCADE,
  PRIMARY KEY (training_id, tid)
);
CREATE INDEX training_terms_tid_idx ON training_terms (tid, training_id);

CREATE TABLE training_organizations (
  training_id integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  PRIMARY KEY (training_id, organization_id)
);
CREATE INDEX training_organizations_org_idx ON training_organizations (organization_id, training_id);

CREATE TABLE training_videos (
  id serial PRIMARY KEY,
  training_id integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  duration_seconds integer NOT NULL DEFAULT 0 CHECK (duration_seconds >= 0),
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  UNIQUE (training_id, position)
);

-- A learner's enrolment; completed_at is set once, when every video has been watched.
CREATE TABLE subscriptions (
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  training_id integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
  subscribed_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, training_id),
  CHECK (completed_at IS NULL OR completed_at >= subscribed_at),
  CHECK (last_activity_at >= subscribed_at)
);
CREATE INDEX subscriptions_activity_idx ON subscriptions (uid, last_activity_at DESC);
CREATE INDEX subscriptions_training_idx ON subscriptions (training_id);

CREATE TABLE watched_videos (
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  video_id integer NOT NULL REFERENCES training_videos (id) ON DELETE CASCADE,
  watched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, video_id)
);
CREATE INDEX watched_videos_video_idx ON watched_videos (video_id);
