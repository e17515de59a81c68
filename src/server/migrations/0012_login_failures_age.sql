-- The hourly clean-up deletes failed logins past their window by age alone, across every key.
CREATE INDEX login_failures_created_idx ON login_failures (created_at);
