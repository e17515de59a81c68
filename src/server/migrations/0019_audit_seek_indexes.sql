-- The audit log pages by cursor in its order (newest first: created_at, id), and its filters
-- read only what they show: by actor through an index ending in that order, by area (the first
-- part of an action name, what the log's "Area" filter chooses) through one as well.
ALTER TABLE audit_log ADD COLUMN area text GENERATED ALWAYS AS (split_part(action, '.', 1)) STORED;
CREATE INDEX audit_log_area_seek_idx ON audit_log (area, created_at DESC, id DESC);
CREATE INDEX audit_log_actor_seek_idx ON audit_log (actor_uid, created_at DESC, id DESC);
DROP INDEX audit_log_actor_idx;
DROP INDEX audit_log_action_idx;
