-- Each user's current run of days on which they signed in, for earning rules on sign-in streaks
-- (the `days_in_a_row` and `streak_start` facts of the `signed_in` event). One row per user,
-- kept up to date by every sign-in in one statement (INSERT … ON CONFLICT DO UPDATE), so no
-- request ever counts a run by reading a history of sign-ins. Days are calendar days in the
-- user's time zone (their own, else the site's, else UTC), as the server works them out.
CREATE TABLE login_streaks (
  uid integer PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  last_day date NOT NULL,
  streak_start date NOT NULL,
  days_in_a_row integer NOT NULL CHECK (days_in_a_row >= 1),
  CHECK (streak_start <= last_day)
);
-- Its index is the primary key's (a unique B-tree on uid): the one row a sign-in reads and
-- writes. No query reads runs by anything else, so no other index is paid for on every sign-in.
