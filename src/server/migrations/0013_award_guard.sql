-- The earning rules' cheat guard: awards held back by its limits, and the viewing time a video
-- needs before it counts as watched.

-- A held-back award is kept like a paid one, with 0 points, so that its event never pays later
-- and is listed once. The guard and the rules count paid awards only, by person and time (the
-- limits over a rolling time frame) and by person, rule and time (cooldown, cap and the least
-- time between two awards of a rule): both indexes leave the held ones out.
ALTER TABLE incentive_awards DROP CONSTRAINT IF EXISTS incentive_awards_points_check;
ALTER TABLE incentive_awards ADD CONSTRAINT incentive_awards_points_check CHECK (points >= 0);
DROP INDEX IF EXISTS incentive_awards_rule_idx;
CREATE INDEX incentive_awards_rule_idx ON incentive_awards (uid, rule, created_at)
  WHERE points > 0;
CREATE INDEX incentive_awards_recent_idx ON incentive_awards (uid, created_at) INCLUDE (points)
  WHERE points > 0;

-- The ledger lists a held-back award as a `held` row of 0 points with the reason; every other
-- row still moves points.
ALTER TABLE points_ledger DROP CONSTRAINT IF EXISTS points_ledger_kind_check;
ALTER TABLE points_ledger DROP CONSTRAINT IF EXISTS points_ledger_delta_check;
ALTER TABLE points_ledger
  ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('award', 'redeem', 'expire', 'adjust', 'refund', 'held')),
  ADD CONSTRAINT points_ledger_delta_check CHECK ((delta = 0) = (kind = 'held')),
  ADD COLUMN reason text CHECK (reason IS NULL OR kind = 'held');
-- The transactions list filtered to held-back awards, newest first, without reading the rest.
CREATE INDEX points_ledger_held_idx ON points_ledger (created_at DESC, id DESC)
  WHERE kind = 'held';

-- When a learner first opened a video (the server's clock, not the browser's).
CREATE TABLE video_opens (
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  video_id integer NOT NULL REFERENCES training_videos (id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, video_id)
);
CREATE INDEX video_opens_video_idx ON video_opens (video_id);

-- Up to when a learner's time has been counted as viewing of the videos they marked watched.
-- A video's viewing time starts at its opening or where the last one's ended, whichever is
-- later, so videos opened together cannot be counted as seen together.
CREATE TABLE viewing_clocks (
  uid integer PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  watched_until timestamptz NOT NULL
);
