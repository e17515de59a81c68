-- Site administration: an audit log of every administrative change, and masquerading.

-- actor_uid is the person who made the change (the real administrator while masquerading);
-- as_uid is the user they were acting as, if any. details holds what changed (old/new values of
-- the changed fields, never passwords).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_uid integer REFERENCES users (uid) ON DELETE SET NULL,
  as_uid integer REFERENCES users (uid) ON DELETE SET NULL,
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  target text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_uid, created_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action text_pattern_ops);

-- Masquerading: the session acts as `uid`; `real_uid` is the administrator behind it.
ALTER TABLE sessions ADD COLUMN real_uid integer REFERENCES users (uid) ON DELETE CASCADE;
CREATE INDEX sessions_real_uid_idx ON sessions (real_uid);
